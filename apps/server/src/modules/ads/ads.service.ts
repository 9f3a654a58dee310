import { createHash, randomBytes } from 'node:crypto';
import {
  AD_BLOCKING_STATUSES,
  AD_EVENT_TYPES,
  AD_FINISHED_STATUSES,
  AD_MESSAGES,
  AD_STATUS_LABELS,
  ADS,
  type AdActionResponse,
  type AdDetail,
  type AdList,
  type AdStatus,
  type BoostInput,
  type BoostStarted,
  boostPriceCents,
  type CampusDefinition,
  type CancelCheckoutResponse,
  type CheckoutSessionStatus,
  LIMITS,
  PAYMENT_MESSAGES,
  type PaymentsSummary,
  POST_DETAIL_MESSAGES,
  type PostBoostStatus,
  RUN_UNTIL_PAUSE_DAYS,
  TEST_CARDS_APPROVED,
  type TestCardBody,
  type TestCheckoutResult,
  type TestCheckoutSession,
  type TrackAnalyticsBody,
} from '@campus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { AppError, errors } from '../../lib/errors.ts';
import { publishEvent } from '../../lib/events.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { isBlockedEitherWay } from '../chats/chats.repo.ts';
import { findPost, findPosts, type MediaRow, mediaOf } from '../posts/posts.repo.ts';
import { adPolicy } from './ads.policy.ts';
import { type AdPostView, presentActivity, presentAd } from './ads.presenter.ts';
import * as repo from './ads.repo.ts';
import { type PaymentEvent, type PaymentProvider, SESSION_ID_PLACEHOLDER } from './payment-provider.ts';

export interface AdsDeps {
  db: Database;
  storage: StorageDriver;
  clock: Clock;
  log: FastifyBaseLogger;
  /** null: production without Stripe — no boost is taken (`paymentProviderFor`). */
  provider: PaymentProvider | null;
}

const MINUTES_PER_DAY = 24 * 60;
const MY_ADS_PAGE = 20;
const ACTIVITY_MAX = 100;
/** How long a checkout can be paid: Stripe's default session lifetime, kept by the local one too. */
const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Tells the owner's open tabs (SSE) that an ad changed; call last in the transaction. */
function announce(tx: DbOrTx, ad: { id: string; postId: string; campusId: string; userId: string }, status: AdStatus) {
  return publishEvent(tx, {
    campusId: ad.campusId,
    userId: ad.userId,
    type: AD_EVENT_TYPES.adChanged,
    payload: { adId: ad.id, postId: ad.postId, status },
  });
}

const isBlocking = (status: string) => (AD_BLOCKING_STATUSES as readonly string[]).includes(status);
const isFinished = (status: string) => (AD_FINISHED_STATUSES as readonly string[]).includes(status);

/** The boost's post: a top-level post of this campus owned by the viewer, else the spec's one message. */
async function requireOwnPost(db: DbOrTx, viewer: SessionUser, campus: CampusDefinition, postId: string) {
  const found = await findPost(db, postId);
  if (!found || found.post.campusId !== campus.id || found.post.postCommentedOn !== null) {
    throw errors.notFound(AD_MESSAGES.signInAgain, 'BOOST_NOT_ALLOWED');
  }
  if (found.post.userId !== viewer.id) throw errors.forbidden(AD_MESSAGES.signInAgain, 'BOOST_NOT_ALLOWED');
  return found;
}

async function postViews(db: DbOrTx, postIds: string[]): Promise<Map<string, AdPostView>> {
  const unique = [...new Set(postIds)];
  if (unique.length === 0) return new Map();
  const [rows, media] = await Promise.all([findPosts(db, unique), mediaOf(db, unique)]);
  const firstMedia = new Map<string, MediaRow>();
  for (const m of media) if (!firstMedia.has(m.postId)) firstMedia.set(m.postId, m);
  return new Map(rows.map((r) => [r.post.id, { post: r.post, media: firstMedia.get(r.post.id) }]));
}

