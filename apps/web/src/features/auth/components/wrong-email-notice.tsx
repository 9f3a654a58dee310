import { AUTH_MESSAGES } from '@campus/contract';
import { CircleAlert } from 'lucide-react';
import styles from './auth-form.module.css';

/**
 * 'Failed: Wrong Email.' on /login?redirect=true and /register?redirect=true: the emailed
 * link came back with another address than the one it was sent to, or could not be used
 * (spec 1 §4). It stays while the address says so, since the person arrives from elsewhere.
 */
export function WrongEmailNotice() {
  return (
    <p className={styles.notice} role="alert">
      <CircleAlert aria-hidden="true" size={18} />
      {AUTH_MESSAGES.magicLinkWrongEmail}
    </p>
  );
}
