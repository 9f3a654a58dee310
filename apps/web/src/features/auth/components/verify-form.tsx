import { AUTH_SCREEN_TEXTS, SETTINGS_MESSAGES, VerificationCodeSchema } from '@campus/contract';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { fieldError } from '@/lib/use-form.ts';
import type { Viewer } from '@/lib/viewer.ts';
import { useSendVerificationCode } from '../api/send-verification-code.ts';
import { useSignOut } from '../api/sign-out.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { resendCodeOutcome, verificationErrorMessage } from '../lib/auth-errors.ts';
import { useCountdown } from '../lib/use-countdown.ts';
import { AuthCard } from './auth-card.tsx';
import styles from './auth-form.module.css';

const CODE_LENGTH = 4;

/**
 * /verify (docs/product/accounts.md#verify-screen, docs/product/accounts.md#email-verification): a code is requested on arrival (once per visit) and the server
 * decides whether to mail one — not when a working code went out moments ago, so reloading
 * the page never voids the code in the inbox; a resend mails that same code again. Within a
 * minute of the last code, 'Didn't receive the code?' waits, counting down the seconds the
 * server gave (docs/decisions/030-feed-ads-and-rough-edges.md): 'Email sent' only when one was. The person
 * types it, and the guard moves them on once the account is verified. The back arrow logs out.
 */
export function VerifyForm({ viewer }: { viewer: Viewer }) {
  const { showAlert } = useAlert();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const resendWaitId = useId();
  const send = useSendVerificationCode();
  const verify = useVerifyEmail();
  const signOut = useSignOut();

  // While a resend would mail nothing, the link waits and says for how long (docs/decisions/030-feed-ads-and-rough-edges.md).
  const { secondsLeft, start: waitBeforeResend } = useCountdown();

  // One code per visit: a ref survives re-renders (and StrictMode's second effect run).
  const requested = useRef(false);
  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    send.mutate(viewer.email, {
      onSuccess: (result) => waitBeforeResend(result.retryAfterSeconds),
      onError: (e) => {
        const outcome = resendCodeOutcome(e);
        if (outcome.waitSeconds) waitBeforeResend(outcome.waitSeconds);
        else showAlert(outcome.message, { type: 'danger' });
      },
    });
  }, [send, viewer.email, showAlert, waitBeforeResend]);

  const handleChange = (field: HTMLInputElement) => {
    // Digits only: a pasted '12 34' or '1234.' still works.
    const digits = field.value.replace(/\D/g, '').slice(0, CODE_LENGTH);
    setCode(digits);
    setError(null);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    const problem = fieldError(VerificationCodeSchema, code);
    if (problem) {
      setError(problem);
      inputRef.current?.focus();
      return;
    }
    verify.mutate(
      { email: viewer.email, code },
      {
        onError: (e) => {
          setError(verificationErrorMessage(e));
          inputRef.current?.select();
        },
      },
    );
  };

  const handleResend = () => {
    if (send.isPending || secondsLeft > 0) return;
    send.mutate(viewer.email, {
      onSuccess: (result) => {
        waitBeforeResend(result.retryAfterSeconds);
        // 'Email sent' only when one was: otherwise the countdown says how long to wait.
        if (!result.sent) return;
        setCode('');
        setError(null);
        showAlert(SETTINGS_MESSAGES.codeEmailSent, { type: 'okay' });
      },
      onError: (e) => {
        const outcome = resendCodeOutcome(e);
        if (outcome.waitSeconds) waitBeforeResend(outcome.waitSeconds);
        else showAlert(outcome.message, { type: 'danger' });
      },
    });
  };

  return (
    <AuthCard
      title="Check your email"
      art={
        <span className={styles.art}>
          <MailCheck aria-hidden="true" size={30} />
        </span>
      }
      lead={AUTH_SCREEN_TEXTS.codeSentTo(viewer.email)}
      back={{
        label: 'Log out',
        onClick: () => signOut.mutate(),
        disabled: signOut.isPending,
      }}
    >
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <TextField
          ref={inputRef}
          label="Verification code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          placeholder="••••"
          inputClassName={styles.codeInput}
          value={code}
          onChange={(e) => handleChange(e.currentTarget)}
          error={error}
          hint="Enter the 4-digit code from the email. It works for 2 hours."
        />
        <Button type="submit" size="lg" block disabled={verify.isPending}>
          {verify.isPending ? SETTINGS_MESSAGES.processing : 'Submit'}
        </Button>
      </form>
      <p className={styles.note}>
        <button
          type="button"
          className={styles.textButton}
          onClick={handleResend}
          disabled={send.isPending || secondsLeft > 0}
          aria-describedby={secondsLeft > 0 ? resendWaitId : undefined}
        >
          {AUTH_SCREEN_TEXTS.didntReceiveCode}
        </button>
      </p>
      {/* Not a live region: a screen reader would read every tick. */}
      {secondsLeft > 0 && (
        <p id={resendWaitId} className={styles.note}>
          {AUTH_SCREEN_TEXTS.resendCodeIn(secondsLeft)}
        </p>
      )}
    </AuthCard>
  );
}
