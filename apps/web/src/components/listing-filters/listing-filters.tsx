import {
  CONDITIONS,
  type Condition,
  LISTING_FILTER_TEXTS,
  LISTING_SORTS,
  type ListingFilters,
  type ListingSort,
  MAX_FILTER_PRICE_DOLLARS,
  NO_LISTING_FILTERS,
} from '@campus/contract';
import { SlidersHorizontal } from 'lucide-react';
import { type CSSProperties, type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/list-states.tsx';
import { DialogCloseButton, DialogShell, DialogTitle } from '@/components/ui/modal.tsx';
import { useListingFilters } from '@/lib/listing-filters.ts';
import styles from './listing-filters.module.css';

const TEXTS = LISTING_FILTER_TEXTS;

/** A price field's text as whole dollars; undefined when empty, NaN when not a whole number in range. */
function dollarsOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/^\d{1,7}$/.test(trimmed)) return Number.NaN;
  const n = Number(trimmed);
  return n <= MAX_FILTER_PRICE_DOLLARS ? n : Number.NaN;
}

interface FormProps {
  initial: ListingFilters;
  onApply: (filters: ListingFilters) => void;
}

/** The panel's fields: price range, Free only, condition, Show sold and the sort; Apply and Clear. */
function FiltersForm({ initial, onApply }: FormProps) {
  const id = useId();
  const [min, setMin] = useState(initial.minPrice === undefined ? '' : String(initial.minPrice));
  const [max, setMax] = useState(initial.maxPrice === undefined ? '' : String(initial.maxPrice));
  const [free, setFree] = useState(initial.free);
  const [conditions, setConditions] = useState<readonly Condition[]>(initial.conditions);
  const [sold, setSold] = useState(initial.sold);
  const [sort, setSort] = useState<ListingSort>(initial.sort);
  const [error, setError] = useState<string | null>(null);
  const minRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minPrice = free ? undefined : dollarsOf(min);
    const maxPrice = free ? undefined : dollarsOf(max);
    const problem =
      Number.isNaN(minPrice) || Number.isNaN(maxPrice)
        ? TEXTS.priceInvalid
        : minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice
          ? TEXTS.minAboveMax
          : null;
    if (problem) {
      setError(problem);
      minRef.current?.focus();
      return;
    }
    onApply({
      ...(minPrice === undefined ? {} : { minPrice }),
      ...(maxPrice === undefined ? {} : { maxPrice }),
      free,
      conditions,
      sold,
      sort,
    });
  };

  const toggleCondition = (value: Condition, on: boolean) =>
    setConditions((current) => (on ? [...current, value] : current.filter((c) => c !== value)));

  const errorId = `${id}-price-error`;
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{TEXTS.price}</legend>
        <div className={styles.priceRow}>
          <label className={styles.priceField}>
            <span className={styles.priceLabel}>{TEXTS.minPrice}</span>
            <span className={styles.dollar} aria-hidden="true">
              $
            </span>
            <input
              ref={minRef}
              name="minPrice"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              placeholder="0"
              value={min}
              disabled={free}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => {
                setMin(e.target.value);
                setError(null);
              }}
            />
          </label>
          <span className={styles.dash} aria-hidden="true">
            –
          </span>
          <label className={styles.priceField}>
            <span className={styles.priceLabel}>{TEXTS.maxPrice}</span>
            <span className={styles.dollar} aria-hidden="true">
              $
            </span>
            <input
              name="maxPrice"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              placeholder="Any"
              value={max}
              disabled={free}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => {
                setMax(e.target.value);
                setError(null);
              }}
            />
          </label>
        </div>
        {error && (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        )}
        <label className={styles.check}>
          <input
            type="checkbox"
            name="free"
            checked={free}
            onChange={(e) => {
              setFree(e.target.checked);
              setError(null);
            }}
          />
          {TEXTS.freeOnly}
        </label>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{TEXTS.condition}</legend>
        <div className={styles.conditionChecks}>
          {CONDITIONS.map((condition) => (
            <label key={condition.value} className={styles.check}>
              <input
                type="checkbox"
                name="condition"
                value={condition.value}
                checked={conditions.includes(condition.value)}
                onChange={(e) => toggleCondition(condition.value, e.target.checked)}
              />
              {condition.text}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className="visually-hidden">{TEXTS.showSold}</legend>
        <label className={styles.check}>
          <input type="checkbox" name="sold" checked={sold} onChange={(e) => setSold(e.target.checked)} />
          {TEXTS.showSold}
        </label>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{TEXTS.sort}</legend>
        <div className={styles.checks}>
          {LISTING_SORTS.map((option) => (
            <label key={option.value} className={styles.check}>
              <input
                type="radio"
                name="sort"
                value={option.value}
                checked={sort === option.value}
                onChange={() => setSort(option.value)}
              />
              {option.text}
            </label>
          ))}
        </div>
      </fieldset>

      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => onApply(NO_LISTING_FILTERS)}>
          {TEXTS.clear}
        </Button>
        <Button type="submit">{TEXTS.apply}</Button>
      </div>
    </form>
  );
}

/**
 * 'Filters' ('Filters (2)' when two apply) and its panel (docs/product/selling.md#filters-and-sorting): a popover
 * under the button on wide screens, a sheet from the bottom edge on phones. Radix's dialog traps
 * the focus, closes on Escape and gives the focus back to the button.
 */
function ListingFiltersButton() {
  const { filters, count, apply } = useListingFilters();
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState<CSSProperties>();
  const buttonRef = useRef<HTMLButtonElement>(null);

  const openPanel = () => {
    const rect = buttonRef.current?.getBoundingClientRect();
    if (rect) {
      setAnchor({
        '--filters-top': `${Math.round(rect.bottom + 8)}px`,
        '--filters-right': `${Math.max(8, Math.round(window.innerWidth - rect.right))}px`,
      } as CSSProperties);
    }
    setOpen(true);
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-active={count > 0 || undefined}
        onClick={openPanel}
      >
        <SlidersHorizontal aria-hidden="true" size={16} />
        {count > 0 ? TEXTS.buttonWithCount(count) : TEXTS.button}
      </button>
      <DialogShell
        open={open}
        onOpenChange={setOpen}
        layout="sheet"
        className={styles.panel}
        overlayClassName={styles.overlay}
        style={anchor}
        // Back to the button, also when applying re-rendered the page under the panel.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          buttonRef.current?.focus();
        }}
      >
        <div className={styles.header}>
          <DialogTitle className={styles.title}>{TEXTS.title}</DialogTitle>
          <DialogCloseButton />
        </div>
        <FiltersForm
          initial={filters}
          onApply={(next) => {
            apply(next);
            setOpen(false);
          }}
        />
      </DialogShell>
    </>
  );
}

/** A row above a list that holds the Filters button (beside whatever else the page puts there). */
export function FiltersBar({ children }: { children?: React.ReactNode }) {
  return (
    <div className={styles.bar}>
      {children}
      <ListingFiltersButton />
    </div>
  );
}

/** The empty list when filters apply: 'No listings match these filters' and Clear filters. */
export function NoListingsMatch() {
  const { clear } = useListingFilters();
  return (
    <EmptyState
      icon={<SlidersHorizontal aria-hidden="true" size={28} />}
      title={TEXTS.emptyTitle}
      action={
        <Button variant="secondary" onClick={clear}>
          {TEXTS.clearFilters}
        </Button>
      }
    />
  );
}
