import { DialogDescription, DialogShell, DialogTitle } from './modal.tsx';
import styles from './progress-modal.module.css';

interface ProgressModalProps {
  open: boolean;
  /** 'Updating account data...', 'Uploading Post...' (docs/product/community.md#modals). */
  title: string;
  /** 'This can take up to 30 seconds. DO NOT re-load the page!' */
  description: string;
  /** Sent fraction, 0 to 1. */
  progress: number;
}

/**
 * A long operation the user must wait for: it cannot be dismissed (no close button, Escape
 * and outside clicks do nothing) and shows a real progress bar.
 */
export function ProgressModal({ open, title, description, progress }: ProgressModalProps) {
  const percent = Math.round(Math.min(1, Math.max(0, progress)) * 100);
  return (
    // No onOpenChange: not dismissible.
    <DialogShell open={open} layout="card" className={styles.content} described>
      <DialogTitle className={styles.title}>{title}</DialogTitle>
      <DialogDescription className={styles.description}>{description}</DialogDescription>
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
    </DialogShell>
  );
}
