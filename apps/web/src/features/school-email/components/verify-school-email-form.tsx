import { AUTH_SCREEN_TEXTS, SETTINGS_MESSAGES, VerificationCodeSchema, type Viewer } from '@campus/contract';
import { type FormEvent, useId, useState } from 'react';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useSendSchoolCode } from '../api/send-school-code.ts';
import { useVerifySchoolCode } from '../api/verify-school-code.ts';
import { fieldErrorOf } from '../lib/field-error.ts';
import styles from './pin-form.module.css';

const CODE_LENGTH = 4;

interface VerifySchoolEmailFormProps {
  email: string;
  campusId?: string;
  /** Called with the server's next address and the member the user has become. */
  onVerified: (redirectTo: string, viewer: Viewer) => void;
}

/**
 * Step 2 of joining a campus: the PIN mailed to the school email (docs/product/accounts.md#enter-pin-screens, docs/product/accounts.md#school-verification). Errors sit under the field; a resend says 'Email sent'.
 */
export function VerifySchoolEmailForm({ email, campusId, onVerified }: VerifySchoolEmailFormProps) {
  const { showAlert } = useAlert();
  const verify = useVerifySchoolCode();
  const resend = useSendSchoolCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    const parsed = VerificationCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? SETTINGS_MESSAGES.somethingWentWrong);
      return;
    }
    setError(null);
    verify.mutate(
      { email, code: parsed.data, campusId },
      {
        onSuccess: (response) => onVerified(response.redirectTo, response.viewer),
        onError: (failure) => {
          // The server's answer about the address or the code belongs under the field (a wrong
          // code, an address taken or banned); anything else is an alert.
          const message = fieldErrorOf(failure);
          if (message) setError(message);
          else showAlert(SETTINGS_MESSAGES.somethingWentWrong, { type: 'danger' });
        },
      },
    );
  };

  const handleResend = () => {
    if (resend.isPending) return;
    resend.mutate(
      { email, campusId },
      {
        onSuccess: () => {
          setCode('');
          setError(null);
          showAlert(SETTINGS_MESSAGES.codeEmailSent, { type: 'okay' });
        },
        onError: (failure) => {
          const message = failure instanceof ApiError ? failure.message : SETTINGS_MESSAGES.somethingWentWrong;
          showAlert(message, { type: 'danger' });
        },
      },
    );
  };

  return (
    <div className={styles.body}>
      <p className={styles.note}>{AUTH_SCREEN_TEXTS.codeSentTo(email)}</p>
      <form className={styles.form} noValidate onSubmit={handleSubmit}>
        <div className={styles.field}>
          <label htmlFor={inputId} className={styles.label}>
            {SETTINGS_MESSAGES.enterCode}
          </label>
          <input
            id={inputId}
            className={`${styles.input} ${styles.codeInput}`}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={CODE_LENGTH}
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              const digits = event.currentTarget.value.replace(/\D/g, '').slice(0, CODE_LENGTH);
              setCode(digits);
              if (error) setError(null);
            }}
          />
          {error && (
            <p id={errorId} className={styles.error} role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="button" className={styles.linkButton} onClick={handleResend} disabled={resend.isPending}>
          {AUTH_SCREEN_TEXTS.didntReceiveCode}
        </button>
        <Button type="submit" size="lg" block disabled={verify.isPending}>
          {verify.isPending ? SETTINGS_MESSAGES.processing : SETTINGS_MESSAGES.verify}
        </Button>
      </form>
    </div>
  );
}
