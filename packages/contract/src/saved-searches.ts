/**
 * Saved searches (docs/product/notifications.md#saved-searches, decision 040): a search page's
 * query, tab and listing filters (decision 036), kept so that new matching posts are told to
 * their owner. Constants without Zod here (the search page's button is in the entry's reach);
 * the schemas are in saved-searches-schemas.ts.
 */

const SAVED_SEARCH_LIMIT = 20;

export const SAVED_SEARCH_LIMITS = {
  /** Saved searches per member on a campus. */
  perMember: SAVED_SEARCH_LIMIT,
  /** The longest query a saved search keeps (the search page's own limit is longer; nobody types more). */
  queryMax: 200,
} as const;

export const SAVED_SEARCH_TEXTS = {
  save: 'Save this search',
  saved: 'Search saved',
  remove: 'Remove saved search',
  savedToast: 'Search saved. We’ll tell you when something new matches.',
  removedToast: 'Saved search removed.',
  title: 'Saved searches',
  intro: 'New posts that match a saved search show up in your notifications, at most once an hour for each search.',
  empty: 'No saved searches yet',
  emptyBody: 'Search for something, then choose Save this search to hear about new matches.',
  yourSaved: 'Your saved searches',
  manage: 'Manage saved searches',
  delete: 'Delete',
  deleteLabel: (query: string) => `Delete saved search ${query}`,
  media: 'Media only',
  /** Settings > Saved searches for an account that is not a member of this campus. */
  membersOnly: 'Saved searches are for members of this campus.',
  loadFailed: 'We couldn’t load your saved searches.',
  /** 409 SAVED_SEARCH_LIMIT. */
  limitReached: `You can save up to ${SAVED_SEARCH_LIMIT} searches. Delete one to save another.`,
  /** 409 SAVED_SEARCH_EXISTS. */
  alreadySaved: 'You already saved this search.',
  /** 404 SAVED_SEARCH_NOT_FOUND. */
  notFound: 'That saved search doesn’t exist.',
  /** 400 SAVED_SEARCH_NO_WORDS: a query of nothing but symbols or common words. */
  noWords: 'This search has no words to look for.',
  saveFailed: 'Couldn’t save this search. Try again.',
  deleteFailed: 'Couldn’t delete this saved search. Try again.',
  /** The in-app notification's text: 'New: Mini fridge — $45', then ' and 3 more'. */
  notification: (title: string, price: string | null, more: number) =>
    `New: ${title}${price ? ` — ${price}` : ''}${more > 0 ? ` and ${more} more` : ''}`,
  /** The daily digest email. */
  digestSubject: (count: number, campusShortName: string) =>
    `${count} new match${count === 1 ? '' : 'es'} for your saved searches on ${campusShortName} Buy / Sell`,
  digestHeading: 'New for your saved searches',
} as const;
