import { CATEGORY_FILTERS } from '@campus/contract';
import { useEffect, useRef } from 'react';
import styles from './category-filter.module.css';

interface CategoryFilterProps {
  value: string;
  onChange: (value: string) => void;
}

/** 'All' and the 30 categories as a row of chips that scrolls sideways (docs/product/community.md#feed). */
export function CategoryFilter({ value, onChange }: CategoryFilterProps) {
  const rowRef = useRef<HTMLFieldSetElement>(null);

  // Keep the chosen chip in sight (after a reload with ?category=…, or a chip half off-screen).
  useEffect(() => {
    const row = rowRef.current;
    // Matched by dataset, not a selector: the value comes from the address bar.
    const chip = Array.from(row?.querySelectorAll('button') ?? []).find((button) => button.dataset.value === value);
    if (!chip || !row) return;
    const left = chip.offsetLeft - row.offsetLeft;
    if (left < row.scrollLeft || left + chip.offsetWidth > row.scrollLeft + row.clientWidth) {
      row.scrollTo({ left: Math.max(0, left - 16) });
    }
  }, [value]);

  return (
    <div className={styles.wrap}>
      <fieldset ref={rowRef} className={styles.row}>
        <legend className="visually-hidden">Category</legend>
        {CATEGORY_FILTERS.map((category) => (
          <button
            key={category.value}
            type="button"
            className={styles.chip}
            aria-pressed={category.value === value}
            data-value={category.value}
            onClick={() => {
              if (category.value !== value) onChange(category.value);
            }}
          >
            {category.text}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
