import {
  MODERATION_MESSAGES,
  MODERATION_SCREEN_TEXTS,
  type ModerationAction,
  type ModerationActionBody,
  type ReportTarget,
  SUSPENSION_DAYS,
} from '@campus/contract';
import { type FormEvent, useState } from 'react';
import { isNoteTooLong, ReasonField } from '@/components/report/reason-field.tsx';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useReturnFocus } from '@/components/ui/return-focus.ts';
import { Sheet, SheetChoice, SheetChoiceName, SheetChoices, SheetForm, SheetHint } from '@/components/ui/sheet.tsx';
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
    if (isNoteTooLong(reason)) return setError(MODERATION_MESSAGES.noteTooLong);
    setError(null);
    if (grave) setConfirming(true);
    else send();
  };

  return (
    <Sheet
      open
      onOpenChange={(open) => {
        if (!open && !act.isPending) onClose();
      }}
      title={question}
      role={confirming ? 'alertdialog' : 'dialog'}
      className={styles.dialog}
      onCloseAutoFocus={returnFocus}
    >
      <SheetHint>
        {action === 'restore' && target.type === 'user'
          ? MODERATION_SCREEN_TEXTS.confirmBody.restoreMember
          : MODERATION_SCREEN_TEXTS.confirmBody[action]}
      </SheetHint>
      {confirming ? (
        <SheetForm
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <p className={styles.confirmReason}>{MODERATION_MESSAGES.suspendedReason(reason.trim())}</p>
          <div className={styles.dialogActions}>
            <Button type="submit" variant="danger" block autoFocus disabled={act.isPending}>
              {act.isPending ? MODERATION_SCREEN_TEXTS.acting : label}
            </Button>
            <Button variant="secondary" block disabled={act.isPending} onClick={() => setConfirming(false)}>
              {MODERATION_SCREEN_TEXTS.cancel}
            </Button>
          </div>
        </SheetForm>
      ) : (
        <SheetForm onSubmit={submit}>
          {action === 'suspend' && (
            <SheetChoices legend={MODERATION_SCREEN_TEXTS.suspendLabel} columns={3}>
              {SUSPENSION_DAYS.map((option) => (
                <SheetChoice
                  key={option}
                  name="days"
                  value={option}
                  checked={option === days}
                  onChange={() => setDays(option)}
                >
                  <SheetChoiceName>{MODERATION_MESSAGES.suspendFor(option)}</SheetChoiceName>
                </SheetChoice>
              ))}
            </SheetChoices>
          )}
          <ReasonField
            noteLabel={MODERATION_MESSAGES.actionReasonLabel}
            note={reason}
            onNoteChange={(next) => {
              setReason(next);
              setError(null);
            }}
            noteRequired
            error={error}
          />
          <Button
            type="submit"
            variant={action === 'dismiss' || action === 'restore' ? 'primary' : 'danger'}
            block
            disabled={act.isPending}
          >
            {act.isPending ? MODERATION_SCREEN_TEXTS.acting : label}
          </Button>
        </SheetForm>
      )}
    </Sheet>
  );
}
