import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import styles from './modal.module.css';
import { DialogClose, DialogDescription, DialogShell, DialogTitle } from './modal.tsx';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  body?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Destructive actions (delete, discard) get the danger colour. */
  tone?: 'default' | 'danger';
  /** Disables the buttons while the action runs. */
  pending?: boolean;
  onConfirm: () => void;
}

/** A small question with two answers ('Delete Post?' — Delete / Cancel); stays small on phones. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  body,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'default',
  pending = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      layout="card"
      role="alertdialog"
      className={styles.confirm}
      described={!!body}
    >
      <DialogTitle className={styles.confirmTitle}>{title}</DialogTitle>
      {body && <DialogDescription className={styles.confirmBody}>{body}</DialogDescription>}
      <div className={styles.confirmActions}>
        <Button variant={tone === 'danger' ? 'danger' : 'dark'} size="lg" block disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <DialogClose asChild>
          <Button variant="secondary" size="lg" block disabled={pending}>
            {cancelLabel}
          </Button>
        </DialogClose>
      </div>
    </DialogShell>
  );
}
