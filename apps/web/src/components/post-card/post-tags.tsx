import { type Condition, categoryByValue, conditionText, LISTING_MESSAGES } from '@campus/contract';
import { Clock3, Tag } from 'lucide-react';
import { formatPrice } from './format-post.ts';
import styles from './post-tags.module.css';

/**
 * The price of an item, large and in the campus colour: '$25', 'Free'. Nothing without a price.
 * After a drop, for 7 days, the old price follows it struck through ('$45 ~~$60~~',
 * docs/product/selling.md#price-drops; the server sends `previousPriceCents` only then).
 */
export function PriceTag({
  priceCents,
  previousPriceCents = null,
  size = 'md',
}: {
  priceCents: number | null;
  previousPriceCents?: number | null;
  size?: 'md' | 'lg';
}) {
  const price = formatPrice(priceCents);
  if (price === null) return null;
  const was = previousPriceCents !== null && priceCents !== null ? formatPrice(previousPriceCents) : null;
  return (
    <span className={styles.priceGroup}>
      <span className={`${styles.price} ${size === 'lg' ? styles.priceLg : ''}`}>
        <span className="visually-hidden">Price: </span>
        {price}
      </span>
      {was && (
        <s className={`${styles.was} ${size === 'lg' ? styles.wasLg : ''}`}>
          <span className="visually-hidden">{LISTING_MESSAGES.previousPrice} </span>
          {was}
        </s>
      )}
    </span>
  );
}

/** The item's condition as a tag ('Like new', docs/product/selling.md#condition). Nothing when none was given. */
export function ConditionTag({ condition }: { condition: Condition | null }) {
  const text = conditionText(condition);
  if (!text) return null;
  return (
    <span className={`${styles.tag} ${styles.condition}`}>
      <span className="visually-hidden">{LISTING_MESSAGES.condition}: </span>
      {text}
    </span>
  );
}

/** 'Expired': a listing out of the feed and search until its owner renews it (docs/product/selling.md#listings-that-go-stale). */
export function ExpiredTag() {
  return (
    <span className={`${styles.tag} ${styles.expired}`}>
      <Clock3 aria-hidden="true" size={12} />
      {LISTING_MESSAGES.expired}
    </span>
  );
}

/** 'Edited', with the time of the last edit on hover (docs/product/selling.md#editing-a-listing). */
export function EditedMark({ editedAt }: { editedAt: string | null }) {
  if (!editedAt) return null;
  return (
    <span className={styles.edited} title={new Date(editedAt).toLocaleString('en-US')}>
      {LISTING_MESSAGES.edited}
    </span>
  );
}

/** The category of a post by its display text ('Textbooks'). */
export function CategoryTag({ category }: { category: string | null }) {
  if (!category) return null;
  const text = categoryByValue(category)?.text ?? category;
  return (
    <span className={styles.tag}>
      <Tag aria-hidden="true" size={12} />
      <span className="visually-hidden">Category: </span>
      {text}
    </span>
  );
}

/** The campus a post belongs to, by its short name ('OU'). */
export function CampusTag({ shortName }: { shortName: string }) {
  return (
    <span className={`${styles.tag} ${styles.campus}`}>
      <span className="visually-hidden">Campus: </span>
      {shortName}
    </span>
  );
}
