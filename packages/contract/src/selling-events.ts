/**
 * Live events of selling (docs/product/selling.md), on their own so the web app's entry, which
 * routes every event, does not carry the listing and deal texts (decision 022).
 */

/** Live events about a listing (docs/product/selling.md): payload { postId }. */
export const LISTING_EVENT_TYPES = {
  /** A listing's text, price, photos or expiry changed: its cards and page are read again. */
  postChanged: 'post.changed',
  /**
   * A top-level post was created: stored in the outbox for its author (payload `{ postId }`),
   * where the saved-search job reads each campus's new posts in commit order (decision 040).
   */
  postCreated: 'listing.created',
} as const;

/** Live events of deals, to the people concerned (payload ids only, like the chat events). */
export const DEAL_EVENT_TYPES = {
  /** An offer was made or answered. Payload: { chatId, postId, offerId }. */
  offerChanged: 'offer.changed',
  /** A listing's status changed. Payload: { postId }. */
  listingChanged: 'listing.changed',
} as const;
