import { codePointLength, LIMITS, PROFILE_MESSAGES } from '@campus/contract';
import { useId } from 'react';
import styles from './bio-field.module.css';
import { clipBio } from './profile-rules.ts';

interface BioFieldProps {
  label: string;
  value: string;
  onChange: (bio: string) => void;
  /** Ids of more text that describes the field (e.g. the step's lead). */
  describedBy?: string;
}

/** The bio box of set-up and Edit Bio: cut at 160 characters, with the live 'n / 160' (docs/product/profiles.md#profile-rules). */
export function BioField({ label, value, onChange, describedBy }: BioFieldProps) {
  const fieldId = useId();
  const counterId = useId();
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
        aria-describedby={[describedBy, counterId].filter(Boolean).join(' ')}
        onChange={(event) => {
          const bio = clipBio(event.currentTarget.value);
          onChange(bio);
        }}
      />
      <p id={counterId} className={styles.counter}>
        {PROFILE_MESSAGES.counter(codePointLength(value), LIMITS.bioMax)}
      </p>
    </div>
  );
}
