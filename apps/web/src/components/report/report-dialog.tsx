import {
  countPlainText,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  MODERATION_SCREEN_TEXTS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
} from '@campus/contract';
import { CircleCheck, Info } from 'lucide-react';
import { type FormEvent, type RefObject, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { DialogClose, DialogCloseButton, DialogDescription, DialogShell, DialogTitle } from '@/components/ui/modal.tsx';
import { useReturnFocus } from '@/components/ui/return-focus.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useReport } from './api.ts';
import styles from './report.module.css';

export interface ReportDialogProps {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's heading: 'Report {name}' for a member (docs/product/profiles.md#profile-menu), else the contract's by type. */
  title?: string;
  /**
   * What to say once stored, when the server's own message is not the one to show (a user's
   * report keeps the spec's 'User Reported. Thanks for letting us know.').
   */
  doneMessage?: string;
  /** Where the focus goes back to: the control that opened the dialog (a menu's trigger, once its menu is gone). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

const LOAD_FAILED = 'Something went wrong';

type Outcome = { kind: 'reported' | 'already'; message: string };

/**
 * Report anything (docs/product/moderation.md#reporting): a reason from the contract's short list and
 * an optional note for the moderators. A centred card on wide screens, a sheet from the bottom
 * edge on phones; the reasons are a radio group (arrow keys), Escape closes, the focus is trapped
 * inside and goes back to what opened it. A second report of the same thing says it was already
 * reported; a refusal is shown under the form and keeps what was written.
 */
export function ReportDialog({ target, open, onOpenChange, title, doneMessage, returnFocusTo }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const report = useReport();
  const returnFocus = useReturnFocus(returnFocusTo);
  const descriptionId = useId();
  const noteId = useId();
  const errorId = useId();
  const count = countPlainText(note.trim());
  const over = count > MODERATION_LIMITS.noteMax;

  // A dialog opened again starts afresh.
  useEffect(() => {
    if (!open) return;
    setReason('');
    setNote('');
    setError(null);
    setOutcome(null);
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (report.isPending) return;
    if (!reason) return setError(MODERATION_MESSAGES.reasonRequired);
    if (over) return setError(MODERATION_MESSAGES.noteTooLong);
    setError(null);
    const trimmed = note.trim();
    report.mutate(
      { target: { type: target.type, id: target.id }, reason, ...(trimmed ? { note: trimmed } : {}) },
      {
        onSuccess: (answer) =>
          // A member's report only ever confirms with the spec's words (docs/product/profiles.md#profile-menu).
          setOutcome(
            answer.alreadyReported && target.type !== 'user'
              ? { kind: 'already', message: MODERATION_SCREEN_TEXTS.alreadyReported }
              : { kind: 'reported', message: doneMessage ?? answer.message },
          ),
        // The server's words (not a member, not found, one's own): under the form, the note kept.
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : LOAD_FAILED),
      },
    );
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      layout="sheet"
      className={styles.dialog}
      described
      onCloseAutoFocus={returnFocus}
    >
      <div className={styles.header}>
        <DialogTitle className={styles.title}>{title ?? MODERATION_MESSAGES.reportTitle[target.type]}</DialogTitle>
        <DialogCloseButton />
      </div>
      {outcome ? (
        <div className={styles.outcome} role="status">
          {outcome.kind === 'reported' ? (
            <CircleCheck aria-hidden="true" size={32} className={styles.outcomeIcon} />
          ) : (
            <Info aria-hidden="true" size={32} className={styles.outcomeIconMuted} />
          )}
          <DialogDescription className={styles.outcomeText}>{outcome.message}</DialogDescription>
          <DialogClose asChild>
            <Button autoFocus block>
              {MODERATION_SCREEN_TEXTS.done}
            </Button>
          </DialogClose>
        </div>
      ) : (
        <>
          <DialogDescription id={descriptionId} className={styles.hint}>
            {MODERATION_SCREEN_TEXTS.reportHint}
          </DialogDescription>
          <form className={styles.form} onSubmit={submit} noValidate>
            <fieldset className={styles.reasons} aria-describedby={error ? errorId : undefined}>
              <legend className={styles.label}>{MODERATION_MESSAGES.reasonLabel}</legend>
              {REPORT_REASONS.map((option) => (
                <label key={option} className={styles.reason} data-checked={option === reason || undefined}>
                  <input
                    type="radio"
                    name="reason"
                    value={option}
                    checked={option === reason}
                    onChange={() => {
                      setReason(option);
                      setError(null);
                    }}
                    className={styles.radio}
                  />
                  <span className={styles.reasonName}>{REPORT_REASON_LABELS[option]}</span>
                </label>
              ))}
            </fieldset>
            <div className={styles.field}>
              <label htmlFor={noteId} className={styles.label}>
                {MODERATION_MESSAGES.noteLabel}
              </label>
              <textarea
                id={noteId}
                className={styles.textarea}
                rows={3}
                value={note}
                placeholder={MODERATION_SCREEN_TEXTS.notePlaceholder}
                aria-invalid={over || undefined}
                onChange={(event) => {
                  setNote(event.currentTarget.value);
                  setError(null);
                }}
              />
              <p className={over ? `${styles.counter} ${styles.counterOver}` : styles.counter}>
                {count} / {MODERATION_LIMITS.noteMax}
              </p>
            </div>
            {error && (
              <p id={errorId} className={styles.error} role="alert">
                {error}
              </p>
            )}
            <Button type="submit" variant="danger" block disabled={report.isPending}>
              {report.isPending ? MODERATION_SCREEN_TEXTS.sending : MODERATION_MESSAGES.send}
            </Button>
          </form>
        </>
      )}
    </DialogShell>
  );
}
