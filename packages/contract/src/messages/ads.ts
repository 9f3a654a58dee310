/**
 * Boosting, ads and the post page's one-time alerts (docs/product/boosting.md). Part of the message
 * catalogue (../messages.ts).
 */

import { POST_MESSAGES } from './posts.ts';

/**
 * Ad statuses and the label shown for each (docs/product/boosting.md#ad-statuses, docs/product/profiles.md#payments-page).
 * The stored value 'in review' has a space, as in the spec.
 */
export const AD_STATUS_LABELS = {
  checkout: 'Not Paid',
  'in review': 'In Review',
  scheduled: 'Scheduled',
  active: 'Running',
  paused: 'Paused',
  stopped: 'Stopped',
  rejected: 'Rejected',
  completed: 'Completed',
} as const;
export type AdStatus = keyof typeof AD_STATUS_LABELS;
export const AD_STATUSES = Object.keys(AD_STATUS_LABELS) as [AdStatus, ...AdStatus[]];

/** Statuses before the ad has spent anything: counters and spend show '--' (docs/product/boosting.md#ad-analytics-screen, docs/product/boosting.md#ad-statuses). */
const NOT_YET_SPENDING: ReadonlySet<AdStatus> = new Set(['checkout', 'scheduled', 'in review']);

export function adShowsPlaceholders(status: AdStatus): boolean {
  return NOT_YET_SPENDING.has(status);
}

/** Button label choices of the website goal (docs/product/boosting.md#boost-rules); the first is the default. */
export const CTA_LABELS = ['Visit Website', 'Learn More', 'Shop Now', 'Book Now', 'Sign Up'] as const;
export type CtaLabel = (typeof CTA_LABELS)[number];
export const DEFAULT_CTA_LABEL: CtaLabel = 'Visit Website';

/** Boosting, payment pages and ad management (docs/product/boosting.md#boost-routes, docs/product/boosting.md#ad-statuses, docs/product/boosting.md#boost-rules, docs/product/boosting.md#boosting-messages, docs/product/boosting.md#price). */
export const AD_MESSAGES = {
  /** Not signed in or no post id on the boost page; also the checkout-link browser alert. */
  signInAgain: 'Something Went Wrong. Please logout and try again.',
  websiteRequired: 'Website is required.',
  websiteInvalid: 'Website URL must have https & www.',
  /** Ours: `https://www.ou.edu@evil.example` leads to evil.example (the part before @ is a user name). */
  websiteUserInfo: 'Website URL cannot contain a user name or password (no @ before the address).',
  /** Ours: look-alike letters from other alphabets (IDN, xn--) can imitate another site's name. */
  websiteNotPlain: 'Website address must use plain letters (a-z), digits and hyphens.',
  /** Ours: production without a payment provider (decision 018); no ad is made. */
  paymentsNotConfigured: 'Payments are not configured on this site yet, so posts cannot be boosted.',
  buttonLabelRequired: 'Button label is required.',
  createFailed: 'Something went wrong',
  deleteFailed: 'Something went wrong',
  processing: 'Ad is being processed',
  resumed: 'Ad Resumed!',
  /** Resume failure, worded as spelt in the product (docs/product/boosting.md#boosting-messages). */
  resumeFailed: 'Failed to pause ad',
  titleSaved: 'Saved changes!',
  titleSaveFailed: 'Something went wrong',
  activateFailed: 'Failed to activate ad',
  pauseFailed: 'Failed to pause ad',
  stopFailed: 'Failed to stop ad',
  paused: 'Ad paused successfully',
  stopped: 'Ad stopped.',
  onlyActiveCanPause: 'Only active ads can be paused',
  onlyPausedCanResume: 'Only paused ads can be resumed',
  notFound: 'Ad not found',
  alreadyStopped: 'Ad is already stopped',
  adGone: 'Sorry, that ad has been deleted.',
  checkoutError: (message: string) => `An error occurred: ${message}`,
  notAuthenticated: 'User is not authenticated',
  alreadyBoosted: 'This post is already boosted',
  running: 'Success! Your ad is running..',
  noAds: 'No Ads',
  paymentSuccess: 'Payment Success!',
  adCancelled: 'Ad Cancelled!',
  expired: 'Expired',
  placeholder: '--',
  dailyPrice: '$5 daily',
  boostPost: 'Boost Post',
  boostAgain: 'Boost Again',
  viewAnalytics: 'View Analytics',
} as const;

/**
 * Spend of an ad against its budget (docs/product/profiles.md#payments-page, docs/product/boosting.md#ad-statuses). Amounts arrive formatted
 * (USD via Intl in the app) so that this stays free of locale concerns.
 */
export function adSpendText(status: AdStatus, spent: string, budget: string): string {
  return `${adShowsPlaceholders(status) ? AD_MESSAGES.placeholder : spent} of ${budget}`;
}

/**
 * One-time alerts of the post page, keyed by the stored flag (docs/product/boosting.md#one-time-alerts). Flag names are
 * the spec's, typo included ('actived_ad'). The spec gives no text for cancelled_ad; we show
 * the cancel page's own heading 'Ad Cancelled!' so the owner learns what happened.
 */
export const POST_PAGE_ALERTS = {
  already_boosted: AD_MESSAGES.alreadyBoosted,
  cancelled_ad: AD_MESSAGES.adCancelled,
  actived_ad: AD_MESSAGES.running,
  comment_success: POST_MESSAGES.replySent,
} as const;
