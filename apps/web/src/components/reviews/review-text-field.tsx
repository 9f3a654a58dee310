import { countPlainText, REVIEW_LIMITS } from '@campus/contract';
import { useId } from 'react';
import styles from './reviews.module.css';

/** A review's or a reply's text with the composer's live 'n / 300' (a line break counts 2, as in a post). */
export function ReviewTextField({
  label,
  value,
  onChange,
  placeholder,
  error,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  placeholder?: string;
  error?: string | null;
  autoFocus?: boolean;
}) {
  const fieldId = useId();
  const counterId = useId();
  const errorId = useId();
  const count = countPlainText(value.trim());
  const over = count > REVIEW_LIMITS.textMax;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={fieldId}>
        {label}
      </label>
      <textarea
        id={fieldId}
        className={styles.textarea}
        rows={4}
        value={value}
        placeholder={placeholder}
        // biome-ignore lint/a11y/noAutofocus: the field is the dialog's first thing to fill once the stars are set.
        autoFocus={autoFocus}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={[counterId, error ? errorId : null].filter(Boolean).join(' ')}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <div className={styles.fieldFoot}>
        {error ? (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        ) : (
          <span />
        )}
        <p id={counterId} className={over ? `${styles.counter} ${styles.counterOver}` : styles.counter}>
          {count} / {REVIEW_LIMITS.textMax}
        </p>
      </div>
    </div>
  );
}
