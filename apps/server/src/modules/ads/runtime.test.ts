import {
  type AdActionResponse,
  type AdDetail,
  type AdList,
  adRuntimeMs,
  adTimeLeftMs,
  type PaymentsSummary,
} from '@campus/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activeAd, newPost } from '../../../test/ads.ts';
import { createTestApp } from '../../../test/app.ts';
import { member } from '../../../test/posts.ts';
import { roles } from '../../../test/profiles.ts';
import { paymentLedger, postAnalytics } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';

/** A clock that stands still until a test moves it: spend and runtime are exact to the cent and the ms. */
let nowMs = Date.now();
const clock: Clock = { now: () => new Date(nowMs) };
const { app, db } = await createTestApp({}, { clock });
const r = await roles(app, db);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let owners = 0;
const freshOwner = async () => {
  owners += 1;
  return (await member(app, db, 'ou', `Rita Runtime${String.fromCharCode(96 + owners)}`)).browser;
};
type Browser = Awaited<ReturnType<typeof freshOwner>>;

const detailOf = async (owner: Browser, adId: string) => {
  const res = await owner.get(`/api/ads/${adId}`);
  expect(res.statusCode).toBe(200);
  return res.json() as AdDetail;
};
const fundsOf = async (owner: Browser) =>
  ((await owner.get('/api/payments')).json() as PaymentsSummary).availableFundsCents;
const ledgerOf = async (adId: string) =>
  (await db.select().from(paymentLedger).where(eq(paymentLedger.adId, adId))).map((l) => [l.kind, l.amountCents]);
const track = (actionType: string, postId: string, browser = r.other) =>
  browser.post('/api/analytics', { actionType, postId });

describe('analytics per ad, not per post (docs/decisions/030-feed-ads-and-rough-edges.md)', () => {
  it('a new ad on the same post starts at 0; each ad keeps its own counts', async () => {
    const owner = await freshOwner();
    const post = await newPost(owner);
    const first = await activeAd(owner, post.id);
    await track('view', post.id);
    await track('copied_link', post.id);
    await track('external_link_click', post.id);
    await owner.post(`/api/ads/${first.adId}/stop`);

    const second = await activeAd(owner, post.id);
    expect((await detailOf(owner, second.adId)).analytics).toEqual({
      views: 0,
      accountsReached: 0,
      directMessages: 0,
      copiedLink: 0,
      externalLinkClicks: 0,
      profileVisits: 0,
    });
    // The same person, the same day, under the new ad: counted again, for the new ad only.
    expect((await track('external_link_click', post.id)).json()).toEqual({ tracked: true });
    expect((await track('view', post.id)).json()).toEqual({ tracked: true });
    expect((await detailOf(owner, second.adId)).analytics).toMatchObject({
      views: 1,
      accountsReached: 1,
      copiedLink: 0,
      externalLinkClicks: 1,
    });
    expect((await detailOf(owner, first.adId)).analytics).toMatchObject({
      views: 1,
      accountsReached: 1,
      copiedLink: 1,
      externalLinkClicks: 1,
    });
    const rows = await db.select().from(postAnalytics).where(eq(postAnalytics.postId, post.id));
    expect(rows.map((row) => row.adId).sort()).toEqual([first.adId, second.adId].sort());
  });
});

describe('spend while an ad runs, and after Stop (docs/decisions/030-feed-ads-and-rough-edges.md, docs/product/boosting.md#ad-analytics-screen)', () => {
  it('accrues $5 a day of runtime, to the cent, between the ad clock’s ticks, wherever it is shown', async () => {
    const owner = await freshOwner();
    const post = await newPost(owner);
    const { adId } = await activeAd(owner, post.id, { goal: 'message', days: 3 });
    expect((await detailOf(owner, adId)).ad.budget).toMatchObject({ amountBudgetedCents: 1500, totalSpentCents: 0 });
    nowMs += 6 * HOUR;
    // No ad clock tick ran: the spend is worked out at the read.
    const detail = await detailOf(owner, adId);
    expect(detail.ad.budget.totalSpentCents).toBe(125);
    const list = (await owner.get('/api/ads')).json() as AdList;
    expect(list.ads.find((ad) => ad.id === adId)?.budget.totalSpentCents).toBe(125);
    const payments = (await owner.get('/api/payments')).json() as PaymentsSummary;
    expect(payments.activity.find((a) => a.adId === adId)?.totalSpentCents).toBe(125);
    // A paused ad spends nothing while paused.
    await owner.post(`/api/ads/${adId}/pause`);
    nowMs += DAY;
    expect((await detailOf(owner, adId)).ad.budget.totalSpentCents).toBe(125);
  });

  it('Stop keeps what was spent and returns only the unspent part to Available Funds; no time left after', async () => {
    const owner = await freshOwner();
    const post = await newPost(owner);
    const { adId } = await activeAd(owner, post.id, { goal: 'message', days: 3 });
    expect(await fundsOf(owner)).toBe(0);
    nowMs += 6 * HOUR;
    const stoppedAt = nowMs;
    const stopped = (await owner.post(`/api/ads/${adId}/stop`)).json() as AdActionResponse;
    expect(stopped.ad).toMatchObject({ status: 'stopped', budget: { totalSpentCents: 125 } });
    expect(stopped.ad.endTimeAdjusted).toBe(new Date(stoppedAt).toISOString());
    expect(await ledgerOf(adId)).toEqual(
      expect.arrayContaining([
        ['payment', 1500],
        ['ad_budget', -1500],
        ['unspent_budget', 1375],
      ]),
    );
    expect(await fundsOf(owner)).toBe(1375);

    nowMs += DAY;
    const later = await detailOf(owner, adId);
    expect(later.ad.budget.totalSpentCents).toBe(125);
    expect(adTimeLeftMs(later.ad, Date.parse(later.now))).toBeNull();
    expect(adRuntimeMs(later.ad, Date.parse(later.now))).toBe(6 * HOUR);
    expect(await fundsOf(owner)).toBe(1375);
  });

  it('run until paused: $150 up front, $5 a day while it runs, a pause not charged, the rest back on Stop', async () => {
    const owner = await freshOwner();
    const post = await newPost(owner);
    const { adId } = await activeAd(owner, post.id, { goal: 'message', days: 4, runUntilPause: true });
    expect((await detailOf(owner, adId)).ad.budget.amountBudgetedCents).toBe(15_000);
    nowMs += DAY;
    await owner.post(`/api/ads/${adId}/pause`);
    nowMs += 3 * DAY;
    await owner.post(`/api/ads/${adId}/resume`);
    nowMs += DAY;
    const stopped = (await owner.post(`/api/ads/${adId}/stop`)).json() as AdActionResponse;
    expect(stopped.ad.budget.totalSpentCents).toBe(1000);
    expect(await fundsOf(owner)).toBe(14_000);
    expect(adRuntimeMs(stopped.ad, nowMs + DAY)).toBe(2 * DAY);
  });
});