async function presentOne(deps: AdsDeps, adId: string) {
  const row = await repo.findAdWithOwner(deps.db, adId);
  if (!row) throw errors.notFound(AD_MESSAGES.adGone, 'AD_NOT_FOUND');
  const views = await postViews(deps.db, [row.ad.postId]);
  return presentAd(row.ad, row.owner, views.get(row.ad.postId), (k) => deps.storage.url(k), deps.clock.now());
}

function defaultTitle(plainText: string): string {
  const firstLine = plainText.split('\n').find((l) => l.trim() !== '') ?? '';
  const title = Array.from(firstLine.trim()).slice(0, LIMITS.adTitleMax).join('').trim();
  return title || 'Boost Post';
}

/**
 * Boost Post (spec 3 §4 'Creation', §7 'Checkout'): the ad starts in checkout and a checkout
 * session is made for days × 500 cents, computed here. A post whose ad is active, paused,
 * scheduled or in review is refused (and the already_boosted alert set for the post page).
 * `siteOrigin` is the campus site's configured address (site-origin.ts), never the Host header.
 */
export async function startBoost(
  deps: AdsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  postId: string,
  input: BoostInput,
  siteOrigin: string,
): Promise<BoostStarted> {
  const { post } = await requireOwnPost(deps.db, viewer, campus, postId);
  const provider = deps.provider;
  if (!provider) throw errors.unavailable(AD_MESSAGES.paymentsNotConfigured, 'PAYMENTS_NOT_CONFIGURED');
  if (await repo.blockingAdOf(deps.db, post.id)) {
    await repo.setAlert(deps.db, { userId: viewer.id, postId: post.id, campusId: campus.id, flag: 'already_boosted' });
    throw errors.conflict(AD_MESSAGES.alreadyBoosted, 'ALREADY_BOOSTED');
  }
  const amountCents = boostPriceCents(input);
  const days = input.runUntilPause ? RUN_UNTIL_PAUSE_DAYS : input.days;
  const now = deps.clock.now();
  const website = input.goal === 'website';
  const ad = await repo.insertAd(deps.db, {
    id: newId(),
    campusId: campus.id,
    postId: post.id,
    userId: viewer.id,
    title: defaultTitle(post.plainText),
    ctaType: input.goal,
    ctaUrl: website ? input.url : '',
    ctaLabel: website ? input.label : '',
    durationMinutes: days * MINUTES_PER_DAY,
    amountBudgeted: amountCents,
    runUntilPause: input.runUntilPause,
    status: 'checkout',
    createdAt: now,
    lastModified: now,
  });
  const base = `${siteOrigin}/post/${encodeURIComponent(post.id)}/boost`;
  let created: { id: string; url: string };
  try {
    created = await provider.createCheckout({
      amountCents,
      productName: 'Boost Post',
      successUrl: `${base}/success?session_id=${SESSION_ID_PLACEHOLDER}`,
      cancelUrl: `${base}/cancel?session_id=${SESSION_ID_PLACEHOLDER}`,
      adId: ad.id,
      campusId: campus.id,
      userId: viewer.id,
    });
  } catch (error) {
    await repo.deleteUnpaidAd(deps.db, ad.id);
    deps.log.warn({ err: error, adId: ad.id }, 'checkout session could not be made');
    // The provider's own words when it gave some (a Stripe error's message), else a generic one.
    const reason = error instanceof Error && 'type' in error ? error.message : 'the payment page could not be opened';
    throw new AppError(502, 'CHECKOUT_FAILED', AD_MESSAGES.checkoutError(reason));
  }
  const fill = (url: string) => url.replace(SESSION_ID_PLACEHOLDER, encodeURIComponent(created.id));
  await repo.insertCheckout(deps.db, {
    id: created.id,
    campusId: campus.id,
    adId: ad.id,
    postId: post.id,
    userId: viewer.id,
    provider: provider.kind,
    amountCents,
    url: created.url,
    successUrl: fill(`${base}/success?session_id=${SESSION_ID_PLACEHOLDER}`),
    cancelUrl: fill(`${base}/cancel?session_id=${SESSION_ID_PLACEHOLDER}`),
    createdAt: now,
  });
  return { adId: ad.id, sessionId: created.id, url: created.url };
}

export type CompletionOutcome = 'activated' | 'duplicate' | 'unknown-session' | 'amount-mismatch' | 'credited';

