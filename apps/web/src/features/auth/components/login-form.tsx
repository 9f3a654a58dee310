import { AUTH_SCREEN_TEXTS, EmailSchema, PasswordSchema, SETTINGS_MESSAGES } from '@campus/contract';
import { type FormEvent, useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmailField, PasswordField } from '@/components/ui/text-field.tsx';
import { paths } from '@/config/paths.ts';
import { siteName, useCampus } from '@/lib/campus.ts';
import { useForm } from '@/lib/use-form.ts';
import { useSendSignInLink } from '../api/send-sign-in-link.ts';
import { useSignInWithEmail } from '../api/sign-in-email.ts';
import { authErrorAlert, googleErrorMessage, signInLinkErrorMessage } from '../lib/auth-errors.ts';
import { AuthCard, GoogleOption } from './auth-card.tsx';
import styles from './auth-form.module.css';
import { WrongEmailNotice } from './wrong-email-notice.tsx';

/** A failed Google sign-in comes back as /login?error=CODE: say what happened once, then tidy the address. */
function useGoogleErrorAlert() {
  const [params, setParams] = useSearchParams();
  const { showAlert } = useAlert();
  const shown = useRef(false);
  const code = params.get('redirect') === 'true' ? null : params.get('error');
  useEffect(() => {
    if (!code || shown.current) return;
    shown.current = true;
    showAlert(googleErrorMessage(code), { type: 'danger' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        next.delete('error_description');
        return next;
      },
      { replace: true },
    );
  }, [code, showAlert, setParams]);
}

/**
 * /login (docs/product/accounts.md#login-screen): email and password, or email only for an emailed sign-in link
 * (?method=noPassword, OU only). ?email fills the address; ?redirect=true means an emailed
 * link failed ('Failed: Wrong Email.').
 */
export function LoginForm() {
  const campus = useCampus();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { showAlert } = useAlert();
  const passwordless = campus.signIn.emailLink && params.get('method') === 'noPassword';
  const failedLink = params.get('redirect') === 'true';

  const form = useForm({
    initial: () => ({ email: params.get('email') ?? '', password: '' }),
    schemas: { email: EmailSchema, password: PasswordSchema },
    // A message stays until the next try (the person is still reading it while retyping).
    afterError: 'keep',
  });
  const { email, password } = form.values;
  const signIn = useSignInWithEmail();
  const sendLink = useSendSignInLink();
  const pending = signIn.isPending || sendLink.isPending;
  useGoogleErrorAlert();

  const switchMethod = (method: 'password' | 'noPassword') => {
    form.clearErrors();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('method', method);
        next.delete('redirect');
        if (email.trim()) next.set('email', email.trim());
        return next;
      },
      { replace: true },
    );
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (passwordless) form.setError('password', null);
    if (!form.validate(passwordless ? ['email'] : ['email', 'password'])) return;

    const address = email.trim();
    if (passwordless) {
      sendLink.mutate(
        { email: address },
        {
          onSuccess: () => navigate(paths.loginSent.getHref({ email: address })),
          onError: (error) => showAlert(signInLinkErrorMessage(error), { type: 'danger' }),
        },
      );
      return;
    }
    // On success the viewer is refreshed and the route guard takes the person on.
    signIn.mutate(
      { email: address, password },
      {
        onError: (error) => {
          const { message, options } = authErrorAlert(error);
          showAlert(message, options);
        },
      },
    );
  };

  const title = `Log in to ${siteName(campus)}`;
  const lead = passwordless ? "We'll email you a link that signs you in — no password needed." : undefined;

  return (
    <AuthCard
      title={title}
      lead={lead}
      back={{ to: paths.userRegistration.getHref() }}
      footer={
        <>
          <p>
            Don't have an account?{' '}
            <Link className={styles.link} to={paths.register.getHref({ email: email.trim() || undefined })}>
              Sign Up
            </Link>
          </p>
          <p>
            Trouble logging in?{' '}
            <Link className={styles.link} to={paths.settings.help.getHref()}>
              Contact us
            </Link>
          </p>
        </>
      }
    >
      {failedLink && <WrongEmailNotice />}
      <GoogleOption />
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <EmailField {...form.field('email')} />
        {!passwordless && (
          <PasswordField
            {...form.field('password')}
            label="Password"
            autoComplete="current-password"
            maxLength={30}
            labelAside={
              campus.signIn.forgotPassword && (
                <Link
                  className={styles.smallLink}
                  to={paths.forgotPassword.getHref({ email: email.trim() || undefined })}
                >
                  {AUTH_SCREEN_TEXTS.forgotPassword}
                </Link>
              )
            }
          />
        )}
        <Button type="submit" size="lg" block disabled={pending}>
          {pending ? SETTINGS_MESSAGES.processing : passwordless ? 'Email me a link' : 'Log in'}
        </Button>
      </form>
      {campus.signIn.emailLink && (
        <p className={styles.note}>
          {passwordless ? (
            <button type="button" className={styles.textButton} onClick={() => switchMethod('password')}>
              {AUTH_SCREEN_TEXTS.logInWithPassword}
            </button>
          ) : (
            <button type="button" className={styles.textButton} onClick={() => switchMethod('noPassword')}>
              {AUTH_SCREEN_TEXTS.continueWithoutPassword}
            </button>
          )}
        </p>
      )}
    </AuthCard>
  );
}
