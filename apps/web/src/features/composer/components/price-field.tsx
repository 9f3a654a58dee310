import { formatPriceInput, normalizePriceInput } from '../lib/price.ts';
import styles from './composer.module.css';

export const PRICE_TEXTS = {
  label: 'Price in US dollars',
  placeholder: 'Price',
  free: 'Free',
} as const;

/** Optional price in whole US dollars; 0 means free (docs/product/community.md#feed: USD without decimals). */
export function PriceField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <label className={styles.chip} data-filled={value !== ''}>
      <span className={styles.currency} aria-hidden="true">
        $
      </span>
      <input
        className={styles.priceInput}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label={PRICE_TEXTS.label}
        placeholder={PRICE_TEXTS.placeholder}
        value={formatPriceInput(value)}
        onChange={(event) => {
          const next = normalizePriceInput(event.currentTarget.value);
          onChange(next);
        }}
      />
      {value === '0' && <span className={styles.free}>{PRICE_TEXTS.free}</span>}
    </label>
  );
}
