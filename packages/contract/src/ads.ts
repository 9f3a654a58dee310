/**
 * Boosting posts as sponsored ads, the payment pages and the payments summary (docs/product/boosting.md; also
 * docs/product/community.md#feed, docs/product/profiles.md#payments-page). Both apps read this file; it only grows.
 *
 * Routes (all JSON; `viewer` = the signed-in, school-verified member of this campus unless noted):
 *
 *   GET    /api/posts/:postId/boost             → PostBoostStatus   whoever may read the post (school-verified
 *                                                                   accounts; 401/403 otherwise, 404 across a block):
 *                                                                   the owner's controls or the visitor's CTA
 *   POST   /api/posts/:postId/boost             BoostBody → 201 BoostStarted {adId, sessionId, url}
 *                                                                   owner only; creates the ad ('checkout') and a
 *                                                                   checkout session; the price is computed here
 *                                                                   from the days (any price sent is ignored);
 *                                                                   409 ALREADY_BOOSTED 'This post is already boosted'
 *                                                                   503 PAYMENTS_NOT_CONFIGURED in production without
 *                                                                   Stripe (AD_MESSAGES.paymentsNotConfigured)
 *   POST   /api/posts/:postId/alert             → PostAlert {alert}  owner's one-time post-page alert: read AND cleared
 *   GET    /api/checkout-sessions/:sessionId    → CheckoutSessionStatus  the success page polls this until
 *                                                                   `adStatus` is 'active' (owner only)
 *   POST   /api/checkout-sessions/:sessionId/cancel → CancelCheckoutResponse  deletes the ad if still unpaid,
 *                                                                   sets the cancelled_ad alert (owner only)
 *   GET    /api/test-checkout/:sessionId        → TestCheckoutSession  the local test checkout page's data
 *                                                                   (only outside production without Stripe;
 *                                                                   otherwise the route does not exist: 404)
 *   POST   /api/test-checkout/:sessionId        TestCardBody → TestCheckoutResult {redirectUrl}
 *                                                                   402 CARD_DECLINED 'Your card was declined.'
 *   GET    /api/ads?cursor=                     → AdList            the viewer's ads on this campus, newest first
 *   GET    /api/ads/:adId                       → AdDetail          owner only; 404 AD_NOT_FOUND
 *                                                                   'Sorry, that ad has been deleted.'
 *   PATCH  /api/ads/:adId                       UpdateAdBody {title} → Ad   ('Saved changes!' on the web)
 *   POST   /api/ads/:adId/pause                 → AdActionResponse  400 AD_NOT_ACTIVE 'Only active ads can be paused'
 *   POST   /api/ads/:adId/resume                → AdActionResponse  400 AD_NOT_PAUSED 'Only paused ads can be resumed'
 *   POST   /api/ads/:adId/stop                  → AdActionResponse  404 AD_NOT_FOUND 'Ad not found',
 *                                                                   409 AD_ALREADY_STOPPED 'Ad is already stopped'
 *   POST   /api/analytics                       TrackAnalyticsBody → TrackAnalyticsResponse  anyone (guests too);
 *                                                                   counted only while the owner has an active ad,
 *                                                                   never the owner's own actions
 *   GET    /api/payments                        → PaymentsSummary   available funds + payment activity
 *   POST   /api/payments/stripe/webhook         raw Stripe event (signed) → {received: true}; Stripe only
 *
 *   GET    /api/posts?cursor=&category=&shown= → FeedPage           the feed now also carries `sponsored`: one ad
 *                                                                   after every 4th post of the whole scroll, cycling
 *                                                                   through the running ads; `shown` = the posts the
 *                                                                   client already shows above this page (0 first).
 *
 * Error bodies are ApiError {statusCode, code, message}; codes are in ERROR_CODES.
 */
import { z } from 'zod';
import { RowIdSchema } from './chats.ts';
import { ADS, LIMITS } from './constants.ts';
import { AD_MESSAGES, AD_STATUSES, type AdStatus, CTA_LABELS, DEFAULT_CTA_LABEL } from './messages.ts';
import { PostAuthorSchema, PostListSchema, PostMediaSchema, PostPageQuerySchema, PostSchema } from './posts.ts';
import { hasNulCharacter } from './text-length.ts';