/**
 * The one activation path (spec 3 §4 'Successful payment', spec 1 §7 activateAd), for the Stripe
 * webhook and the local test checkout alike. In one transaction with the post's row and then the
 * session row locked: the payment is recorded under the provider's event id (a duplicate delivery
 * stops here), the session completes, and an ad still in checkout becomes active with its budget
 * reserved. A payment for an ad that is gone or no longer unpaid, or for a post whose other
 * checkout was paid first, stays in the owner's available funds.
 */
export async function completeCheckout(
  deps: Pick<AdsDeps, 'db' | 'clock' | 'log'>,
  event: { sessionId: string; eventId: string; amountCents: number; currency: string; paymentId: string | null },
): Promise<CompletionOutcome> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const known = await repo.findCheckout(tx, event.sessionId);
    if (!known) return 'unknown-session' as const;
    // Two checkouts of one post paid at the same moment (two tabs) would each find no running ad
    // and both activate, the second failing on ads_one_boost_per_post_idx. With the post locked
    // first (the order its deletion takes too) the second waits, then finds the first running.
    await repo.lockPost(tx, known.postId);
    const session = await repo.findCheckout(tx, event.sessionId, { lock: true });
    if (!session) return 'unknown-session' as const;
    if (session.status === 'complete') return 'duplicate' as const;
    if (event.amountCents !== session.amountCents || event.currency.toLowerCase() !== session.currency) {
      return 'amount-mismatch' as const;
    }
    const recorded = await repo.addLedgerRow(tx, {
      id: newId(),
      campusId: session.campusId,
      userId: session.userId,
      adId: session.adId,
      kind: 'payment',
      amountCents: event.amountCents,
      eventId: event.eventId,
      createdAt: now,
    });
    if (!recorded) return 'duplicate' as const;
    await repo.updateCheckout(tx, session.id, { status: 'complete', completedAt: now });
    const ad = session.adId ? await repo.findAd(tx, session.adId, { lock: true }) : undefined;
    if (ad?.status !== 'checkout') return 'credited' as const;
    if (await repo.blockingAdOf(tx, ad.postId)) {
      // Paid twice for one post (two tabs): the second run does not start; its money stays in funds.
      await repo.updateAd(tx, ad.id, { status: 'stopped', paymentId: event.paymentId, lastModified: now });
      return 'credited' as const;
    }
    await repo.addLedgerRow(tx, {
      id: newId(),
      campusId: ad.campusId,
      userId: ad.userId,
      adId: ad.id,
      kind: 'ad_budget',
      amountCents: -ad.amountBudgeted,
      eventId: `budget:${ad.id}`,
      createdAt: now,
    });
    await repo.updateAd(tx, ad.id, {
      status: 'active',
      startTime: now,
      endTimeAdjusted: new Date(now.getTime() + ad.durationMinutes * 60_000),
      lastChargedAt: now,
      paymentId: event.paymentId,
      lastModified: now,
    });
    await repo.setAlert(tx, { userId: ad.userId, postId: ad.postId, campusId: ad.campusId, flag: 'actived_ad' });
    await announce(tx, ad, 'active');
    return 'activated' as const;
  });
  if (outcome === 'amount-mismatch') {
    deps.log.error({ sessionId: event.sessionId, eventId: event.eventId }, 'payment amount differs from the checkout');
  }
  return outcome;
}

/** checkout.session.expired: an open session ends and its unpaid ad goes (a paid one is never touched). */
export async function expireCheckoutSession(deps: Pick<AdsDeps, 'db' | 'clock'>, sessionId: string) {
  return deps.db.transaction(async (tx) => {
    const session = await repo.findCheckout(tx, sessionId, { lock: true });
    if (session?.status !== 'open') return false;
    await repo.updateCheckout(tx, session.id, { status: 'expired', completedAt: deps.clock.now() });
    if (session.adId) await repo.deleteUnpaidAd(tx, session.adId);
    return true;
  });
}

/** A verified provider event, handled once whatever the order or number of deliveries. */
export async function handlePaymentEvent(deps: Pick<AdsDeps, 'db' | 'clock' | 'log'>, event: PaymentEvent) {
  if (event.type === 'checkout.completed') {
    if (!event.paid) return 'unpaid';
    return completeCheckout(deps, event);
  }
  if (event.type === 'checkout.expired')
    return (await expireCheckoutSession(deps, event.sessionId)) ? 'expired' : 'ignored';
  return 'ignored';
}

