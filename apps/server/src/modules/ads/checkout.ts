import { randomBytes } from 'node:crypto';
import {
  AD_MESSAGES,
  type AdStatus,
  type BoostInput,
  type BoostStarted,
  boostPriceCents,
  type CampusDefinition,
  type CancelCheckoutResponse,
  type CheckoutSessionStatus,
  DEAL_MESSAGES,
  LIMITS,
  PAYMENT_MESSAGES,
  RUN_UNTIL_PAUSE_DAYS,
  TEST_CARDS_APPROVED,
  type TestCardBody,
  type TestCheckoutResult,
  type TestCheckoutSession,
} from '@campus/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, errors } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { getPost } from '../posts/index.ts';
import { adPolicy } from './ads.policy.ts';
import * as repo from './ads.repo.ts';
import { type AdsDeps, announce, MINUTES_PER_DAY } from './ads.service.ts';
import { type PaymentEvent, SESSION_ID_PLACEHOLDER } from './payment-provider.ts';

/*
 * Boosting and paying (docs/product/boosting.md#creation, docs/product/boosting.md#checkout): the checkout, the one activation
 * path of the Stripe webhook and the local test checkout, the success and cancel pages.
 */

/** The boost's post: a top-level post of this campus owned by the viewer, else the spec's one message. */
async function requireOwnPost(db: DbOrTx, viewer: SessionUser, campus: CampusDefinition, postId: string) {
  const found = await getPost(db, postId);
  if (!found || found.post.campusId !== campus.id || found.post.postCommentedOn !== null) {
    throw errors.notFound(AD_MESSAGES.signInAgain, 'BOOST_NOT_ALLOWED');
  }
  if (found.post.userId !== viewer.id) throw errors.forbidden(AD_MESSAGES.signInAgain, 'BOOST_NOT_ALLOWED');
  return found;
}

function defaultTitle(plainText: string): string {
  const firstLine = plainText.split('\n').find((l) => l.trim() !== '') ?? '';
  const title = Array.from(firstLine.trim()).slice(0, LIMITS.adTitleMax).join('').trim();
  return title || 'Boost Post';
}

/**
 * Boost Post (docs/product/boosting.md#creation, docs/product/boosting.md#checkout): the ad starts in checkout and a checkout
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
  // A sold listing has nothing left to sell (docs/product/selling.md#available-pending-sold).
  if (post.status === 'sold') throw errors.conflict(DEAL_MESSAGES.soldNoBoost, 'LISTING_SOLD');
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
 * The one activation path (docs/product/boosting.md#successful-payment), for the Stripe
 * webhook and the local test checkout alike. In one transaction with the post's row and then the
 * session row locked: the payment is recorded under the provider's event id (a duplicate delivery
 * stops here), the session completes, and an ad still in checkout becomes active with its budget
 * reserved. A payment for an ad that is gone or no longer unpaid, or for a post whose other
 * checkout was paid first, stays in the owner's available funds.
 */
async function completeCheckout(
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
    const listing = await getPost(tx, ad.postId);
    if (listing?.post.status === 'sold' || (await repo.blockingAdOf(tx, ad.postId))) {
      // The listing sold while its checkout was open, or paid twice for one post (two tabs): the
      // run does not start; the money stays in the owner's available funds.
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
async function expireCheckoutSession(deps: Pick<AdsDeps, 'db' | 'clock'>, sessionId: string) {
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

/** The success page's poll (docs/product/boosting.md#boost-routes): the ad's state behind a session id. */
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

/** The cancel page (docs/product/boosting.md#cancelled-payment): deletes an ad still in checkout, sets cancelled_ad. */
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
