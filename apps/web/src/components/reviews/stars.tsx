import { REVIEW_LIMITS, REVIEW_MESSAGES } from '@campus/contract';
import { Star } from 'lucide-react';
import styles from './reviews.module.css';

const STEPS = Array.from({ length: REVIEW_LIMITS.starsMax }, (_, i) => i + 1);

/** A review's stars, read-only: five stars, the first `stars` filled, read out as '4 stars'. */
export function Stars({ stars, size = 16 }: { stars: number; size?: number }) {
  return (
    <span className={styles.stars} role="img" aria-label={REVIEW_MESSAGES.starLabel(stars)}>
      {STEPS.map((n) => (
        <Star key={n} aria-hidden="true" size={size} className={n <= stars ? styles.starOn : styles.starOff} />
      ))}
    </span>
  );
}

/**
 * The form's 1–5 stars: native radio buttons (arrow keys move between them, each is read out as
 * '3 stars'), drawn as stars filled up to the choice.
 */
export function StarPicker({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (stars: number) => void;
  error?: string | null;
}) {
  return (
    <fieldset className={styles.picker} aria-invalid={error ? true : undefined}>
      <legend className={styles.label}>{REVIEW_MESSAGES.starsLabel}</legend>
      <div className={styles.pickerRow}>
        {STEPS.map((n) => (
          <label key={n} className={styles.pickerStar}>
            <input
              type="radio"
              name="stars"
              value={n}
              className="visually-hidden"
              checked={value === n}
              onChange={() => onChange(n)}
            />
            <Star
              aria-hidden="true"
              size={34}
              className={value !== null && n <= value ? styles.starOn : styles.starOff}
            />
            <span className="visually-hidden">{REVIEW_MESSAGES.starLabel(n)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
