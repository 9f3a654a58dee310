import { DEAL_MESSAGES, type ListingStatus } from '@campus/contract';
import styles from './deals.module.css';

/**
 * Where a listing's deal stands, on every card and the post page (docs/product/selling.md):
 * 'Pending' as a tag, 'Sold' as a tag; nothing while it is available.
 */
export function ListingStatusTag({ status }: { status: ListingStatus }) {
  if (status === 'available') return null;
  return (
    <span className={status === 'sold' ? styles.soldTag : styles.pendingTag}>
      <span className="visually-hidden">Status: </span>
      {status === 'sold' ? DEAL_MESSAGES.soldRibbon : DEAL_MESSAGES.pendingTag}
    </span>
  );
}

/**
 * The 'Sold' ribbon across the corner of a sold listing's card (profile cards,
 * docs/product/selling.md). `corner`: the top-left one on photos, whose top-right holds the
 * video or more-photos badge.
 */
export function SoldRibbon({ status, corner = 'right' }: { status: ListingStatus; corner?: 'left' | 'right' }) {
  if (status !== 'sold') return null;
  return (
    <span className={corner === 'left' ? `${styles.ribbon} ${styles.ribbonLeft}` : styles.ribbon} aria-hidden="true">
      {DEAL_MESSAGES.soldRibbon}
    </span>
  );
}

/** The post page's line for a sold listing: 'Sold', large, above the listing. */
export function SoldBanner({ status }: { status: ListingStatus }) {
  if (status !== 'sold') return null;
  return (
    <p className={styles.soldBanner} role="note">
      {DEAL_MESSAGES.soldBanner}
    </p>
  );
}

/** 'Pending' over a listing's photo (the media feed's tiles, the profile's photo cards). */
export function PendingOnPhoto({ status }: { status: ListingStatus }) {
  if (status !== 'pending') return null;
  return (
    <span className={`${styles.pendingTag} ${styles.onPhoto}`} aria-hidden="true">
      {DEAL_MESSAGES.pendingTag}
    </span>
  );
}
