/**
 * The selling half of a post (docs/product/selling.md): its item condition, where the deal
 * stands (available → pending → sold), and whether it went stale. Constants only, without Zod,
 * so the web app's entry can use them.
 */

/** Item condition, best first: the values stored and sent, and the tag each one shows. */
export const CONDITIONS = [
  { value: 'new', text: 'New' },
  { value: 'like new', text: 'Like new' },
  { value: 'good', text: 'Good' },
  { value: 'fair', text: 'Fair' },
  { value: 'for parts', text: 'For parts' },
] as const;
export type Condition = (typeof CONDITIONS)[number]['value'];
export const CONDITION_VALUES = CONDITIONS.map((c) => c.value) as [Condition, ...Condition[]];

/** Where a listing's deal stands. Only its owner moves it. */
export const LISTING_STATUSES = ['available', 'pending', 'sold'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const LISTING_TIMES = {
  /** A lowered price shows the old one struck through this long, in ms. */
  priceDropShownMs: 7 * 24 * 60 * 60 * 1000,
  /** After this long without a change the seller is asked 'Is {title} still available?', in ms. */
  staleAfterMs: 30 * 24 * 60 * 60 * 1000,
  /** …and this long after that question, a listing not renewed expires, in ms. */
  expireAfterQuestionMs: 14 * 24 * 60 * 60 * 1000,
  /** Renewing moves a listing to the top at most this often, in ms. */
  renewEveryMs: 7 * 24 * 60 * 60 * 1000,
} as const;
