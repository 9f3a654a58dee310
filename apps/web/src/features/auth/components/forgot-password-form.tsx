import { AUTH_MESSAGES, AUTH_SCREEN_TEXTS, EmailSchema, SETTINGS_MESSAGES } from '@campus/contract';
import { KeyRound, MailOpen } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button, ButtonLink, buttonClassName } from '@/components/ui/button.tsx';
import { EmailField } from '@/components/ui/text-field.tsx';
import { paths } from '@/config/paths.ts';
import { useForm } from '@/lib/use-form.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { authErrorAlert, authErrorMessage } from '../lib/auth-errors.ts';
import { webmailFor } from '../lib/webmail.ts';
import { AuthCard } from './auth-card.tsx';
import styles from './auth-form.module.css';

function LinkSent({ email, onResend, resending }: { email: string; onResend: () => void; resending: boolean }) {
  const mail = webmailFor(email);
  return (
    <AuthCard
      title="Check your inbox"
      art={
        <span className={styles.art}>
          <MailOpen aria-hidden="true" size={30} />
        </span>
      }
      lead={
        <>
          <p>{AUTH_SCREEN_TEXTS.resetLinkSent}</p>
          <p>
            Sent to <strong>{email}</strong>
          </p>
        </>
      }
    >
      <div className={styles.stack}>
        <a
          className={buttonClassName({ variant: 'dark', size: 'lg', block: true })}
          href={mail.href}
          {...(mail.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {mail.label}
        </a>
        <ButtonLink to={paths.login.getHref({ method: 'password', email })} variant="secondary" size="lg" block>
          {AUTH_SCREEN_TEXTS.goToLogin}
        </ButtonLink>
      </div>
      <p className={styles.note}>
        <button type="button" className={styles.textButton} onClick={onResend} disabled={resending}>
          {resending ? SETTINGS_MESSAGES.processing : 'Send the link again'}
        </button>
      </p>
    </AuthCard>
  );
}

/** /forgotpassword (docs/product/accounts.md#forgot-password-screen, docs/product/accounts.md#forgot-password-rules; OU only): mails a link that resets the password. */
export function ForgotPasswordForm() {
  const [params] = useSearchParams();
  const { showAlert } = useAlert();
  const form = useForm({
    initial: () => ({ email: params.get('email') ?? '' }),
    schemas: { email: EmailSchema },
    afterError: 'clear',
  });
  const { email } = form.values;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();

  const send = (address: string) =>
    request.mutate(address, {
      onSuccess: () => {
        if (sentTo) showAlert(SETTINGS_MESSAGES.emailSent, { type: 'okay' });
        setSentTo(address);
      },
      onError: (e) => {
        const message = authErrorMessage(e);
        if (message === AUTH_MESSAGES.forgotPasswordUserNotFound) {
          // The spec's answer to an unknown address: say so, and empty the field for another try.
          setSentTo(null);
          form.setValue('email', '');
          showAlert(message, { type: 'danger' });
          form.focus('email');
          return;
        }
        const alert = authErrorAlert(e);
        showAlert(alert.message, alert.options);
      },
    });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    if (form.validate()) send(email.trim());
  };

  if (sentTo) {
    return <LinkSent email={sentTo} onResend={() => send(sentTo)} resending={request.isPending} />;
  }

  return (
    <AuthCard
      title="Forgot your password?"
      art={
        <span className={styles.art}>
          <KeyRound aria-hidden="true" size={30} />
        </span>
      }
      lead="Enter the email of your account and we'll send you a link to choose a new password."
      back={{ to: paths.login.getHref({ method: 'password', email: email.trim() || undefined }) }}
    >
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <EmailField {...form.field('email')} />
        <Button type="submit" size="lg" block disabled={request.isPending}>
          {request.isPending ? SETTINGS_MESSAGES.processing : 'Send reset link'}
        </Button>
      </form>
    </AuthCard>
  );
}
