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

const feed = async (browser = r.other, query = '') => {
  const res = await browser.get(`/api/posts${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as FeedPage;
};

/** The feed of `browser` page by page, as the web asks for it: the next cursor and the posts shown so far. */
async function scroll(browser = r.other) {
  const posts: string[] = [];
  const sponsored: Array<{ position: number; adId: string; postId: string }> = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ shown: String(posts.length), ...(cursor ? { cursor } : {}) });
    const page = await feed(browser, `?${params}`);
    for (const s of page.sponsored) {
      sponsored.push({ position: posts.length + s.afterIndex + 1, adId: s.adId, postId: s.post.id });
    }
    posts.push(...page.posts.map((p) => p.id));
    cursor = page.nextCursor;
  } while (cursor);
  return { posts, sponsored };
}

describe('sponsored posts in the feed', () => {
  it('go after every 4th post, cycling in end-time order, with their call-to-action; never next to their own post', async () => {
    const page = await feed();
    expect(page.posts.length).toBe(12);
    // Slot 3 (after post 12, the bike) would be the bike's ad again: the desk's ad takes it.
    expect(page.posts[11]?.id).toBe(first.id);
    expect(page.sponsored.map((s) => [s.afterIndex, s.adId])).toEqual([
      [3, firstAd.adId],
      [7, secondAd.adId],
      [11, secondAd.adId],
    ]);
    expect(page.sponsored[0]).toMatchObject({
      isSponsored: true,
      cta: { type: 'website', url: 'https://www.bikes.com', label: 'Shop Now' },
      post: { id: first.id, plainText: 'Boosted bike' },
    });
    expect(page.sponsored[1]?.cta).toEqual({ type: 'message', url: '', label: '' });
  });

  it('count the posts shown above the page: the slots and the cycle carry on across pages', async () => {
    // Posts 26–37: slots after 28 (slot 7: ad 0), 32 (slot 8: ad 1); after 36 both ads are neighbours.
    const page = await feed(r.other, '?shown=25');
    expect(page.sponsored.map((s) => [s.afterIndex, s.adId])).toEqual([
      [2, firstAd.adId],
      [6, secondAd.adId],
    ]);
    // Posts 3–14: the slots fall after posts 4, 8 and 12 of the scroll.
    expect((await feed(r.other, '?shown=2')).sponsored.map((s) => s.afterIndex)).toEqual([1, 5, 9]);
  });

  it('are shown to members of other campuses visiting, and to the owner', async () => {
    expect((await feed(r.otherCampus)).sponsored.length).toBe(3);
    expect((await feed(r.owner)).sponsored.length).toBe(3);
    expect((await r.anonymous.get('/api/posts')).statusCode).toBe(401);
  });

  it("are hidden from someone the owner blocked, like the owner's posts", async () => {
    expect((await r.owner.post('/api/blocks', { userId: r.otherUser.id })).statusCode).toBe(200);
    expect((await feed()).sponsored).toEqual([]);
    expect((await r.owner.request('DELETE', `/api/blocks/${r.otherUser.id}`)).statusCode).toBe(200);
    expect((await feed()).sponsored.length).toBe(3);
  });

  it('repeat one running ad in every slot; leave out paused and expired ads', async () => {
    await r.owner.post(`/api/ads/${secondAd.adId}/pause`);
    // After post 12 only the bike's own ad is left, next to the bike: that slot stays empty.
    expect((await feed()).sponsored.map((s) => [s.afterIndex, s.adId])).toEqual([
      [3, firstAd.adId],
      [7, firstAd.adId],
    ]);
    offsetMs += 86_400_000 + 60_000;
    expect((await feed()).sponsored).toEqual([]);
  });

  it('with one running ad, a scroll of two pages shows it after posts 4, 8, 12… but not next to its own post', async () => {
    const lamp = await newPost(r.owner, 'Boosted lamp');
    const lampAd = await activeAd(r.owner, lamp.id);
    for (let i = 0; i < 20; i += 1) await newPost(r.other, `More plain post ${i}`);
    const { posts, sponsored } = await scroll();
    expect(posts.length).toBe(33);
    expect(new Set(posts).size).toBe(33);
    // The lamp is post 21: the slot after post 20 would put its ad right above it.
    expect(posts.indexOf(lamp.id) + 1).toBe(21);
    expect(sponsored.map((s) => s.position)).toEqual([4, 8, 12, 16, 24, 28, 32]);
    expect(sponsored.every((s) => s.adId === lampAd.adId && s.postId === lamp.id)).toBe(true);
  });

  it('refuses a bad shown with 400', async () => {
    for (const value of ['-1', 'x', '1e99', '%00', '1000001', '2.5']) {
      expect((await r.other.get(`/api/posts?shown=${value}`)).statusCode).toBe(400);
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
