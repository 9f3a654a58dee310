import { AUTH_SCREEN_TEXTS, SETTINGS_MESSAGES } from '@campus/contract';
import { LogOut } from 'lucide-react';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { useSignOut } from '../api/sign-out.ts';
import { authErrorMessage } from '../lib/auth-errors.ts';
import { AuthCard } from './auth-card.tsx';
import styles from './auth-form.module.css';

/** /logout (docs/product/accounts.md#logout-screen): a last question; once signed out, the route guard leaves the page. */
export function LogoutConfirm() {
  const signOut = useSignOut();
  const { showAlert } = useAlert();
  return (
    <AuthCard
      title={AUTH_SCREEN_TEXTS.logoutConfirm}
      art={
        <span className={styles.art}>
          <LogOut aria-hidden="true" size={28} />
        </span>
      }
      lead="You can log back in at any time."
    >
      <div className={styles.stack}>
        <Button
          variant="dark"
          size="lg"
          block
          disabled={signOut.isPending}
          onClick={() =>
            signOut.mutate(undefined, { onError: (e) => showAlert(authErrorMessage(e), { type: 'danger' }) })
          }
        >
          {signOut.isPending ? SETTINGS_MESSAGES.processing : AUTH_SCREEN_TEXTS.logOut}
        </Button>
        <ButtonLink to={paths.home.getHref()} variant="secondary" size="lg" block>
          {AUTH_SCREEN_TEXTS.cancel}
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
