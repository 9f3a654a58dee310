import {
  AD_BLOCKING_STATUSES,
  AD_EVENT_TYPES,
  AD_FINISHED_STATUSES,
  AD_MESSAGES,
  type AdStatus,
} from '@campus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { errors } from '../../lib/errors.ts';
import { publishEvent } from '../../lib/events.ts';
import { newId } from '../../lib/ids.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { getPostsWithMedia, type PostMediaJson } from '../posts/index.ts';
import { type AdPostView, presentAd } from './ads.presenter.ts';
import * as repo from './ads.repo.ts';
import type { PaymentProvider } from './payment-provider.ts';

/*
 * What the ads commands share: checkout.ts (boosting and paying), lifecycle.ts (My Ads, the ad
 * actions, the clock, a boosted post's deletion), analytics.ts and payments-summary.ts.
 */

export interface AdsDeps {
  db: Database;
  storage: StorageDriver;
  clock: Clock;
  log: FastifyBaseLogger;
  /** null: production without Stripe — no boost is taken (`paymentProviderFor`). */
  provider: PaymentProvider | null;
}

export const MINUTES_PER_DAY = 24 * 60;
export const MY_ADS_PAGE = 20;
export const ACTIVITY_MAX = 100;
/** How long a checkout can be paid: Stripe's default session lifetime, kept by the local one too. */
export const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Tells the owner's open tabs (SSE) that an ad changed; call last in the transaction. */
export function announce(
  tx: DbOrTx,
  ad: { id: string; postId: string; campusId: string; userId: string },
  status: AdStatus,
) {
  return publishEvent(tx, {
    campusId: ad.campusId,
    userId: ad.userId,
    type: AD_EVENT_TYPES.adChanged,
    payload: { adId: ad.id, postId: ad.postId, status },
  });
}

export const isBlocking = (status: string) => (AD_BLOCKING_STATUSES as readonly string[]).includes(status);
export const isFinished = (status: string) => (AD_FINISHED_STATUSES as readonly string[]).includes(status);

export async function postViews(db: DbOrTx, postIds: string[]): Promise<Map<string, AdPostView>> {
  const unique = [...new Set(postIds)];
  if (unique.length === 0) return new Map();
  const rows = await getPostsWithMedia(db, unique);
  return new Map(rows.map((r) => [r.post.id, { post: r.post, media: r.media[0] as PostMediaJson | undefined }]));
}

export async function presentOne(deps: AdsDeps, adId: string) {
  const row = await repo.findAdWithOwner(deps.db, adId);
  if (!row) throw errors.notFound(AD_MESSAGES.adGone, 'AD_NOT_FOUND');
  const views = await postViews(deps.db, [row.ad.postId]);
  return presentAd(row.ad, row.owner, views.get(row.ad.postId), (k) => deps.storage.url(k), deps.clock.now());
}

/**
 * The one refund to the ledger: what a paid ad (active, paused, scheduled or in review, as read
 * before it ends) did not spend of its budget returns to the owner's available funds. Once per
 * ad: the ledger's event id `unspent:{ad}` is unique. Used when an ad is stopped and when its
 * post is deleted.
 */
export async function refundUnspent(tx: DbOrTx, ad: repo.AdRow, spent: number, now: Date): Promise<void> {
  if (!isBlocking(ad.status) || ad.amountBudgeted <= spent) return;
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
