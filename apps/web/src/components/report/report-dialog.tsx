import {
  MODERATION_MESSAGES,
  MODERATION_SCREEN_TEXTS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
} from '@campus/contract';
import { CircleCheck, Info } from 'lucide-react';
import { type FormEvent, type RefObject, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { DialogClose, DialogDescription } from '@/components/ui/modal.tsx';
import { useReturnFocus } from '@/components/ui/return-focus.ts';
import { Sheet, SheetForm, SheetHint } from '@/components/ui/sheet.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useReport } from './api.ts';
import { isNoteTooLong, ReasonField } from './reason-field.tsx';
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
    if (isNoteTooLong(note)) return setError(MODERATION_MESSAGES.noteTooLong);
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
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={title ?? MODERATION_MESSAGES.reportTitle[target.type]}
      className={styles.dialog}
      onCloseAutoFocus={returnFocus}
    >
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
          <SheetHint>{MODERATION_SCREEN_TEXTS.reportHint}</SheetHint>
          <SheetForm onSubmit={submit}>
            <ReasonField
              choices={{
                legend: MODERATION_MESSAGES.reasonLabel,
                options: REPORT_REASONS,
                labels: REPORT_REASON_LABELS,
                value: reason,
                onChange: (choice) => {
                  setReason(choice);
                  setError(null);
                },
              }}
              noteLabel={MODERATION_MESSAGES.noteLabel}
              note={note}
              onNoteChange={(next) => {
                setNote(next);
                setError(null);
              }}
              placeholder={MODERATION_SCREEN_TEXTS.notePlaceholder}
              error={error}
            />
            <Button type="submit" variant="danger" block disabled={report.isPending}>
              {report.isPending ? MODERATION_SCREEN_TEXTS.sending : MODERATION_MESSAGES.send}
            </Button>
          </SheetForm>
        </>
      )}
    </Sheet>
  );
}
