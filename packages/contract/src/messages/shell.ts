/**
 * The shell's own texts: alert styles and links, banners, the progress modal, the not-found page.
 * Part of the message catalogue (../messages.ts).
 */

/** Alert styles (docs/product/community.md#alerts). */
const ALERT_TYPES = ['success', 'okay', 'black', 'danger'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** Banners of the shell (docs/product/community.md#shell-and-layout) and the verify-school modal button. */
export const BANNER_TEXTS = {
  verifyYourAccount: 'Verify your account',
  visitYourCampus: 'Visit Your Campus',
  verifyAccount: 'Verify Account',
} as const;

/** The long-running operation modal (docs/product/community.md#modals). */
export const PROGRESS_MODAL_TEXTS = {
  updatingAccount: 'Updating account data...',
  longWait: 'This can take up to 30 seconds. DO NOT re-load the page!',
} as const;

/** The not-found page and /404 (docs/product/community.md#route-table). */
export const NOT_FOUND_TEXTS = {
  error404: 'Error 404',
  pageDoesNotExist: "This page doesn't exist.",
  trySearchingElse: 'Try searching for something else.',
  goToFeed: 'Go To Feed',
} as const;

/** Links that some alerts carry (docs/product/community.md#alerts). */
export const ALERT_LINK_LABELS = { viewPost: 'View', viewBag: 'View Bag' } as const;

/**
 * Which link an alert carries, decided by its text as the spec states: 'post was sent'
 * adds View (to /post/{id}), 'added to bag' adds View Bag (to /cart).
 */
export function alertLinkFor(message: string): 'post' | 'bag' | null {
  if (message.includes('post was sent')) return 'post';
  if (message.includes('added to bag')) return 'bag';
  return null;
}
