import { type CampusDefinition, SETTINGS_MESSAGES, schoolEmailSchema } from '@campus/contract';
import { GraduationCap } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useSendSchoolCode } from '../api/send-school-code.ts';
import { fieldErrorOf } from '../lib/field-error.ts';
import styles from './pin-form.module.css';

const EMAIL_LABEL = 'School email';

interface SchoolEmailFormProps {
  /** The campus being joined (docs/product/accounts.md#joining-a-campus). */
  campus: Pick<CampusDefinition, 'name' | 'emailDomains' | 'themeColor'>;
  /** The user's present school email: sending it again is refused. */
  currentSchoolEmail: string | null;
  /** Sent to the API only when the campus was picked in Find Your School. */
  campusId?: string;
  onSent: (email: string) => void;
}

/**
 * Step 1 of joining a campus: the school email (docs/product/accounts.md#joining-a-campus, docs/product/accounts.md#school-email-rules). The
 * address is checked here with the contract's rules and the campus's domains, so a wrong
 * domain is answered at once and nothing is mailed; the server checks the same again.
 */
export function SchoolEmailForm({ campus, currentSchoolEmail, campusId, onSent }: SchoolEmailFormProps) {
  const { showAlert } = useAlert();
  const send = useSendSchoolCode();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const noteId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = schoolEmailSchema(campus.emailDomains, currentSchoolEmail).safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? SETTINGS_MESSAGES.somethingWentWrong);
      return;
    }
    setError(null);
    send.mutate(
      { email: parsed.data, campusId },
      {
        onSuccess: () => {
          showAlert(SETTINGS_MESSAGES.codeEmailSent, { type: 'okay' });
          onSent(parsed.data);
        },
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

  const domain = campus.emailDomains[0];

  return (
    <div className={styles.body}>
      <div className={styles.campus}>
        {/* Set through the DOM, not a style attribute: the page is drawn on the server, and the
            CSP refuses style attributes in a document (decision 031). */}
        <span
          className={styles.campusIcon}
          ref={(icon) => {
            if (icon) icon.style.backgroundColor = campus.themeColor;
          }}
        >
          <GraduationCap size={22} aria-hidden="true" />
        </span>
        <p className={styles.campusName}>{campus.name}</p>
      </div>
      <p id={noteId} className={styles.note}>
        {SETTINGS_MESSAGES.schoolEmailNote}
      </p>
      <form className={styles.form} noValidate onSubmit={handleSubmit}>
        <div className={styles.field}>
          <label htmlFor={inputId} className={styles.label}>
            {EMAIL_LABEL}
          </label>
          <input
            id={inputId}
            className={styles.input}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={254}
            placeholder={domain ? `you@${domain}` : undefined}
            value={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${noteId}` : noteId}
            onChange={(event) => {
              setEmail(event.target.value);
              if (error) setError(null);
            }}
          />
          {error && (
            <p id={errorId} className={styles.error} role="alert">
              {error}
            </p>
          )}
        </div>
        <Button type="submit" size="lg" block disabled={send.isPending}>
          {send.isPending ? SETTINGS_MESSAGES.processing : SETTINGS_MESSAGES.sendPin}
        </Button>
      </form>
    </div>
  );
}
