import {
  AUTH_SCREEN_TEXTS,
  EmailSchema,
  parseDisplayName,
  RegistrationNameSchema,
  RegistrationPasswordSchema,
  SETTINGS_MESSAGES,
} from '@campus/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmailField, PasswordField, TextField } from '@/components/ui/text-field.tsx';
import { paths } from '@/config/paths.ts';
import { useCampus } from '@/lib/campus.ts';
import { useForm } from '@/lib/use-form.ts';
import { useSendSignInLink } from '../api/send-sign-in-link.ts';
import { useSignUpWithEmail } from '../api/sign-up-email.ts';
import { authErrorAlert, signInLinkErrorMessage } from '../lib/auth-errors.ts';
import { AuthCard, GoogleOption } from './auth-card.tsx';
import styles from './auth-form.module.css';
import { WrongEmailNotice } from './wrong-email-notice.tsx';

const SCHEMAS = { email: EmailSchema, name: RegistrationNameSchema, password: RegistrationPasswordSchema } as const;

/**
 * /register (docs/product/accounts.md#register-screen, docs/product/accounts.md#email-rules): email, full name, password and the Terms of Service box; Create
 * account stays disabled until all are filled and the box is ticked. On OU the same form can
 * instead email a sign-in link that registers without a password.
 */
export function RegisterForm() {
  const campus = useCampus();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { showAlert } = useAlert();
  // Once a field has shown an error, it follows the typing. Fields are checked when the person
  // leaves them: with the button disabled until everything is filled, this is where 'Email is
  // required.' and the other messages get their chance.
  const form = useForm({
    initial: () => ({ email: params.get('email') ?? '', name: '', password: '' }),
    schemas: SCHEMAS,
    afterError: 'revalidate',
    validateOnBlur: true,
  });
  const { values, filled, validate } = form;
  const [agreed, setAgreed] = useState(false);
  const signUp = useSignUpWithEmail();
  const sendLink = useSendSignInLink();
  const pending = signUp.isPending || sendLink.isPending;

  const canCreate = filled('email') && filled('name') && filled('password') && agreed;
  const canSendLink = filled('email') && filled('name') && agreed;

  const showError = (error: unknown) => {
    const { message, options } = authErrorAlert(error);
    showAlert(message, options);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canCreate || pending || !validate(['email', 'name', 'password'])) return;
    // On success the viewer is refreshed and the route guard sends the new account to /verify.
    signUp.mutate(
      { email: values.email.trim(), name: values.name.trim(), password: values.password },
      { onError: showError },
    );
  };

  const handleWithoutPassword = () => {
    if (!canSendLink || pending || !validate(['email', 'name'])) return;
    const email = values.email.trim();
    const name = values.name.trim();
    const { first_name, last_name } = parseDisplayName(name);
    sendLink.mutate(
      { email, name },
      {
        onSuccess: () => navigate(paths.loginSent.getHref({ email, first: first_name, last: last_name })),
        onError: (error) => showAlert(signInLinkErrorMessage(error), { type: 'danger' }),
      },
    );
  };

  return (
    <AuthCard
      title="Create your account"
      back={{ to: paths.userRegistration.getHref() }}
      footer={
        <p>
          Already have an account?{' '}
          <Link className={styles.link} to={paths.login.getHref({ email: values.email.trim() || undefined })}>
            Log in
          </Link>
        </p>
      }
    >
      {params.get('redirect') === 'true' && <WrongEmailNotice />}
      <GoogleOption />
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <EmailField {...form.field('email')} />
        <TextField
          {...form.field('name')}
          label="Full name"
          autoComplete="name"
          autoCapitalize="words"
          hint="Your first and last name, as students will see it."
        />
        <PasswordField
          {...form.field('password')}
          label="Password"
          autoComplete="new-password"
          maxLength={30}
          hint="6 to 30 characters."
        />
        <label className={styles.checkbox}>
          <input type="checkbox" name="terms" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
          <span>
            I agree to the{' '}
            <Link to={paths.settings.terms.getHref()} target="_blank" rel="noopener">
              Terms of Service
            </Link>{' '}
            and the{' '}
            <Link to={paths.settings.privacy.getHref()} target="_blank" rel="noopener">
              Privacy Policy
            </Link>
            .
          </span>
        </label>
        <Button type="submit" size="lg" block disabled={!canCreate || pending}>
          {signUp.isPending ? SETTINGS_MESSAGES.processing : 'Create account'}
        </Button>
      </form>
      {campus.signIn.emailLink && (
        <p className={styles.note}>
          <button
            type="button"
            className={styles.textButton}
            onClick={handleWithoutPassword}
            disabled={!canSendLink || pending}
          >
            {sendLink.isPending ? SETTINGS_MESSAGES.processing : AUTH_SCREEN_TEXTS.continueWithoutPassword}
          </button>
        </p>
      )}
    </AuthCard>
  );
}
