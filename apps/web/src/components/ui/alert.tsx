import { ALERT_TIMING } from '@campus/contract';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import styles from './alert.module.css';
import { type AlertData, alertLink, dismissAfterMs } from './alert-rules.ts';

const ICONS = { success: CircleCheck, okay: Info, black: Info, danger: CircleAlert } as const;

interface AlertProps {
  alert: AlertData;
  onDismiss: () => void;
}

/**
 * One alert with its progress bar (+0.5 % every 12 ms) and auto-dismiss (2.6 s, or 7.8 s when
 * long). Mount it with a fresh `key` per alert so a new message restarts both clocks.
 */
export function Alert({ alert, onDismiss }: AlertProps) {
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    let steps = 0;
    const interval = window.setInterval(() => {
      steps += 1;
      const next = Math.min(100, steps * ALERT_TIMING.progressStepPercent);
      setProgress(next);
      if (next >= 100) window.clearInterval(interval);
    }, ALERT_TIMING.progressStepMs);
    const timeout = window.setTimeout(onDismiss, dismissAfterMs(alert));
    return () => {
      window.clearInterval(interval);
      window.clearTimeout(timeout);
    };
  }, [alert, onDismiss]);

  const link = alertLink(alert);
  const Icon = ICONS[alert.type];

  return (
    <div className={`${styles.alert} ${styles[alert.type]}`} data-alert-type={alert.type}>
      <Icon className={styles.icon} aria-hidden="true" size={20} />
      <p className={styles.message}>{alert.message}</p>
      {link && (
        <Link className={styles.link} to={link.to} onClick={onDismiss}>
          {link.label}
        </Link>
      )}
      <button type="button" className={styles.close} aria-label="Dismiss" onClick={onDismiss}>
        <X aria-hidden="true" size={18} />
      </button>
      <span className={styles.track} aria-hidden="true">
        <span className={styles.bar} data-testid="alert-progress" style={{ width: `${progress}%` }} />
      </span>
    </div>
  );
}
