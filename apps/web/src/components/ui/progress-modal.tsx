import * as Dialog from '@radix-ui/react-dialog';
import styles from './progress-modal.module.css';

interface ProgressModalProps {
  open: boolean;
  /** 'Updating account data...', 'Uploading Post...' (spec 1 §2 'Modals'). */
  title: string;
  /** 'This can take up to 30 seconds. DO NOT re-load the page!' */
  description: string;
  /** Sent fraction, 0 to 1. */
  progress: number;
}

const prevent = (event: Event) => event.preventDefault();

/**
 * A long operation the user must wait for: it cannot be dismissed (no close button, Escape
 * and outside clicks do nothing) and shows a real progress bar.
 */
export function ProgressModal({ open, title, description, progress }: ProgressModalProps) {
  const percent = Math.round(Math.min(1, Math.max(0, progress)) * 100);
  return (
    <Dialog.Root open={open}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          onEscapeKeyDown={prevent}
          onPointerDownOutside={prevent}
          onInteractOutside={prevent}
        >
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          <div
            className={styles.track}
            role="progressbar"
            aria-label={title}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span className={styles.bar} style={{ width: `${percent}%` }} />
          </div>
          <p className={styles.percent} aria-hidden="true">
            {percent}%
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
