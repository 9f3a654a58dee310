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

/** A listing's title in notifications: the first line of its text, as other notifications quote it. */
export function listingTitle(plainText: string): string {
  const firstLine = plainText.trim().split('\n')[0]?.trim() ?? '';
  const chars = [...firstLine];
  if (chars.length === 0) return 'your listing';
  return chars.length > 80 ? `${chars.slice(0, 79).join('')}…` : firstLine;
}

/** A price for people: '$60', '$12.50', or 'Free' for 0 (no Intl: the web entry uses it too). */
export function listingPrice(cents: number): string {
  if (cents === 0) return 'Free';
  const dollars = Math.floor(cents / 100);
  const rest = cents % 100;
  const grouped = String(dollars).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return rest === 0 ? `$${grouped}` : `$${grouped}.${String(rest).padStart(2, '0')}`;
}

/** The words of editing, conditions, price drops and stale listings (docs/product/selling.md). */
export const LISTING_MESSAGES = {
  /** The saver's notification of a price drop. */
  priceDropped: (title: string, fromCents: number, toCents: number) =>
    `Price dropped on ${title}: ${listingPrice(fromCents)} → ${listingPrice(toCents)}`,
  /** The seller's question 30 days after a listing's last change. */
  stillAvailable: (title: string) => `Is ${title} still available?`,
  /** 409 RENEW_TOO_SOON: renewing moves a listing to the top at most once a week. */
  renewTooSoon: (renewableAt: Date) =>
    `You can renew a listing once a week. You can renew this one again on ${renewableAt.toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    })}.`,
  /** 409 LISTING_SOLD: a sold listing stays where it is. */
  soldCannotRenew: "A sold listing can't be renewed.",
  /** 400 MEDIA_NOT_FOUND: the edit named a photo or video that is not (or no longer) this listing's. */
  mediaNotFound: 'One of the photos is no longer part of this listing. Reload the page and try again.',
  /** 400 INVALID_POST: the files sent and the order given do not match. */
  mediaOrderInvalid: 'The photos could not be put in order. Try again.',
  edited: 'Edited',
  expired: 'Expired',
  expiredNote: 'This listing expired and is no longer in the feed or search.',
  /** …to its owner, beside Renew. */
  expiredNoteOwner:
    'This listing expired and is no longer in the feed or search. Renew it to bring it back to the top.',
  renew: 'Renew',
  renewed: 'Renewed: your listing is back at the top of the feed.',
  markSold: 'Mark sold',
  delete: 'Delete',
  editListing: 'Edit listing',
  edit: 'Edit',
  saveChanges: 'Save changes',
  saving: 'Saving…',
  saved: 'Your changes are saved.',
  discardChangesTitle: 'Discard changes?',
  discardChangesBody: 'Your changes to this listing will be lost.',
  discard: 'Discard',
  keepEditing: 'Keep Editing',
  condition: 'Condition',
  noCondition: 'Not specified',
  moveEarlier: 'Move earlier',
  moveLater: 'Move later',
  removePhoto: 'Remove',
  previousPrice: 'Was',
} as const;

/** The text of a condition's tag ('Like new'), or null for none. */
export function conditionText(value: Condition | null | undefined): string | null {
  return CONDITIONS.find((c) => c.value === value)?.text ?? null;
}