/** The success page's poll (spec 3 §2): the ad's state behind a session id. */
export async function checkoutStatus(
  deps: AdsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  sessionId: string,
): Promise<CheckoutSessionStatus> {
  const session = adPolicy.requireOwnCheckout(await repo.findCheckout(deps.db, sessionId), viewer, campus);
  const ad = session.adId ? await repo.findAd(deps.db, session.adId) : undefined;
  return {
    sessionId: session.id,
    postId: session.postId,
    adId: ad?.id ?? null,
    adStatus: (ad?.status as AdStatus | undefined) ?? null,
    paid: session.status === 'complete',
  };
}

/** The cancel page (spec 3 §4 'Cancelled payment'): deletes an ad still in checkout, sets cancelled_ad. */
export async function cancelCheckout(
  deps: AdsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  sessionId: string,
): Promise<CancelCheckoutResponse> {
  const session = adPolicy.requireOwnCheckout(await repo.findCheckout(deps.db, sessionId), viewer, campus);
  if (session.status === 'complete') return { postId: session.postId, deleted: false };
  // Ask the provider first: a session it reports paid is left for the webhook to activate.
  if (session.status === 'open' && deps.provider && !(await deps.provider.expireCheckout(session.id))) {
    return { postId: session.postId, deleted: false };
  }
  const deleted = await deps.db.transaction(async (tx) => {
    const locked = await repo.findCheckout(tx, session.id, { lock: true });
    if (!locked || locked.status === 'complete') return false;
    if (locked.status === 'open')
      await repo.updateCheckout(tx, locked.id, { status: 'expired', completedAt: deps.clock.now() });
    const removed = locked.adId ? await repo.deleteUnpaidAd(tx, locked.adId) : false;
    await repo.setAlert(tx, { userId: viewer.id, postId: locked.postId, campusId: campus.id, flag: 'cancelled_ad' });
    return removed;
  });
  return { postId: session.postId, deleted };
}

// The local test checkout (decision 018)

function requireLocalCheckout(deps: AdsDeps) {
  if (deps.provider?.kind !== 'local') throw errors.notFound(AD_MESSAGES.signInAgain, 'CHECKOUT_NOT_FOUND');
}

export async function getTestCheckout(
  deps: AdsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  sessionId: string,
): Promise<TestCheckoutSession> {
  requireLocalCheckout(deps);
  const session = adPolicy.requireOwnCheckout(await repo.findCheckout(deps.db, sessionId), viewer, campus);
  const ad = session.adId ? await repo.findAd(deps.db, session.adId) : undefined;
  return {
    sessionId: session.id,
    testMode: true,
    productName: 'Boost Post',
    currency: 'usd',
    amountCents: session.amountCents,
    days: Math.round((ad?.durationMinutes ?? 0) / MINUTES_PER_DAY),
    runUntilPause: ad?.runUntilPause ?? false,
    postId: session.postId,
    status: session.status,
    cancelUrl: session.cancelUrl,
    successUrl: session.successUrl,
  };
}

function expiryInPast(expiry: string, now: Date): boolean {
  const [mm, yy] = expiry.split('/').map((p) => Number.parseInt(p.trim(), 10));
  // A card works through the last day of its expiry month.
  const end = Date.UTC(2000 + (yy ?? 0), mm ?? 0, 1);
  return end <= now.getTime();
}

