import { AUTH_SCREEN_TEXTS, EmailSchema, SETTINGS_MESSAGES } from '@campus/contract';
import { MailQuestion, Send } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { EmailField } from '@/components/ui/text-field.tsx';
import { paths } from '@/config/paths.ts';
import { useCampus } from '@/lib/campus.ts';
import { useForm } from '@/lib/use-form.ts';
import { useHydrated } from '@/lib/use-hydrated.ts';
import { useSendSignInLink } from '../api/send-sign-in-link.ts';
import { signInLinkErrorMessage } from '../lib/auth-errors.ts';
import {
  decideMagicLinkReturn,
  forgetSignInEmail,
  isRegistrationLink,
  type MagicLinkParams,
  type MagicLinkReturn,
  storedSignInEmail,
} from '../lib/magic-link.ts';
import { AuthCard } from './auth-card.tsx';
import styles from './auth-form.module.css';

/** 'Your magic link is on its way!' with Resend Email and the way back to passwords. */
function LinkOnItsWay({ params }: { params: MagicLinkParams }) {
  const campus = useCampus();
  const { showAlert } = useAlert();
  const send = useSendSignInLink();
  const { email } = params;
  const name = isRegistrationLink(params) ? `${params.first} ${params.last}` : undefined;

  const handleResend = () => {
    if (!email || send.isPending) return;
    send.mutate(
      { email, name },
      {
        onSuccess: () => showAlert(SETTINGS_MESSAGES.emailSent, { type: 'okay' }),
        onError: (e) => showAlert(signInLinkErrorMessage(e), { type: 'danger' }),
      },
    );
  };

  return (
    <AuthCard
      title={AUTH_SCREEN_TEXTS.magicLinkSent}
      art={
        <span className={styles.art}>
          <Send aria-hidden="true" size={28} />
        </span>
      }
      lead={
        email ? (
          <p>
            We emailed a sign-in link to <strong>{email}</strong>. Open it on this device to continue — it works for one
            hour.
          </p>
        ) : (
          <p>Open the sign-in link we emailed you on this device to continue.</p>
        )
      }
    >
      <div className={styles.stack}>
        {email && campus.signIn.emailLink && (
          <Button variant="dark" size="lg" block onClick={handleResend} disabled={send.isPending}>
            {send.isPending ? SETTINGS_MESSAGES.processing : AUTH_SCREEN_TEXTS.resendEmail}
          </Button>
        )}
        <ButtonLink
          to={paths.login.getHref({ method: 'password', email: email ?? undefined })}
          variant="secondary"
          size="lg"
          block
        >
          {AUTH_SCREEN_TEXTS.logInWithPassword}
        </ButtonLink>
      </div>
    </AuthCard>
  );
}

/**
 * The link was opened where the address is not known (storage cleared, or another browser —
 * where the server then refuses it: links work only in the browser that asked): ask for it.
 */
function ConfirmEmail({ onConfirm }: { onConfirm: (email: string) => void }) {
  const form = useForm({ initial: { email: '' }, schemas: { email: EmailSchema }, afterError: 'clear' });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.validate()) onConfirm(form.values.email.trim());
  };
  return (
    <AuthCard
      title="Confirm your email"
      art={
        <span className={styles.art}>
          <MailQuestion aria-hidden="true" size={30} />
        </span>
      }
      lead="This browser does not remember which email asked for this link. To keep your account safe, enter that email."
    >
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <EmailField {...form.field('email')} />
        <Button type="submit" size="lg" block>
          Continue
        </Button>
      </form>
    </AuthCard>
  );
}

function SigningIn() {
  return (
    <AuthCard title="Signing you in…">
      <div className={styles.spinner} role="progressbar" aria-label="Signing you in" />
    </AuthCard>
  );
}

/**
 * /login/sent (docs/product/accounts.md#sign-in-link-screen, docs/product/accounts.md#emailed-sign-in-link): without a token, the link is on its way; with one (the mailed
 * link), the address this device asked with must match the link's before the server redeems it.
 */
export function MagicLinkScreen() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const params: MagicLinkParams = {
    token: search.get('token'),
    email: search.get('email'),
    first: search.get('first'),
    last: search.get('last'),
  };
  const [typedEmail, setKnownEmail] = useState<string | null>(null);
  // The remembered address is this device's alone: read once the page is live, so the page the
  // server drew (with a link, 'Signing you in…') and the browser's first render agree.
  const hydrated = useHydrated();
  const knownEmail = typedEmail ?? (hydrated ? storedSignInEmail() : null);
  const decision: MagicLinkReturn | { kind: 'signing-in' } =
    hydrated || !params.token ? decideMagicLinkReturn(params, knownEmail) : { kind: 'signing-in' };
  const target = decision.kind === 'redeem' || decision.kind === 'wrong-email' ? decision.href : null;

  useEffect(() => {
    if (!target) return;
    if (decision.kind === 'redeem') {
      forgetSignInEmail();
      // A full page load: the server signs in, sets the cookie and redirects back into the app.
      window.location.replace(target);
    } else {
      navigate(target, { replace: true });
    }
  }, [decision.kind, target, navigate]);

  switch (decision.kind) {
    case 'waiting':
      return <LinkOnItsWay params={params} />;
    case 'ask-email':
      return <ConfirmEmail onConfirm={setKnownEmail} />;
    default:
      return <SigningIn />;
  }
}
