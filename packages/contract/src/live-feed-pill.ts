/**
 * The live feed's pill (docs/product/community.md#live-feed, decision 042): its texts and the
 * filter check of a new post. Apart from live-feed.ts, which the web app's entry loads: these go
 * only into the feeds' own chunks.
 */
import type { ListingFilters } from './listing-filters.ts';
import type { Condition, ListingStatus } from './listings.ts';

export const LIVE_FEED_TEXTS = {
  /** The pill above the feed: '1 new post', '3 new posts'. */
  newPosts: (n: number) => (n === 1 ? '1 new post' : `${n} new posts`),
  /** The pill while the new posts are read. */
  loading: 'Loading new posts…',
} as const;

/** A listing as the filters see it: its price, condition and where its deal stands. */
interface FilterableListing {
  priceCents: number | null;
  condition: Condition | null;
  status?: ListingStatus;
}

/**
 * Whether a listing passes the filters (docs/product/selling.md#filters-and-sorting), as the
 * server's feed statement decides it: a price range and Free only leave out posts without a
 * price, and so do the price sorts; a condition filter leaves out posts without one; sold
 * listings only with Show sold.
 */
export function listingMatchesFilters(listing: FilterableListing, filters: ListingFilters): boolean {
  const price = listing.priceCents;
  if (listing.status === 'sold' && !filters.sold) return false;
  if (filters.sort !== 'newest' && price === null) return false;
  if (filters.free && price !== 0) return false;
  if (filters.minPrice !== undefined && (price === null || price < filters.minPrice * 100)) return false;
  if (filters.maxPrice !== undefined && (price === null || price > filters.maxPrice * 100)) return false;
  if (filters.conditions.length > 0 && (listing.condition === null || !filters.conditions.includes(listing.condition)))
    return false;
  return true;
}