/** Pays a local test checkout: Stripe's successful test card numbers pass, every other number is declined. */
export async function payTestCheckout(
  deps: AdsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  sessionId: string,
  card: TestCardBody,
): Promise<TestCheckoutResult> {
  requireLocalCheckout(deps);
  const session = adPolicy.requireOwnCheckout(await repo.findCheckout(deps.db, sessionId), viewer, campus);
  if (session.status === 'complete') return { redirectUrl: session.successUrl };
  if (session.status !== 'open') throw errors.conflict(PAYMENT_MESSAGES.checkoutExpired, 'CHECKOUT_CLOSED');
  if (expiryInPast(card.expiry, deps.clock.now()))
    throw errors.badRequest(PAYMENT_MESSAGES.expiryPast, 'VALIDATION_FAILED');
  if (!(TEST_CARDS_APPROVED as readonly string[]).includes(card.cardNumber)) {
    throw new AppError(402, 'CARD_DECLINED', PAYMENT_MESSAGES.cardDeclined);
  }
  const outcome = await completeCheckout(deps, {
    sessionId: session.id,
    eventId: `evt_local_${session.id}`,
    amountCents: session.amountCents,
    currency: 'usd',
    paymentId: `pi_local_${randomBytes(12).toString('base64url')}`,
  });
  if (outcome === 'unknown-session' || outcome === 'amount-mismatch') {
    throw errors.badRequest(AD_MESSAGES.activateFailed, 'CHECKOUT_FAILED');
  }
  return { redirectUrl: session.successUrl };
}

// My Ads and the ad actions

export async function listAds(
  deps: AdsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  query: { cursor?: string },
): Promise<AdList> {
  adPolicy.assertMember(viewer, campus);
  const rows = await repo.listOwnAds(deps.db, {
    userId: viewer.id,
    campusId: campus.id,
    cursor: decodeCursor(query.cursor),
    limit: MY_ADS_PAGE,
  });
  const views = await postViews(
    deps.db,
    rows.map((r) => r.ad.postId),
  );
  const now = deps.clock.now();
  const last = rows.at(-1);
  return {
    ads: rows.map((r) => presentAd(r.ad, r.owner, views.get(r.ad.postId), (k) => deps.storage.url(k), now)),
    nextCursor: rows.length === MY_ADS_PAGE && last ? encodeCursor({ at: last.ad.createdAt, id: last.ad.id }) : null,
  };
}

export async function getAdDetail(
  deps: AdsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  adId: string,
): Promise<AdDetail> {
  const ad = adPolicy.requireOwnAd(await repo.findAd(deps.db, adId), viewer, campus, AD_MESSAGES.adGone);
  // Each ad counts for itself (issue 24): a new ad on the same post starts at 0.
  const [presented, analytics] = await Promise.all([presentOne(deps, ad.id), repo.analyticsOf(deps.db, ad.id)]);
  return {
    ad: presented,
    analytics: {
      views: analytics?.views ?? 0,
      accountsReached: analytics?.accountsReached ?? 0,
      directMessages: analytics?.directMessages ?? 0,
      copiedLink: analytics?.copiedLink ?? 0,
      externalLinkClicks: analytics?.externalLinkClicks ?? 0,
      profileVisits: analytics?.profileVisits ?? 0,
    },
    now: deps.clock.now().toISOString(),
  };
}

export async function renameAd(
  deps: AdsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  adId: string,
  title: string,
) {
  const ad = adPolicy.requireOwnAd(await repo.findAd(deps.db, adId), viewer, campus, AD_MESSAGES.notFound);
  await repo.updateAd(deps.db, ad.id, { title, lastModified: deps.clock.now() });
  return presentOne(deps, ad.id);
}

type AdAction = 'pause' | 'resume' | 'stop';

/**
 * Pause, resume and stop (spec 3 §4 'Transitions'), each on the locked row. Pausing and stopping
 * settle the spend up to now; resuming adds the pause to time_paused and pushes the end out by
 * it; stopping returns the unspent budget of a paid ad to the owner's available funds.
 */
