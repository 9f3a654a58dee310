import { categoryByValue } from '@campus/contract';
import { Tag } from 'lucide-react';
import { formatPrice } from './format-post.ts';
import styles from './post-tags.module.css';

/** The price of an item, large and in the campus colour: '$25', 'Free'. Nothing without a price. */
export function PriceTag({ priceCents, size = 'md' }: { priceCents: number | null; size?: 'md' | 'lg' }) {
  const price = formatPrice(priceCents);
  if (price === null) return null;
  return (
    <span className={`${styles.price} ${size === 'lg' ? styles.priceLg : ''}`}>
      <span className="visually-hidden">Price: </span>
      {price}
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
