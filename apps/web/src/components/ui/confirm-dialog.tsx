import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import styles from './modal.module.css';

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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          role="alertdialog"
          className={`${styles.content} ${styles.confirm}`}
          {...(body ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className={styles.confirmTitle}>{title}</Dialog.Title>
          {body && <Dialog.Description className={styles.confirmBody}>{body}</Dialog.Description>}
          <div className={styles.confirmActions}>
            <Button
              variant={tone === 'danger' ? 'danger' : 'dark'}
              size="lg"
              block
              disabled={pending}
              onClick={onConfirm}
            >
              {confirmLabel}
            </Button>
            <Dialog.Close asChild>
              <Button variant="secondary" size="lg" block disabled={pending}>
                {cancelLabel}
              </Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