export async function changeAd(
  deps: AdsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  adId: string,
  action: AdAction,
): Promise<AdActionResponse> {
  const now = deps.clock.now();
  const message = await deps.db.transaction(async (tx) => {
    const ad = adPolicy.requireOwnAd(await repo.findAd(tx, adId, { lock: true }), viewer, campus, AD_MESSAGES.notFound);
    if (action === 'pause') {
      if (ad.status !== 'active') throw errors.badRequest(AD_MESSAGES.onlyActiveCanPause, 'AD_NOT_ACTIVE');
      await repo.updateAd(tx, ad.id, {
        status: 'paused',
        pausedAt: now,
        totalSpent: repo.spentAt(ad, now, ADS.centsPerDay),
        lastChargedAt: now,
        lastModified: now,
      });
      await announce(tx, ad, 'paused');
      return AD_MESSAGES.paused;
    }
    if (action === 'resume') {
      if (ad.status !== 'paused' || !ad.pausedAt) {
        throw errors.badRequest(AD_MESSAGES.onlyPausedCanResume, 'AD_NOT_PAUSED');
      }
      const pausedMs = Math.max(0, now.getTime() - ad.pausedAt.getTime());
      await repo.updateAd(tx, ad.id, {
        status: 'active',
        pausedAt: null,
        timePausedMs: ad.timePausedMs + pausedMs,
        endTimeAdjusted: ad.endTimeAdjusted ? new Date(ad.endTimeAdjusted.getTime() + pausedMs) : null,
        lastModified: now,
      });
      await announce(tx, ad, 'active');
      return AD_MESSAGES.resumed;
    }
    if (ad.status === 'stopped') throw errors.conflict(AD_MESSAGES.alreadyStopped, 'AD_ALREADY_STOPPED');
    const running = ad.status === 'active' || ad.status === 'paused';
    const spent = running ? repo.spentAt(ad, now, ADS.centsPerDay) : ad.totalSpent;
    // A paused ad's ongoing pause counts as paused time (runtime stays now − start − paused).
    const pausedMs = ad.pausedAt ? Math.max(0, now.getTime() - ad.pausedAt.getTime()) : 0;
    await repo.updateAd(tx, ad.id, {
      status: 'stopped',
      pausedAt: null,
      timePausedMs: ad.timePausedMs + pausedMs,
      totalSpent: spent,
      lastChargedAt: running ? now : ad.lastChargedAt,
      // The run ends now (spec 3 §3 end_time_adjusted 'End of the run'): no time left, runtime stays put.
      endTimeAdjusted: running ? now : ad.endTimeAdjusted,
      lastModified: now,
    });
    const paid = isBlocking(ad.status);
    if (paid && ad.amountBudgeted > spent) {
      await repo.addLedgerRow(tx, {
        id: newId(),
        campusId: ad.campusId,
        userId: ad.userId,
        adId: ad.id,
        kind: 'unspent_budget',
        amountCents: ad.amountBudgeted - spent,
        eventId: `unspent:${ad.id}`,
        createdAt: now,
      });
    }
    await announce(tx, ad, 'stopped');
    return AD_MESSAGES.stopped;
  });
  return { ad: await presentOne(deps, adId), message };
}

// The post page

/**
 * What the post page shows about boosting (spec 3 §2): the owner's controls, or the visitor's
 * call-to-action. The viewer may read the post (the route asks for a school-verified account,
 * as the post page does); across a block either way the post is not found, as on its page.
 * Only the owner learns the ad's id.
 */
export async function postBoostStatus(
  deps: AdsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  postId: string,
): Promise<PostBoostStatus> {
  const found = await findPost(deps.db, postId);
  const isOwner = viewer.id === found?.post.userId;
  if (
    !found ||
    found.post.campusId !== campus.id ||
    (!isOwner && (await isBlockedEitherWay(deps.db, viewer.id, found.post.userId)))
  ) {
    throw errors.notFound(POST_DETAIL_MESSAGES.postGone, 'POST_NOT_FOUND');
  }
  const latest = await repo.latestAdOf(deps.db, postId);
  if (isOwner) {
    const status = latest?.status as AdStatus | undefined;
    return {
      isOwner,
      ad:
        latest && status ? { id: latest.id, status, statusLabel: AD_STATUS_LABELS[status], title: latest.title } : null,
      ownerAction: status && isBlocking(status) ? 'analytics' : status && isFinished(status) ? 'boost-again' : 'boost',
      paused: status === 'paused',
      cta: null,
      adRunning: false,
    };
  }
  const now = deps.clock.now();
  const running = latest?.status === 'active' && latest.endTimeAdjusted && latest.endTimeAdjusted > now ? latest : null;
  return {
    isOwner: false,
    ad: null,
    ownerAction: null,
    paused: false,
    cta: running ? { type: running.ctaType, url: running.ctaUrl, label: running.ctaLabel } : null,
    adRunning: running !== null,
  };
}

