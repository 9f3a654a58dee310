import type { AdStatus } from '@campus/contract';
import styles from './my-ads.module.css';

/** The status label of docs/product/boosting.md#ad-statuses ('Running', 'Paused', 'Not Paid'…), coloured by status. */
export function StatusPill({ status, label }: { status: AdStatus; label: string }) {
  return (
    <span className={styles.pill} data-status={status}>
      {label}
    </span>
  );
}
