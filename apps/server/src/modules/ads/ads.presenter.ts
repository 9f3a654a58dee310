import {
  AD_STATUS_LABELS,
  ADS,
  type Ad,
  type AdStatus,
  type PaymentActivityItem,
  type PostMedia,
} from '@campus/contract';
import { presentUserSummary } from '../notifications/index.ts';
import type { CardPost, PostMediaJson } from '../posts/index.ts';
import { type AdRow, type OwnerRow, spentAt } from './ads.repo.ts';

export type MediaUrl = (key: string) => string;

export interface AdPostView {
  post: Pick<CardPost, 'id' | 'plainText' | 'priceCents'>;
  media: PostMediaJson | undefined;
}

function presentMedia(row: PostMediaJson | undefined, mediaUrl: MediaUrl): PostMedia | null {
  if (!row) return null;
  return {
    kind: row.kind,
    url: mediaUrl(row.feedPath),
    fullUrl: mediaUrl(row.path),
    width: row.width,
    height: row.height,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * What the ad has spent at `now` (docs/product/boosting.md#ad-analytics-screen): a running or paused ad's spend accrues
 * by the minute between the ad clock's ticks, so it is worked out at the read, not taken from
 * the last tick; an ended ad's was settled when it ended.
 */
export function spentNow(ad: AdRow, now: Date): number {
  return ad.status === 'active' || ad.status === 'paused' ? spentAt(ad, now, ADS.centsPerDay) : ad.totalSpent;
}

/** An ad for its owner (only owners ever receive one): every field of docs/product/boosting.md#ad-record, money in cents. */
export function presentAd(ad: AdRow, owner: OwnerRow, post: AdPostView | undefined, mediaUrl: MediaUrl, now: Date): Ad {
  const status = ad.status as AdStatus;
  return {
    id: ad.id,
    postId: ad.postId,
    campusId: ad.campusId,
    title: ad.title,
    cta: { type: ad.ctaType, url: ad.ctaUrl, label: ad.ctaLabel },
    targeting: ad.targeting,
    budget: {
      durationMinutes: ad.durationMinutes,
      amountBudgetedCents: ad.amountBudgeted,
      totalSpentCents: spentNow(ad, now),
    },
    runUntilPause: ad.runUntilPause,
    startTime: iso(ad.startTime),
    endTimeAdjusted: iso(ad.endTimeAdjusted),
    pausedAt: iso(ad.pausedAt),
    timePausedMs: ad.timePausedMs,
    status,
    statusLabel: AD_STATUS_LABELS[status],
    lastChargedAt: iso(ad.lastChargedAt),
    paymentId: ad.paymentId,
    user: presentUserSummary(owner, mediaUrl),
    post: {
      id: ad.postId,
      plainText: post?.post.plainText ?? '',
      priceCents: post?.post.priceCents ?? null,
      media: presentMedia(post?.media, mediaUrl),
    },
    createdAt: ad.createdAt.toISOString(),
    lastModified: ad.lastModified.toISOString(),
  };
}

export function presentActivity(ad: AdRow, now: Date): PaymentActivityItem {
  const status = ad.status as AdStatus;
  return {
    adId: ad.id,
    postId: ad.postId,
    title: ad.title,
    date: ad.createdAt.toISOString(),
    status,
    statusLabel: AD_STATUS_LABELS[status],
    amountBudgetedCents: ad.amountBudgeted,
    totalSpentCents: spentNow(ad, now),
  };
}