export async function takePostAlert(deps: AdsDeps, viewer: SessionUser, postId: string) {
  const flag = await repo.takeAlert(deps.db, viewer.id, postId);
  return { alert: flag };
}

// Analytics (spec 3 §7 trackPostAnalytics)

/**
 * Counts one action of one person (an account, or a hashed address for visitors) once a day,
 * only while the post has an active ad and never for its owner; a first view by an account
 * also counts it as reached. The counts are the running ad's, not the post's (issue 24).
 */
export async function trackAnalytics(
  deps: AdsDeps,
  viewer: SessionUser | null,
  campus: CampusDefinition,
  ip: string,
  body: TrackAnalyticsBody,
): Promise<{ tracked: boolean }> {
  const found = await findPost(deps.db, body.postId);
  if (!found || found.post.campusId !== campus.id) {
    throw errors.notFound('Sorry, that post has been deleted.', 'POST_NOT_FOUND');
  }
  if (viewer?.id === found.post.userId) return { tracked: false };
  const now = deps.clock.now();
  const adId = await repo.activeAdOnPost(deps.db, found.post.id, now);
  if (!adId) return { tracked: false };
  const actorKey = viewer ? `u:${viewer.id}` : `ip:${createHash('sha256').update(ip).digest('base64url').slice(0, 32)}`;
  const day = now.toISOString().slice(0, 10);
  return deps.db.transaction(async (tx) => {
    const first = await repo.recordAction(tx, {
      adId,
      postId: found.post.id,
      campusId: campus.id,
      action: body.actionType,
      actorKey,
      day,
    });
    const reached =
      viewer && body.actionType === 'view'
        ? await repo.recordReach(tx, { adId, postId: found.post.id, userId: viewer.id, campusId: campus.id })
        : false;
    await repo.bumpCounters(
      tx,
      { adId, postId: found.post.id, campusId: campus.id },
      {
        action: first ? body.actionType : undefined,
        reach: reached,
      },
    );
    return { tracked: first };
  });
}

// Settings > Payments

export async function paymentsSummary(
  deps: AdsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
): Promise<PaymentsSummary> {
  adPolicy.assertMember(viewer, campus);
  const [funds, rows] = await Promise.all([
    repo.availableFunds(deps.db, viewer.id, campus.id),
    repo.listOwnAds(deps.db, { userId: viewer.id, campusId: campus.id, limit: ACTIVITY_MAX }),
  ]);
  return { availableFundsCents: funds, activity: rows.map((r) => presentActivity(r.ad, deps.clock.now())) };
}

/** The ad clock job: spend accrues and ads whose run is used complete, each exactly once. */
export async function runAdClock(deps: Pick<AdsDeps, 'db'>, now: Date) {
  return deps.db.transaction(async (tx) => {
    const result = await repo.runAdClock(tx, now, ADS.centsPerDay);
    const abandoned = await repo.expireStaleLocalCheckouts(tx, new Date(now.getTime() - CHECKOUT_LIFETIME_MS), now);
    for (const ad of result.completed) await announce(tx, ad, 'completed');
    return { ...result, abandoned };
  });
}

/**
 * Before a boosted post is deleted (its ads go with it): what its paid ads did not spend returns
 * to the owner's available funds, so deleting a post never swallows money.
 */
export async function returnUnspentBudgets(tx: DbOrTx, postId: string, now: Date) {
  // A payment activating an ad of this post waits until the deletion is done (or is done first).
  await repo.lockPost(tx, postId);
  const paid = (await repo.adsOfPost(tx, postId)).filter((ad) => isBlocking(ad.status));
  for (const ad of paid) {
    const spent =
      ad.status === 'active' || ad.status === 'paused' ? repo.spentAt(ad, now, ADS.centsPerDay) : ad.totalSpent;
    if (ad.amountBudgeted <= spent) continue;
    await repo.addLedgerRow(tx, {
      id: newId(),
      campusId: ad.campusId,
      userId: ad.userId,
      adId: ad.id,
      kind: 'unspent_budget',
      amountCents: ad.amountBudgeted - spent,
      eventId: `unspent:${ad.id}`,
      createdAt: now,
    });
  }
}
