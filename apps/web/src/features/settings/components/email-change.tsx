import { newEmailSchema, SETTINGS_MESSAGES, VerificationCodeSchema } from '@campus/contract';
import { type FormEvent, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import { storeAlert } from '@/components/ui/stored-alert.ts';
import { EmailField, TextField } from '@/components/ui/text-field.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useForm } from '@/lib/use-form.ts';
import { useSendEmailChangeCode, useVerifyEmailChange } from '../api/email-change.ts';
import styles from './account.module.css';

const SEND = 'Send code';
const SENDING = 'Sending...';

/** A refusal with words for the person (4xx), else the spec's 'Something went wrong'. */
function messageOf(error: unknown): string | null {
  return error instanceof ApiError && error.status < 500 ? error.message : null;
}

/** Email change, step 1 (docs/product/profiles.md#email-change, docs/product/accounts.md#verification-codes): the new address; the code goes there. */
export function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const { showAlert } = useAlert();
  const navigate = useNavigate();
  const send = useSendEmailChangeCode();
  const schemas = useMemo(() => ({ email: newEmailSchema(currentEmail) }), [currentEmail]);
  const form = useForm({ initial: { email: '' }, schemas, afterError: 'clear' });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending || !form.validate()) return;
    const email = form.values.email.trim();
    send.mutate(email, {
      onSuccess: () => {
        showAlert(SETTINGS_MESSAGES.codeEmailSent, { type: 'okay' });
        navigate(paths.settings.verifyEmail.getHref({ email }));
      },
      onError: (error) => {
        const message = messageOf(error);
        if (message) form.setError('email', message);
        else showAlert(SETTINGS_MESSAGES.somethingWentWrong, { type: 'danger' });
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <p className={styles.note}>
        Your sign-in email is <strong>{currentEmail}</strong>. We’ll send a code to the new address; it changes once you
        enter that code.
      </p>
      <EmailField label="New email" autoComplete="email" {...form.field('email')} />
      <Button type="submit" size="lg" block disabled={!form.filled('email') || send.isPending}>
        {send.isPending ? SENDING : SEND}
      </Button>
    </form>
  );
}

/** Email change, step 2: the code mailed to the new address ('Enter code', resend, Verify). */
export function VerifyEmailForm({ email }: { email: string }) {
  const { showAlert } = useAlert();
  const navigate = useNavigate();
  const resend = useSendEmailChangeCode();
  const verify = useVerifyEmailChange();
  const form = useForm({ initial: { code: '' }, schemas: { code: VerificationCodeSchema }, afterError: 'clear' });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending || !form.validate()) return;
    verify.mutate(
      { email, code: form.values.code.trim() },
      {
        // docs/product/profiles.md#email-change: back to /settings/account/email, the success alert stored for that page.
        onSuccess: () => {
          storeAlert(SETTINGS_MESSAGES.accountUpdated);
          navigate(paths.settings.email.getHref(), { replace: true });
        },
        onError: (error) => {
          const message = messageOf(error);
          if (message) form.setError('code', message);
          else showAlert(SETTINGS_MESSAGES.somethingWentWrong, { type: 'danger' });
        },
      },
    );
  };

  const handleResend = () =>
    resend.mutate(email, {
      onSuccess: () => showAlert(SETTINGS_MESSAGES.codeEmailSent, { type: 'okay' }),
      onError: (error) => showAlert(messageOf(error) ?? SETTINGS_MESSAGES.somethingWentWrong, { type: 'danger' }),
    });

  return (
    <form className={`${styles.body} ${styles.form}`} onSubmit={handleSubmit} noValidate>
      <p className={styles.note}>
        We sent a code to <strong>{email}</strong>.
      </p>
      <TextField
        label={SETTINGS_MESSAGES.enterCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={4}
        {...form.field('code')}
      />
      <Button variant="ghost" onClick={handleResend} disabled={resend.isPending}>
        {SETTINGS_MESSAGES.didntReceiveCode}
      </Button>
      <Button type="submit" size="lg" block disabled={verify.isPending}>
        {verify.isPending ? SETTINGS_MESSAGES.processing : SETTINGS_MESSAGES.verify}
      </Button>
    </form>
  );
}
