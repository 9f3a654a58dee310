import {
  AD_MESSAGES,
  AD_STATUS_LABELS,
  ADS,
  type AdActionResponse,
  type AdList,
  type AdStatus,
  type CampusDefinition,
  POST_DETAIL_MESSAGES,
  type PostBoostStatus,
} from '@campus/contract';
import type { DbOrTx } from '../../db/client.ts';
import { decodeCursor } from '../../lib/cursor.ts';
import { errors } from '../../lib/errors.ts';
import { pageOf } from '../../lib/page.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { isBlockedEitherWay } from '../blocks/index.ts';
import { getPost } from '../posts/index.ts';
import { adPolicy } from './ads.policy.ts';
import { presentAd, spentNow } from './ads.presenter.ts';
import * as repo from './ads.repo.ts';
import {
  type AdsDeps,
  announce,
  CHECKOUT_LIFETIME_MS,
  isBlocking,
  isFinished,
  MY_ADS_PAGE,
  postViews,
  presentOne,
  refundUnspent,
} from './ads.service.ts';

/*
 * An ad's life after checkout (docs/product/boosting.md#pause-resume-and-stop): My Ads, renaming, pause / resume /
 * stop, the post page's boost status, the ad clock, and the refund when a boosted post goes.
 */

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
  const page = pageOf(rows, MY_ADS_PAGE, (r) => ({ at: r.ad.createdAt, id: r.ad.id }));
  return {
    ads: rows.map((r) => presentAd(r.ad, r.owner, views.get(r.ad.postId), (k) => deps.storage.url(k), now)),
    nextCursor: page.nextCursor,
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
 * Pause, resume and stop (docs/product/boosting.md#pause-resume-and-stop), each on the locked row. Pausing and stopping
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
    await stopAd(tx, ad, now);
    return AD_MESSAGES.stopped;
  });
  return { ad: await presentOne(deps, adId), message };
}

/**
 * Stops an ad on its locked row (docs/product/boosting.md#pause-resume-and-stop): the spend is
 * settled up to now, the run ends now, and what a paid ad did not spend returns to the owner's
 * available funds.
 */
async function stopAd(tx: DbOrTx, ad: repo.AdRow, now: Date) {
  const running = ad.status === 'active' || ad.status === 'paused';
  const spent = spentNow(ad, now);
  // A paused ad's ongoing pause counts as paused time (runtime stays now − start − paused).
  const pausedMs = ad.pausedAt ? Math.max(0, now.getTime() - ad.pausedAt.getTime()) : 0;
  await repo.updateAd(tx, ad.id, {
    status: 'stopped',
    pausedAt: null,
    timePausedMs: ad.timePausedMs + pausedMs,
    totalSpent: spent,
    lastChargedAt: running ? now : ad.lastChargedAt,
    // The run ends now (docs/product/boosting.md#ad-record): no time left, runtime stays put.
    endTimeAdjusted: running ? now : ad.endTimeAdjusted,
    lastModified: now,
  });
  await refundUnspent(tx, ad, spent, now);
  await announce(tx, ad, 'stopped');
}

/**
 * A listing sold (docs/product/selling.md#available-pending-sold), inside the marking
 * transaction: its running ads (active, paused, scheduled, in review) stop, and what they did
 * not spend returns to the owner's available funds, as a Stop does.
 */
export async function stopAdsOfSoldPost(tx: DbOrTx, postId: string, now: Date) {
  await repo.lockPost(tx, postId);
  for (const ad of await repo.adsOfPost(tx, postId)) {
    if (isBlocking(ad.status)) await stopAd(tx, ad, now);
  }
}

/**
 * What the post page shows about boosting (docs/product/boosting.md#post-page-controls): the owner's controls, or the visitor's
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
  const found = await getPost(deps.db, postId);
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
  for (const ad of await repo.adsOfPost(tx, postId)) await refundUnspent(tx, ad, spentNow(ad, now), now);
}
