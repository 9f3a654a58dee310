import {
  countPlainText,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  MODERATION_SCREEN_TEXTS,
  type ModerationAction,
  type ModerationActionBody,
  type ReportTarget,
  SUSPENSION_DAYS,
} from '@campus/contract';
import { type FormEvent, useId, useState } from 'react';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DialogCloseButton, DialogDescription, DialogShell, DialogTitle } from '@/components/ui/modal.tsx';
import { useReturnFocus } from '@/components/ui/return-focus.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useModerationAction } from '../api/act.ts';
import styles from './moderation.module.css';

const FAILED = 'Something went wrong';

type SuspensionDays = (typeof SUSPENSION_DAYS)[number];

interface ActionDialogProps {
  action: ModerationAction;
  target: ReportTarget;
  /** The person the action reaches: the content's author, or the reported member. */
  name: string;
  onClose: () => void;
}

/** The question a step asks ('Suspend Jordan Lee for 7 days?'). */
function questionOf(action: ModerationAction, name: string, days: SuspensionDays): string {
  const titles = MODERATION_SCREEN_TEXTS.confirmTitle;
  switch (action) {
    case 'warn':
      return titles.warn(name);
    case 'suspend':
      return titles.suspend(name, MODERATION_MESSAGES.suspendFor(days));
    case 'ban':
      return titles.ban(name);
    default:
      return titles[action];
  }
}

/**
 * One moderator action (docs/product/moderation.md#actions): every action asks for a reason (the
 * member reads it); a suspension also asks for how long. Suspending and banning sign a person out
 * at once, so they ask once more, showing what will happen, before anything is sent. A centred
 * card on wide screens, a sheet on phones; a refusal shows under the form and keeps the reason.
 */
export function ActionDialog({ action, target, name, onClose }: ActionDialogProps) {
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<SuspensionDays>(7);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = useModerationAction();
  const returnFocus = useReturnFocus();
  const { showAlert } = useAlert();
  const reasonId = useId();
  const errorId = useId();
  const count = countPlainText(reason.trim());
  const over = count > MODERATION_LIMITS.noteMax;
  const grave = action === 'suspend' || action === 'ban';
  const label = MODERATION_MESSAGES.actionLabels[action];
  const question = questionOf(action, name, days);

  const send = () => {
    if (act.isPending) return;
    const trimmed = reason.trim();
    const body: ModerationActionBody =
      action === 'suspend' ? { action, target, reason: trimmed, days } : { action, target, reason: trimmed };
    act.mutate(body, {
      onSuccess: (answer) => {
        showAlert(answer.message, { type: 'success' });
        onClose();
      },
      onError: (failure) => {
        setConfirming(false);
        setError(failure instanceof ApiError ? failure.message : FAILED);
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(MODERATION_MESSAGES.actionReasonRequired);
    if (over) return setError(MODERATION_MESSAGES.noteTooLong);
    setError(null);
    if (grave) setConfirming(true);
    else send();
  };

  return (
    <DialogShell
      open
      onOpenChange={(open) => {
        if (!open && !act.isPending) onClose();
      }}
      layout="sheet"
      role={confirming ? 'alertdialog' : 'dialog'}
      className={styles.dialog}
      described
      onCloseAutoFocus={returnFocus}
    >
      <div className={styles.dialogHeader}>
        <DialogTitle className={styles.dialogTitle}>{question}</DialogTitle>
        <DialogCloseButton />
      </div>
      <DialogDescription className={styles.dialogHint}>
        {action === 'restore' && target.type === 'user'
          ? MODERATION_SCREEN_TEXTS.confirmBody.restoreMember
          : MODERATION_SCREEN_TEXTS.confirmBody[action]}
      </DialogDescription>
      {confirming ? (
        <div className={styles.form}>
          <p className={styles.confirmReason}>{MODERATION_MESSAGES.suspendedReason(reason.trim())}</p>
          <div className={styles.dialogActions}>
            <Button variant="danger" block autoFocus disabled={act.isPending} onClick={send}>
              {act.isPending ? MODERATION_SCREEN_TEXTS.acting : label}
            </Button>
            <Button variant="secondary" block disabled={act.isPending} onClick={() => setConfirming(false)}>
              {MODERATION_SCREEN_TEXTS.cancel}
            </Button>
          </div>
        </div>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          {action === 'suspend' && (
            <fieldset className={styles.days}>
              <legend className={styles.label}>{MODERATION_SCREEN_TEXTS.suspendLabel}</legend>
              {SUSPENSION_DAYS.map((option) => (
                <label key={option} className={styles.day} data-checked={option === days || undefined}>
                  <input
                    type="radio"
                    name="days"
                    value={option}
                    checked={option === days}
                    onChange={() => setDays(option)}
                    className={styles.radio}
                  />
                  {MODERATION_MESSAGES.suspendFor(option)}
                </label>
              ))}
            </fieldset>
          )}
          <div className={styles.field}>
            <label htmlFor={reasonId} className={styles.label}>
              {MODERATION_MESSAGES.actionReasonLabel}
            </label>
            <textarea
              id={reasonId}
              className={styles.textarea}
              rows={3}
              value={reason}
              aria-invalid={over || (error !== null && !reason.trim()) || undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setReason(event.currentTarget.value);
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
          <Button
            type="submit"
            variant={action === 'dismiss' || action === 'restore' ? 'primary' : 'danger'}
            block
            disabled={act.isPending}
          >
            {act.isPending ? MODERATION_SCREEN_TEXTS.acting : label}
          </Button>
        </form>
      )}
    </DialogShell>
  );
}
