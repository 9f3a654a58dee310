import {
  AUTH_SCREEN_TEXTS,
  EmailSchema,
  parseDisplayName,
  RegistrationNameSchema,
  RegistrationPasswordSchema,
  SETTINGS_MESSAGES,
} from '@campus/contract';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { GoogleSignInButton } from '@/components/auth-modal/index.ts';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { useCampus } from '@/lib/campus.ts';
import { useSendSignInLink } from '../api/send-sign-in-link.ts';
import { useSignUpWithEmail } from '../api/sign-up-email.ts';
import { authErrorAlert, signInLinkErrorMessage } from '../lib/auth-errors.ts';
import { fieldError } from '../lib/validate.ts';
import { AuthCard, OrDivider } from './auth-card.tsx';
import styles from './auth-form.module.css';
import { PasswordField, TextField } from './text-field.tsx';
import { WrongEmailNotice } from './wrong-email-notice.tsx';

type Field = 'email' | 'name' | 'password';
type Errors = Partial<Record<Field, string | null>>;

const SCHEMAS = { email: EmailSchema, name: RegistrationNameSchema, password: RegistrationPasswordSchema } as const;

/**
 * /register (spec 1 §2, §5): email, full name, password and the Terms of Service box; Create
 * account stays disabled until all are filled and the box is ticked. On OU the same form can
 * instead email a sign-in link that registers without a password.
 */
export function RegisterForm() {
  const campus = useCampus();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { showAlert } = useAlert();
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    email: params.get('email') ?? '',
    name: '',
    password: '',
  }));
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const refs = {
    email: useRef<HTMLInputElement>(null),
    name: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  const signUp = useSignUpWithEmail();
  const sendLink = useSendSignInLink();
  const pending = signUp.isPending || sendLink.isPending;

  const filled = (field: Field) => values[field].trim() !== '';
  const canCreate = filled('email') && filled('name') && filled('password') && agreed;
  const canSendLink = filled('email') && filled('name') && agreed;

  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    // Once a field has shown an error, it follows the typing.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: fieldError(SCHEMAS[field], value) }));
  };
  // Checked when the person leaves a field: with the button disabled until everything is
  // filled, this is where 'Email is required.' and the other messages get their chance.
  const check = (field: Field) => () => {
    setErrors((current) => ({ ...current, [field]: fieldError(SCHEMAS[field], values[field]) }));
  };

  /** Validates the given fields; focuses the first wrong one. */
  const validate = (fields: Field[]): boolean => {
    const next: Errors = { ...errors };
    for (const field of fields) next[field] = fieldError(SCHEMAS[field], values[field]);
    setErrors(next);
    const firstWrong = fields.find((field) => next[field]);
    if (firstWrong) refs[firstWrong].current?.focus();
    return !firstWrong;
  };

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
      {campus.signIn.google && (
        <>
          <div className={styles.stack}>
            <GoogleSignInButton />
          </div>
          <OrDivider />
        </>
      )}
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <TextField
          ref={refs.email}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          value={values.email}
          onChange={update('email')}
          onBlur={check('email')}
          error={errors.email}
        />
        <TextField
          ref={refs.name}
          label="Full name"
          name="name"
          autoComplete="name"
          autoCapitalize="words"
          hint="Your first and last name, as students will see it."
          value={values.name}
          onChange={update('name')}
          onBlur={check('name')}
          error={errors.name}
        />
        <PasswordField
          ref={refs.password}
          label="Password"
          name="password"
          autoComplete="new-password"
          maxLength={30}
          hint="6 to 30 characters."
          value={values.password}
          onChange={update('password')}
          onBlur={check('password')}
          error={errors.password}
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
