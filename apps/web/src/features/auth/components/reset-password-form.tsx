import { AUTH_SCREEN_TEXTS, RegistrationPasswordSchema, SETTINGS_MESSAGES } from '@campus/contract';
import { KeyRound, Link2Off } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { storeAlert } from '@/components/ui/stored-alert.ts';
import { PasswordField } from '@/components/ui/text-field.tsx';
import { paths } from '@/config/paths.ts';
import { useCampus } from '@/lib/campus.ts';
import { useForm } from '@/lib/use-form.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { authErrorAlert, isInvalidResetToken } from '../lib/auth-errors.ts';
import { AuthCard } from './auth-card.tsx';
import styles from './auth-form.module.css';

/** Our words: the spec has no text for these (it only names the continue address). */
const TEXTS = {
  done: 'Your password was changed. Log in with your new password.',
  expiredTitle: 'This link has expired',
  expiredLead: 'Password reset links work once and for one hour. Ask for a new one and use the latest email.',
} as const;

function ExpiredLink() {
  const campus = useCampus();
  return (
    <AuthCard
      title={TEXTS.expiredTitle}
      art={
        <span className={styles.art}>
          <Link2Off aria-hidden="true" size={30} />
        </span>
      }
      lead={TEXTS.expiredLead}
    >
      <div className={styles.stack}>
        {campus.signIn.forgotPassword && (
          <ButtonLink to={paths.forgotPassword.getHref()} size="lg" block>
            Get a new link
          </ButtonLink>
        )}
        <ButtonLink to={paths.login.getHref({ method: 'password' })} variant="secondary" size="lg" block>
          {AUTH_SCREEN_TEXTS.goToLogin}
        </ButtonLink>
      </div>
    </AuthCard>
  );
}

/**
 * /reset-password?token=… — where the mailed reset link lands (through the auth API, which
 * adds ?error=INVALID_TOKEN instead for a used or expired link). Afterwards the person logs in
 * at /login?method=password, the spec's continue address (docs/product/accounts.md#sign-in-operations).
 */
export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const token = params.get('token');
  const [expired, setExpired] = useState(!token || params.get('error') !== null);
  const form = useForm({
    initial: { password: '' },
    schemas: { password: RegistrationPasswordSchema },
    afterError: 'clear',
  });
  const reset = useResetPassword();

  if (expired || !token) return <ExpiredLink />;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    if (!form.validate()) return;
    reset.mutate(
      { token, newPassword: form.values.password },
      {
        onSuccess: () => {
          storeAlert(TEXTS.done, { type: 'success' });
          navigate(paths.login.getHref({ method: 'password' }), { replace: true });
        },
        onError: (e) => {
          if (isInvalidResetToken(e)) return setExpired(true);
          const alert = authErrorAlert(e);
          showAlert(alert.message, alert.options);
        },
      },
    );
  };

  return (
    <AuthCard
      title="Choose a new password"
      art={
        <span className={styles.art}>
          <KeyRound aria-hidden="true" size={30} />
        </span>
      }
      lead="Pick something you haven't used here before. You'll be logged out everywhere else."
    >
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <PasswordField
          {...form.field('password')}
          label="New password"
          name="new-password"
          autoComplete="new-password"
          maxLength={30}
          hint="6 to 30 characters."
        />
        <Button type="submit" size="lg" block disabled={reset.isPending}>
          {reset.isPending ? SETTINGS_MESSAGES.processing : 'Change password'}
        </Button>
      </form>
    </AuthCard>
  );
}