// The statuses, their labels, the CTA labels and every spec message of ads live in messages.ts
// (AD_STATUS_LABELS, AD_STATUSES, CTA_LABELS, DEFAULT_CTA_LABEL, AD_MESSAGES, POST_PAGE_ALERTS,
// adSpendText, adShowsPlaceholders); the constants in constants.ts (ADS).

/** Goals of a boost (docs/product/boosting.md#boost-page): where the call-to-action leads. */
export const AD_GOALS = ['website', 'message', 'profile'] as const;
export type AdGoal = (typeof AD_GOALS)[number];

/** Statuses in which a post counts as boosted: no second boost (docs/product/boosting.md#boost-again). */
export const AD_BLOCKING_STATUSES: readonly AdStatus[] = ['active', 'paused', 'scheduled', 'in review'];
/** Statuses after which the owner is offered Boost Again. */
export const AD_FINISHED_STATUSES: readonly AdStatus[] = ['stopped', 'completed'];

/**
 * Budget of a run-until-paused ad: it is paid up front for the longest run (30 days) and spends
 * $5 a day while it runs; what is not spent when it is stopped goes to the owner's available
 * funds (decision 018).
 */
export const RUN_UNTIL_PAUSE_DAYS = ADS.maxDays;

/** The one price rule (docs/product/boosting.md#price): $5 a day, in cents. The server computes it again; the browser never sends it. */
export function boostPriceCents(input: { days: number; runUntilPause?: boolean }): number {
  const days = input.runUntilPause ? RUN_UNTIL_PAUSE_DAYS : input.days;
  return days * ADS.centsPerDay;
}

/**
 * What Boost Post charges, said on the boost page before the button (docs/decisions/030-feed-ads-and-rough-edges.md): the checkout's
 * amount and what it pays for. '$15 now: 3 days at $5 a day'; run until paused (docs/product/boosting.md#price
 * '$5 daily') is paid up front for 30 days: '$150 now: 30 days at $5 a day, runs until paused'.
 */
export function boostChargeText(input: { days: number; runUntilPause: boolean }): string {
  const days = input.runUntilPause ? RUN_UNTIL_PAUSE_DAYS : input.days;
  const run = `${formatUsd(boostPriceCents(input))} now: ${days === 1 ? '1 day' : `${days} days`} at ${formatUsd(ADS.centsPerDay)} a day`;
  return input.runUntilPause ? `${run}, runs until paused` : run;
}

/** What comes back when the ad stops (decision 018): the unspent part of the budget, to Available Funds. */
export function boostReturnText(runUntilPause: boolean): string {
  const rule = `(${formatUsd(ADS.centsPerDay)} a day of running time)`;
  return runUntilPause
    ? `When you stop it, what it has not spent ${rule} goes back to your Available Funds.`
    : `If you stop it early, what it has not spent ${rule} goes back to your Available Funds.`;
}

/** Estimated daily reach text (docs/product/boosting.md#estimated-reach). */
export function boostReachText(runUntilPause: boolean): string {
  return runUntilPause ? ADS.reachUntilPaused : ADS.reachFixed;
}

/** Messages of the payment pages that the spec has no words for (ours; decision 018). */
export const PAYMENT_MESSAGES = {
  /** Heading of the local test checkout page. */
  testModeTitle: 'Test mode',
  testModeNotice:
    'This is a test checkout. No real card is charged. Use 4242 4242 4242 4242, any future date and any CVC.',
  cardDeclined: 'Your card was declined.',
  cardNumberInvalid: 'Your card number is incomplete.',
  expiryInvalid: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration year is in the past.",
  cvcInvalid: "Your card's security code is incomplete.",
  payButton: (amount: string) => `Pay ${amount}`,
  checkoutExpired: 'This checkout has ended.',
  waitingForActivation: 'Activating your ad...',
  availableFunds: 'Available Funds',
  paymentActivity: 'Payment Activity',
  customerSupport: 'Customer Support',
} as const;

/**
 * Test card numbers the local test checkout accepts (Stripe's documented successful test
 * cards); every other number is declined, e.g. 4000 0000 0000 0002.
 */
export const TEST_CARDS_APPROVED = [
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
  '6011111111111117',
] as const;

const parseUrl = (value: string): URL | null => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};

