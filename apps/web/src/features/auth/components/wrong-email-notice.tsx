import { ACCOUNT_SAFETY_MESSAGES, AUTH_MESSAGES } from '@campus/contract';
import { CircleAlert } from 'lucide-react';
import { useSearchParams } from 'react-router';
import styles from './auth-form.module.css';

/**
 * 'Failed: Wrong Email.' on /login?redirect=true and /register?redirect=true: the emailed
 * link came back with another address than the one it was sent to, or could not be used
 * (docs/product/accounts.md#redirects). A link opened in a browser that did not ask for it comes back with
 * error=LINK_FROM_OTHER_BROWSER and says so instead. It stays while the address says so,
 * since the person arrives from elsewhere.
 */
export function WrongEmailNotice() {
  const [params] = useSearchParams();
  const otherBrowser = params.get('error') === 'LINK_FROM_OTHER_BROWSER';
  return (
    <p className={styles.notice} role="alert">
      <CircleAlert aria-hidden="true" size={18} />
      {otherBrowser ? ACCOUNT_SAFETY_MESSAGES.linkFromOtherBrowser : AUTH_MESSAGES.magicLinkWrongEmail}
    </p>
  );
}
