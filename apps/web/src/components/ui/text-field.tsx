import { Eye, EyeOff } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useId, useState } from 'react';
import styles from './text-field.module.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string | null;
  /** A quiet line under the field while there is no error. */
  hint?: ReactNode;
  /** Beside the label, right-aligned (e.g. the 'Forgot Password' link). */
  labelAside?: ReactNode;
  /** Inside the field, at its end (e.g. the show-password button). */
  trailing?: ReactNode;
  inputClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input with its error under it (docs/product/accounts.md#validation), wired for screen readers. Its
 * `ref` (a prop, React 19) is the input's.
 */
export function TextField({
  label,
  error,
  hint,
  labelAside,
  trailing,
  inputClassName,
  id,
  ref,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messageId = `${inputId}-message`;
  const message = error || hint;
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label className={styles.label} htmlFor={inputId}>
          {label}
        </label>
        {labelAside}
      </div>
      <div className={styles.control}>
        <input
          ref={ref}
          id={inputId}
          className={[styles.input, trailing && styles.withTrailing, inputClassName].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          {...input}
        />
        {trailing}
      </div>
      {error ? (
        <p id={messageId} className={styles.error}>
          {error}
        </p>
      ) : (
        hint && (
          <p id={messageId} className={styles.hint}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}

type EmailFieldProps = Omit<TextFieldProps, 'type' | 'label'> & { label?: string };

/** An email input: the right keyboard on phones, no capitals, no spelling marks. */
export function EmailField({ label = 'Email', ...props }: EmailFieldProps) {
  return (
    <TextField
      label={label}
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with a show/hide toggle (people on phones mistype passwords). */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className={styles.reveal}
          aria-label="Show password"
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <Icon aria-hidden="true" size={20} />
        </button>
      }
    />
  );
}