/**
 * What is wrong with an ad's website address, or null (docs/product/boosting.md#boost-rules; the security issue's item 11).
 * Besides https and a dotted host name, the address must say plainly where it leads: nothing
 * before an `@` (`https://www.ou.edu@evil.example` goes to evil.example), no backslash, space or
 * control character (`https://evil.example\@ou.edu` is evil.example to a browser), and no
 * look-alike letters from other alphabets (a host with an `xn--` label once parsed).
 */
function adUrlProblem(value: string): string | null {
  // `https:evil.example` parses too; the address must spell out where it goes. URL parsing
  // also drops tabs and newlines anywhere, so they (and every control character) are refused.
  const hidden = /[\s\\]/.test(value) || Array.from(value).some((c) => c < ' ' || c === '\u007f');
  if (!/^https:\/\//i.test(value) || hidden) return AD_MESSAGES.websiteInvalid;
  const url = parseUrl(value);
  if (url?.protocol !== 'https:') return AD_MESSAGES.websiteInvalid;
  const authority = value.slice('https://'.length).split(/[/?#]/, 1)[0] ?? '';
  if (url.username !== '' || url.password !== '' || authority.includes('@')) return AD_MESSAGES.websiteUserInfo;
  if (!url.hostname.includes('.')) return AD_MESSAGES.websiteInvalid;
  if (url.hostname.split('.').some((label) => label.startsWith('xn--'))) return AD_MESSAGES.websiteNotPlain;
  return null;
}

/** A website address of an ad (docs/product/boosting.md#boost-rules): at most 50 characters, https, a plain host name. */
const AdUrlSchema = z
  .string()
  .trim()
  .max(LIMITS.adUrlMax, AD_MESSAGES.websiteInvalid)
  .superRefine((value, ctx) => {
    const problem = value === '' ? null : adUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * The boost form (docs/product/boosting.md#boost-page, docs/product/boosting.md#boost-rules). For the website goal the URL and the label are required.
 * `days` is 1–30 (default 4), ignored when `runUntilPause`. No price: the server computes it.
 * Unknown keys (a price the browser made up) are dropped.
 */
export const BoostBodySchema = z
  .object({
    goal: z.enum(AD_GOALS).default('website'),
    url: AdUrlSchema.default(''),
    label: z.union([z.enum(CTA_LABELS), z.literal('')]).default(DEFAULT_CTA_LABEL),
    days: z.number().int().min(ADS.minDays).max(ADS.maxDays).default(ADS.defaultDays),
    runUntilPause: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if (body.goal !== 'website') return;
    if (body.url === '') ctx.addIssue({ code: 'custom', path: ['url'], message: AD_MESSAGES.websiteRequired });
    if (body.label === '') ctx.addIssue({ code: 'custom', path: ['label'], message: AD_MESSAGES.buttonLabelRequired });
  });
export type BoostBody = z.input<typeof BoostBodySchema>;
export type BoostInput = z.output<typeof BoostBodySchema>;

export const BoostStartedSchema = z.object({
  adId: z.string(),
  sessionId: z.string(),
  /** Where to send the browser: Stripe Checkout, or the local test checkout (/test-checkout/{sessionId}). */
  url: z.string(),
});
export type BoostStarted = z.infer<typeof BoostStartedSchema>;

const AdCtaSchema = z.object({
  type: z.enum(AD_GOALS),
  /** The website for the website goal, else ''. */
  url: z.string(),
  /** The button label for the website goal, else '' (the web shows Send Message / the profile link). */
  label: z.string(),
});
export type AdCta = z.infer<typeof AdCtaSchema>;

const AdTargetingSchema = z.object({
  locations: z.array(z.string()),
  interests: z.array(z.string()),
  school_years: z.array(z.string()),
});

const AdBudgetSchema = z.object({
  durationMinutes: z.number().int(),
  amountBudgetedCents: z.number().int(),
  totalSpentCents: z.number().int(),
});

/** The boosted post as ad lists show it. */
const AdPostPreviewSchema = z.object({
  id: z.string(),
  plainText: z.string(),
  priceCents: z.number().int().nullable(),
  media: PostMediaSchema.nullable(),
});

/** An ad (docs/product/boosting.md#ad-record). Times are ISO strings; durations in milliseconds; money in cents. */
export const AdSchema = z.object({
  id: z.string(),
  postId: z.string(),
  campusId: z.string(),
  title: z.string(),
  cta: AdCtaSchema,
  targeting: AdTargetingSchema,
  budget: AdBudgetSchema,
  runUntilPause: z.boolean(),
  startTime: z.string().nullable(),
  endTimeAdjusted: z.string().nullable(),
  pausedAt: z.string().nullable(),
  timePausedMs: z.number().int(),
  status: z.enum(AD_STATUSES),
  statusLabel: z.string(),
  lastChargedAt: z.string().nullable(),
  paymentId: z.string().nullable(),
  user: PostAuthorSchema,
  post: AdPostPreviewSchema,
  createdAt: z.string(),
  lastModified: z.string(),
});
export type Ad = z.infer<typeof AdSchema>;

/** My Ads list item: the same fields as the ad (lists are short; one shape to render). */
const AdListItemSchema = AdSchema;
export type AdListItem = z.infer<typeof AdListItemSchema>;

export const AdListSchema = z.object({ ads: z.array(AdListItemSchema), nextCursor: z.string().nullable() });
export type AdList = z.infer<typeof AdListSchema>;

/** Post analytics counters (docs/product/boosting.md#post-analytics). */
const PostAnalyticsSchema = z.object({
  views: z.number().int(),
  accountsReached: z.number().int(),
  directMessages: z.number().int(),
  copiedLink: z.number().int(),
  externalLinkClicks: z.number().int(),
  profileVisits: z.number().int(),
});
export type PostAnalytics = z.infer<typeof PostAnalyticsSchema>;

export const AdDetailSchema = z.object({
  ad: AdSchema,
  analytics: PostAnalyticsSchema,
  /** The server's clock when answering, so time left and runtime do not depend on the device's clock. */
  now: z.string(),
});
export type AdDetail = z.infer<typeof AdDetailSchema>;

export const AdIdParamsSchema = z.object({ adId: RowIdSchema });
export const PostIdParamsSchema = z.object({ postId: RowIdSchema });
export const SessionIdParamsSchema = z.object({ sessionId: z.string().regex(/^[A-Za-z0-9_-]{1,255}$/, 'Not found.') });

export const UpdateAdBodySchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, AD_MESSAGES.titleSaveFailed)
      .max(LIMITS.adTitleMax, `Title can be at most ${LIMITS.adTitleMax} characters.`)
      .refine((t) => !hasNulCharacter(t), AD_MESSAGES.titleSaveFailed),
  })
  .strict();
export type UpdateAdBody = z.input<typeof UpdateAdBodySchema>;

/** Pause / resume / stop answer the ad and the spec's success message. */
export const AdActionResponseSchema = z.object({ ad: AdSchema, message: z.string() });
export type AdActionResponse = z.infer<typeof AdActionResponseSchema>;

/** One-time post-page alert flags (docs/product/boosting.md#one-time-alerts), see POST_PAGE_ALERTS for their texts. */
const POST_ALERT_FLAGS = ['already_boosted', 'cancelled_ad', 'actived_ad'] as const;
export const PostAlertSchema = z.object({ alert: z.enum(POST_ALERT_FLAGS).nullable() });
export type PostAlert = z.infer<typeof PostAlertSchema>;

/**
 * What the post page needs about boosting. For the owner: the latest ad (status, id) and which
 * button to show; for everyone else: the call-to-action while the ad is active.
 */
export const PostBoostStatusSchema = z.object({
  isOwner: z.boolean(),
  /** Owner only: the post's latest ad, or null. */
  ad: z.object({ id: z.string(), status: z.enum(AD_STATUSES), statusLabel: z.string(), title: z.string() }).nullable(),
  /** Owner only: which boost button to show. 'analytics' = View Analytics (a boosted post). */
  ownerAction: z.enum(['boost', 'analytics', 'boost-again']).nullable(),
  /** Owner only: the ad is paused (the paused label). */
  paused: z.boolean(),
  /** Non-owners: the active ad's call-to-action (null when not active). */
  cta: AdCtaSchema.nullable(),
  /**
   * Non-owners: an ad of the post is running (its views and clicks are counted). The ad's id
   * is the owner's only (`ad.id`).
   */
  adRunning: z.boolean(),
});
export type PostBoostStatus = z.infer<typeof PostBoostStatusSchema>;

export const CheckoutSessionStatusSchema = z.object({
  sessionId: z.string(),
  postId: z.string(),
  /** null once the unpaid ad was deleted (cancelled). */
  adId: z.string().nullable(),
  adStatus: z.enum(AD_STATUSES).nullable(),
  paid: z.boolean(),
});
export type CheckoutSessionStatus = z.infer<typeof CheckoutSessionStatusSchema>;

export const CancelCheckoutResponseSchema = z.object({ postId: z.string(), deleted: z.boolean() });
export type CancelCheckoutResponse = z.infer<typeof CancelCheckoutResponseSchema>;

/** The local test checkout page's data (decision 018). */
export const TestCheckoutSessionSchema = z.object({
  sessionId: z.string(),
  testMode: z.literal(true),
  productName: z.literal('Boost Post'),
  currency: z.literal('usd'),
  amountCents: z.number().int(),
  days: z.number().int(),
  runUntilPause: z.boolean(),
  postId: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  cancelUrl: z.string(),
  successUrl: z.string(),
});
export type TestCheckoutSession = z.infer<typeof TestCheckoutSessionSchema>;

/** Card form of the local test checkout: digits with optional spaces, MM/YY, 3–4 digit CVC. */
export const TestCardBodySchema = z
  .object({
    cardNumber: z
      .string()
      .max(30, PAYMENT_MESSAGES.cardNumberInvalid)
      .transform((v) => v.replace(/[\s-]/g, ''))
      .refine((v) => /^\d{13,19}$/.test(v), PAYMENT_MESSAGES.cardNumberInvalid),
    expiry: z
      .string()
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, PAYMENT_MESSAGES.expiryInvalid),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, PAYMENT_MESSAGES.cvcInvalid),
    name: z.string().trim().max(100).optional(),
  })
  .strict();
export type TestCardBody = z.input<typeof TestCardBodySchema>;

export const TestCheckoutResultSchema = z.object({ redirectUrl: z.string() });
export type TestCheckoutResult = z.infer<typeof TestCheckoutResultSchema>;

/** Post analytics actions (docs/product/boosting.md#analytics-tracking), each sent once per post per page session. */
const ANALYTICS_ACTIONS = ['view', 'direct_message', 'copied_link', 'external_link_click', 'profile_visit'] as const;
export type AnalyticsAction = (typeof ANALYTICS_ACTIONS)[number];

/** trackPostAnalytics: the server reads the address and the account itself. */
export const TrackAnalyticsBodySchema = z
  .object({ actionType: z.enum(ANALYTICS_ACTIONS), postId: RowIdSchema })
  .strict();
export type TrackAnalyticsBody = z.input<typeof TrackAnalyticsBodySchema>;
export const TrackAnalyticsResponseSchema = z.object({ tracked: z.boolean() });

/** Settings > Payments (docs/product/profiles.md#payments-page). */
const PaymentActivityItemSchema = z.object({
  adId: z.string(),
  postId: z.string(),
  title: z.string(),
  date: z.string(),
  status: z.enum(AD_STATUSES),
  statusLabel: z.string(),
  amountBudgetedCents: z.number().int(),
  totalSpentCents: z.number().int(),
});
export type PaymentActivityItem = z.infer<typeof PaymentActivityItemSchema>;

export const PaymentsSummarySchema = z.object({
  availableFundsCents: z.number().int(),
  activity: z.array(PaymentActivityItemSchema),
});
export type PaymentsSummary = z.infer<typeof PaymentsSummarySchema>;

/**
 * A sponsored post in a feed page: goes right after `posts[afterIndex]` (docs/product/community.md#feed). A client
 * leaves it out when the post right after it (first of the next page) is the same post.
 */
const SponsoredFeedItemSchema = z.object({
  afterIndex: z.number().int(),
  adId: z.string(),
  isSponsored: z.literal(true),
  cta: AdCtaSchema,
  post: PostSchema,
});

/**
 * The feed query: `shown` = how many posts the client already shows above this page (the posts
 * of the pages before it; 0 or absent for the first page). The ads go after every 4th post of
 * the whole scroll, so the page's slots and their place in the cycle follow from it.
 */
export const FeedQuerySchema = PostPageQuerySchema.extend({
  shown: z.coerce.number().int().min(0).max(1_000_000).optional(),
});

/**
 * A feed page: posts plus the sponsored posts to place among them. Slot k of the scroll (after
 * post 4k) shows ad (k − 1) mod n of the n running ads, so ads repeat when there are fewer ads
 * than slots; an ad is never put right next to its own post shown organically.
 */
export const FeedPageSchema = PostListSchema.extend({
  sponsored: z.array(SponsoredFeedItemSchema),
});
export type FeedPage = z.infer<typeof FeedPageSchema>;

/**
 * Live events about ads on the owner's /api/events stream (published in the same transaction as
 * the change). Payload: { adId, postId, status }. The success page can stop polling on it.
 */
export const AD_EVENT_TYPES = {
  /** An ad of the recipient changed status: activated, paused, resumed, stopped or completed. */
  adChanged: 'ad.changed',
} as const;

/** Money in USD for people: '$15', '$12.50' (amounts are cents everywhere else). */
export function formatUsd(cents: number): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** Milliseconds the ad has been paused, counting a pause still going on at `nowMs`. */
function pausedMsAt(ad: Pick<Ad, 'pausedAt' | 'timePausedMs'>, nowMs: number): number {
  const current = ad.pausedAt ? Math.max(0, nowMs - Date.parse(ad.pausedAt)) : 0;
  return ad.timePausedMs + current;
}

/**
 * Runtime (docs/product/boosting.md#ad-analytics-screen): now − start − paused time; 0 before the start. The run ends at the
 * adjusted end (a stopped ad's is the moment it stopped), so a finished ad's runtime stays put.
 */
export function adRuntimeMs(
  ad: Pick<Ad, 'startTime' | 'endTimeAdjusted' | 'pausedAt' | 'timePausedMs'>,
  nowMs: number,
): number {
  if (!ad.startTime) return 0;
  const ongoingPause = ad.pausedAt ? Math.max(0, nowMs - Date.parse(ad.pausedAt)) : 0;
  const until = ad.endTimeAdjusted ? Math.min(nowMs, Date.parse(ad.endTimeAdjusted) + ongoingPause) : nowMs;
  return Math.max(0, until - Date.parse(ad.startTime) - pausedMsAt(ad, until));
}

/**
 * Milliseconds left: the adjusted end (pushed out by a pause still going on) − now; null (no
 * time left to show) before the run has an end and once the ad is stopped (docs/decisions/030-feed-ads-and-rough-edges.md).
 */
export function adTimeLeftMs(
  ad: Pick<Ad, 'status' | 'endTimeAdjusted' | 'pausedAt' | 'timePausedMs'>,
  nowMs: number,
): number | null {
  if (!ad.endTimeAdjusted || ad.status === 'stopped') return null;
  const ongoingPause = ad.pausedAt ? Math.max(0, nowMs - Date.parse(ad.pausedAt)) : 0;
  return Date.parse(ad.endTimeAdjusted) + ongoingPause - nowMs;
}

/** What a run of `runtimeMs` costs (docs/product/boosting.md#price: $5 a day), prorated to the cent, rounded down. */
function spendForRuntimeCents(runtimeMs: number): number {
  return Math.floor((Math.max(0, runtimeMs) * ADS.centsPerDay) / 86_400_000);
}

/**
 * The ad's spend at `nowMs` (decision 018): a running or paused ad has spent $5 a day of its
 * runtime so far, capped at its budget, and never less than the server last settled; any
 * other ad what the server settled when it ended.
 */
export function adSpentCents(
  ad: Pick<Ad, 'status' | 'startTime' | 'endTimeAdjusted' | 'pausedAt' | 'timePausedMs' | 'budget'>,
  nowMs: number,
): number {
  const { amountBudgetedCents, totalSpentCents } = ad.budget;
  if (ad.status !== 'active' && ad.status !== 'paused') return totalSpentCents;
  const accrued = spendForRuntimeCents(adRuntimeMs(ad, nowMs));
  return Math.min(amountBudgetedCents, Math.max(totalSpentCents, accrued));
}

/** Time left text (docs/product/boosting.md#ad-analytics-screen): 'Expired' at or below zero, else '{d}d {h}h {m}m'. */
export function adTimeLeftText(ms: number): string {
  if (ms <= 0) return AD_MESSAGES.expired;
  const minutes = Math.floor(ms / 60_000);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  return `${d}d ${h}h ${m}m`;
}
