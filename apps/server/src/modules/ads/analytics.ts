import { createHash } from 'node:crypto';
import {
  AD_MESSAGES,
  type AdDetail,
  type CampusDefinition,
  POST_DETAIL_MESSAGES,
  type TrackAnalyticsBody,
} from '@campus/contract';
import { errors } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { getPost } from '../posts/index.ts';
import { adPolicy } from './ads.policy.ts';
import * as repo from './ads.repo.ts';
import { type AdsDeps, presentOne } from './ads.service.ts';

/*
 * Post analytics (docs/product/boosting.md#analytics-tracking): counting the actions on a boosted post while
 * its ad runs, and the ad's analytics page.
 */

export async function getAdDetail(
  deps: AdsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  adId: string,
): Promise<AdDetail> {
  const ad = adPolicy.requireOwnAd(await repo.findAd(deps.db, adId), viewer, campus, AD_MESSAGES.adGone);
  // Each ad counts for itself (docs/decisions/030-feed-ads-and-rough-edges.md): a new ad on the same post starts at 0.
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

/**
 * Counts one action of one person (an account, or a hashed address for visitors) once a day,
 * only while the post has an active ad and never for its owner; a first view by an account
 * also counts it as reached. The counts are the running ad's, not the post's (docs/decisions/030-feed-ads-and-rough-edges.md).
 */
export async function trackAnalytics(
  deps: AdsDeps,
  viewer: SessionUser | null,
  campus: CampusDefinition,
  ip: string,
  body: TrackAnalyticsBody,
): Promise<{ tracked: boolean }> {
  const found = await getPost(deps.db, body.postId);
  if (!found || found.post.campusId !== campus.id) {
    throw errors.notFound(POST_DETAIL_MESSAGES.postGone, 'POST_NOT_FOUND');
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
