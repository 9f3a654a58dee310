import type { FeedPage } from '@campus/contract';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activeAd, newPost } from '../../../test/ads.ts';
import { createTestApp } from '../../../test/app.ts';
import { roles } from '../../../test/profiles.ts';
import type { Clock } from '../../lib/clock.ts';
import { activeAdsForFeed } from './ads.repo.ts';

let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
const { app, db } = await createTestApp({}, { clock });
const r = await roles(app, db);

// Two boosted posts: the 1-day one ends first, so it comes first in the cycle.
const first = await newPost(r.owner, 'Boosted bike');
const firstAd = await activeAd(r.owner, first.id, {
  goal: 'website',
  url: 'https://www.bikes.com',
  label: 'Shop Now',
  days: 1,
});
const second = await newPost(r.owner, 'Boosted desk');
const secondAd = await activeAd(r.owner, second.id, { goal: 'message', days: 5 });
for (let i = 0; i < 10; i += 1) await newPost(r.other, `Plain post ${i}`);

const feed = async (browser = r.other, adSlot?: number) => {
  const res = await browser.get(`/api/posts${adSlot === undefined ? '' : `?adSlot=${adSlot}`}`);
  expect(res.statusCode).toBe(200);
  return res.json() as FeedPage;
};

describe('sponsored posts in the feed', () => {
  it('go after every 4th post, each ad once a page, in end-time order, with their call-to-action', async () => {
    const page = await feed();
    expect(page.posts.length).toBe(12);
    expect(page.sponsored.map((s) => [s.afterIndex, s.adId])).toEqual([
      [3, firstAd.adId],
      [7, secondAd.adId],
    ]);
    expect(page.sponsored[0]).toMatchObject({
      isSponsored: true,
      cta: { type: 'website', url: 'https://www.bikes.com', label: 'Shop Now' },
      post: { id: first.id, plainText: 'Boosted bike' },
    });
    expect(page.sponsored[1]?.cta).toEqual({ type: 'message', url: '', label: '' });
    expect(page.nextAdSlot).toBe(0);
  });

  it('carry on the cycle on the next page', async () => {
    const page = await feed(r.other, 1);
    expect(page.sponsored.map((s) => s.adId)).toEqual([secondAd.adId, firstAd.adId]);
  });

  it('are shown to members of other campuses visiting, and to the owner', async () => {
    expect((await feed(r.otherCampus)).sponsored.length).toBe(2);
    expect((await feed(r.owner)).sponsored.length).toBe(2);
    expect((await r.anonymous.get('/api/posts')).statusCode).toBe(401);
  });

  it("are hidden from someone the owner blocked, like the owner's posts", async () => {
    expect((await r.owner.post('/api/blocks', { userId: r.otherUser.id })).statusCode).toBe(200);
    expect((await feed()).sponsored).toEqual([]);
    expect((await r.owner.request('DELETE', `/api/blocks/${r.otherUser.id}`)).statusCode).toBe(200);
    expect((await feed()).sponsored.length).toBe(2);
  });

  it('leave out paused and expired ads', async () => {
    await r.owner.post(`/api/ads/${secondAd.adId}/pause`);
    expect((await feed()).sponsored.map((s) => s.adId)).toEqual([firstAd.adId]);
    offsetMs += 86_400_000 + 60_000;
    expect((await feed()).sponsored).toEqual([]);
    expect((await feed()).nextAdSlot).toBe(0);
  });

  it('refuses a bad adSlot with 400', async () => {
    for (const value of ['-1', 'x', '1e99', '%00']) {
      expect((await r.other.get(`/api/posts?adSlot=${value}`)).statusCode).toBe(400);
    }
  });
});

describe('the running-ads lookup of every feed page', () => {
  it('reads the partial index, not the whole ads table (20,000 ads, 30 running)', async () => {
    let plan = '';
    await db
      .transaction(async (tx) => {
        // Foreign keys are not checked while filling, so the rows need no posts or users.
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx.execute(sql`INSERT INTO ads (id, campus_id, post_id, user_id, title, cta_type, duration_minutes,
            amount_budgeted, status, start_time, end_time_adjusted)
          SELECT 'plan' || i, ${first.campusId}, 'p' || i, 'u', 't', 'message', 1440, 500,
            CASE WHEN i % 667 = 0 THEN 'active' WHEN i % 2 = 0 THEN 'completed' ELSE 'stopped' END,
            now() - interval '1 day', now() + (i || ' minutes')::interval
          FROM generate_series(1, 20000) i`);
        await tx.execute(sql`ANALYZE ads`);
        // The statement activeAdsForFeed runs (ads.repo.ts), explained.
        const rows = await tx.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN SELECT * FROM ads
          WHERE campus_id = ${first.campusId} AND status = 'active' AND end_time_adjusted > ${new Date().toISOString()}
          ORDER BY end_time_adjusted ASC, created_at DESC LIMIT 50`);
        plan = rows.rows.map((r) => r['QUERY PLAN']).join('\n');
        expect((await activeAdsForFeed(tx, first.campusId, new Date(), 50)).length).toBeGreaterThanOrEqual(30);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    // Either partial index of running ads (only status 'active' rows are in them).
    expect(plan).toMatch(/Index Scan using ads_(feed|running)_idx/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
