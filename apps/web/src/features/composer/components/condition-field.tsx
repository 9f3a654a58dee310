import { CONDITIONS, type Condition, LISTING_MESSAGES } from '@campus/contract';
import { ChevronDown, Sparkles } from 'lucide-react';
import styles from './composer.module.css';

/**
 * The item's condition, optional (docs/product/selling.md#condition): New, Like new, Good, Fair,
 * For parts. A native select, so phones show their own picker and keyboards work as everywhere.
 */
export function ConditionField({
  value,
  onChange,
}: {
  value: Condition | null;
  onChange: (value: Condition | null) => void;
}) {
  return (
    <label className={`${styles.chip} ${styles.selectChip}`} data-filled={value !== null}>
      <Sparkles className={styles.chipIcon} aria-hidden="true" size={16} />
      <span className="visually-hidden">{LISTING_MESSAGES.condition}</span>
      <select
        className={styles.chipSelect}
        value={value ?? ''}
        onChange={(event) => {
          const next = event.currentTarget.value;
          onChange(next === '' ? null : (next as Condition));
        }}
      >
        <option value="">{LISTING_MESSAGES.condition}</option>
        {CONDITIONS.map((c) => (
          <option key={c.value} value={c.value}>
            {c.text}
          </option>
        ))}
      </select>
      <ChevronDown className={styles.chipIcon} aria-hidden="true" size={16} />
    </label>
  );
}
