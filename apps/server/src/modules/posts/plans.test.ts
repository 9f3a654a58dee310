import { CAMPUS_IDS, NO_LISTING_FILTERS } from '@campus/contract';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { member } from '../../../test/posts.ts';
import { statementText } from '../../db/named-statements.ts';
import { findProfile } from '../profiles/profiles.repo.ts';
import { lockListingsToAsk, lockListingsToExpire } from './listings.repo.ts';
import { listProfilePosts, listSavedPage, listTopLevel, loadPostPage, SESSION_WITH_FEED_STATE } from './posts.repo.ts';

/**
 * The hot read paths are named statements, so after a few executions PostgreSQL runs their
 * GENERIC plan (parameters unknown). These tests explain that plan on 20k posts and check that
 * it reads the intended index, never the whole posts table, and has no `LIMIT $n` (a generic
 * plan costs it at a tenth of the table, which once crossed `jit_above_cost`).
 */
const { app, db } = await createTestApp();
const { user } = await member(app, db, 'ou');
const campusId = CAMPUS_IDS.ou;

// 50 other members; the test member wrote every 50th post, saved 30 and replied 100 times.
await db.$client.query(
  `INSERT INTO users (id, name, first_name, last_name, username, email, campus_id, verified, school_verified)
   SELECT 'plan-u' || g, 'Plan User', 'Plan', 'User', 'plan-user-' || g, 'plan-user-' || g || '@ou.edu', $1, true, true
   FROM generate_series(1, 50) AS g`,
  [campusId],
);
await db.$client.query(
  `INSERT INTO posts (id, campus_id, user_id, type, plain_text, category, img_count, price_cents, condition, status,
     expired_at, created_at, last_modified)
   SELECT 'plan-' || lpad(g::text, 6, '0'), $1, CASE WHEN g % 50 = 0 THEN $2 ELSE 'plan-u' || (g % 50) END, 'post',
          'Item ' || g, (ARRAY['furniture','textbooks','tickets','electronics'])[1 + g % 4],
          CASE WHEN g % 5 = 0 THEN 1 ELSE 0 END,
          -- Every 7th without a price; a sixth of them no condition; every 10th sold, every 40th expired.
          CASE WHEN g % 7 = 0 THEN NULL ELSE (g % 300) * 100 END,
          (ARRAY[NULL, 'new', 'like new', 'good', 'fair', 'for parts'])[1 + g % 6],
          CASE WHEN g % 10 = 3 THEN 'sold' WHEN g % 10 = 4 THEN 'pending' ELSE 'available' END,
          CASE WHEN g % 40 = 1 THEN now() END,
          now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
   FROM generate_series(1, 20000) AS g`,
  [campusId, user.id],
);
await db.$client.query(
  `INSERT INTO posts (id, campus_id, user_id, type, plain_text, post_commented_on, root_id)
   SELECT 'plan-c' || g, $1, CASE WHEN g % 20 = 0 THEN $2 ELSE 'plan-u' || (g % 50 + 1) END, 'post', 'Comment ' || g,
          'plan-' || lpad((g % 400 + 70)::text, 6, '0'), 'plan-' || lpad((g % 400 + 70)::text, 6, '0')
   FROM generate_series(1, 2000) AS g`,
  [campusId, user.id],
);
await db.$client.query(
  `INSERT INTO post_likes (post_id, user_id)
   SELECT 'plan-' || lpad(g::text, 6, '0'), CASE WHEN g % 100 = 0 THEN $1 ELSE 'plan-u' || (g % 50 + 1) END
   FROM generate_series(1, 3000) AS g`,
  [user.id],
);
await db.$client.query('ANALYZE');

const explainer = new pg.Client({ connectionString: String(db.$client.options.connectionString) });
await explainer.connect();
afterAll(() => explainer.end());

/** EXPLAIN of the generic plan of a named statement the repositories built, run with `values`. */
async function genericPlan(name: string, values: string[]): Promise<string> {
  const text = statementText(name);
  if (!text) throw new Error(`statement ${name} was not built`);
  return genericPlanOf(text, values);
}

async function genericPlanOf(text: string, values: string[]): Promise<string> {
  expect(text).not.toMatch(/LIMIT \$/);
  await explainer.query('SET plan_cache_mode = force_generic_plan');
  await explainer.query(`PREPARE plan_check AS ${text}`);
  try {
    const args = values.map((v) => explainer.escapeLiteral(v)).join(', ');
    const { rows } = await explainer.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE plan_check(${args})`);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await explainer.query('DEALLOCATE plan_check');
    await explainer.query('RESET plan_cache_mode');
  }
}

const cursorAt = new Date(Date.now() - 10_000 * 1000).toISOString();

describe('generic plans of the hot read paths (20k posts)', () => {
  it.each([
    ['feed__ns_25', { limit: 25 }, [user.id, campusId], 'posts_feed_live_idx'],
    [
      'feed_c_ns_15',
      { limit: 15, category: 'textbooks' },
      [user.id, campusId, 'textbooks'],
      'posts_feed_live_category_idx',
    ],
    ['feed_m_ns_15', { limit: 15, mediaOnly: true }, [user.id, campusId], 'posts_media_feed_live_idx'],
    [
      'feed__nsk_15',
      { limit: 15, after: { sort: 'newest', at: { at: new Date(cursorAt), id: 'plan-010000' } } },
      [user.id, campusId, cursorAt, 'plan-010000'],
      'posts_feed_live_idx',
    ],
    // 'Show sold': the indexes of every top-level post (expired ones are filtered out).
    [
      'feed__n_25',
      { limit: 25, filters: { ...NO_LISTING_FILTERS, sold: true } },
      [user.id, campusId],
      'posts_feed_idx',
    ],
    [
      'feed_c_n_15',
      { limit: 15, category: 'textbooks', filters: { ...NO_LISTING_FILTERS, sold: true } },
      [user.id, campusId, 'textbooks'],
      'posts_feed_category_idx',
    ],
    [
      'feed_m_n_15',
      { limit: 15, mediaOnly: true, filters: { ...NO_LISTING_FILTERS, sold: true } },
      [user.id, campusId],
      'posts_media_feed_idx',
    ],
    // The media feed by price: the price index, photos filtered on the way.
    [
      'feed_m_ds_15',
      { limit: 15, mediaOnly: true, filters: { ...NO_LISTING_FILTERS, sort: 'price_desc' } },
      [user.id, campusId],
      'posts_price_live_idx',
    ],
    // Filtered, newest first.
    [
      'feed_c_nsc_15',
      { limit: 15, category: 'textbooks', filters: { ...NO_LISTING_FILTERS, conditions: ['good', 'fair'] } },
      [user.id, campusId, 'textbooks', '{good,fair}'],
      'posts_feed_live_category_idx',
    ],
    [
      'feed__nslh_25',
      { limit: 25, filters: { ...NO_LISTING_FILTERS, minPrice: 20, maxPrice: 250 } },
      [user.id, campusId, '2000', '25000'],
      'posts_feed_live_idx',
    ],
    // Price: high to low, backwards on the price index.
    [
      'feed__ds_25',
      { limit: 25, filters: { ...NO_LISTING_FILTERS, sort: 'price_desc' } },
      [user.id, campusId],
      'posts_price_live_idx',
    ],
    [
      'feed__dsk_15',
      {
        limit: 15,
        filters: { ...NO_LISTING_FILTERS, sort: 'price_desc' },
        after: { sort: 'price', at: { priceCents: 15000, id: 'plan-001050' } },
      },
      [user.id, campusId, '15000', 'plan-001050'],
      'posts_price_live_idx',
    ],
    [
      'feed__d_25',
      { limit: 25, filters: { ...NO_LISTING_FILTERS, sort: 'price_desc', sold: true } },
      [user.id, campusId],
      'posts_price_idx',
    ],
  ] as const)('%s reads %s backwards, not the table', async (name, options, values, index) => {
    await listTopLevel(db, { viewerId: user.id, campusId, ...options });
    const plan = await genericPlan(name, [...values]);
    expect(plan).toContain(`Index Scan Backward using ${index} on posts p`);
    expect(plan).not.toMatch(/Seq Scan on posts|JIT|Sort Key: p\./);
  });

  it.each([
    [
      'feed__as_25',
      { limit: 25, filters: { ...NO_LISTING_FILTERS, sort: 'price_asc' } },
      [user.id, campusId],
      'posts_price_live_idx',
    ],
    [
      'feed__ask_15',
      {
        limit: 15,
        filters: { ...NO_LISTING_FILTERS, sort: 'price_asc' },
        after: { sort: 'price', at: { priceCents: 15000, id: 'plan-001050' } },
      },
      [user.id, campusId, '15000', 'plan-001050'],
      'posts_price_live_idx',
    ],
    [
      'feed__a_25',
      { limit: 25, filters: { ...NO_LISTING_FILTERS, sort: 'price_asc', sold: true } },
      [user.id, campusId],
      'posts_price_idx',
    ],
    // The bench's filtered page: two filters (a minimum price and a condition) and Price: low to high.
    [
      'feed__aslc_25',
      { limit: 25, filters: { ...NO_LISTING_FILTERS, sort: 'price_asc', minPrice: 50, conditions: ['good'] } },
      [user.id, campusId, '5000', '{good}'],
      'posts_price_live_idx',
    ],
    [
      'feed_c_aslhc_15',
      {
        limit: 15,
        category: 'textbooks',
        filters: {
          ...NO_LISTING_FILTERS,
          sort: 'price_asc',
          minPrice: 10,
          maxPrice: 200,
          conditions: ['new', 'like new'],
        },
      },
      [user.id, campusId, 'textbooks', '1000', '20000', '{new,"like new"}'],
      'posts_price_live_idx',
    ],
  ] as const)('%s reads %s forwards, not the table', async (name, options, values, index) => {
    const { rows } = await listTopLevel(db, { viewerId: user.id, campusId, ...options });
    expect(rows.length).toBeGreaterThan(0);
    const plan = await genericPlan(name, [...values]);
    expect(plan).toContain(`Index Scan using ${index} on posts p`);
    expect(plan).not.toMatch(/Seq Scan on posts|JIT|Sort Key: p\./);
  });

  it('saved page: by the saver, never the whole posts table', async () => {
    expect(await listSavedPage(db, { userId: user.id, campusId, limit: 10 })).toHaveLength(10);
    const plan = await genericPlan('saved__10', [user.id, campusId]);
    expect(plan).toMatch(/post_likes_(user_idx|pkey)/);
    expect(plan).not.toMatch(/Seq Scan on posts|JIT/);
  });

  it('post page: the post, its chain and thread by key', async () => {
    const rows = await loadPostPage(db, { viewerId: user.id, id: 'plan-000070', maxAncestors: 8, maxComments: 200 });
    expect(rows.map((r) => r.role)).toEqual(['post', ...Array(5).fill('comment')]);
    const plan = await genericPlan('post_page_8_200', [user.id, 'plan-000070']);
    expect(plan).toContain('posts_parent_idx');
    expect(plan).not.toMatch(/Seq Scan on posts|JIT/);
  });

  it.each([
    ['posts', 'posts_user_top_idx'],
    ['photos', 'posts_user_photos_idx'],
    ['replies', 'posts_user_replies_idx'],
  ] as const)('profile tab %s reads %s', async (kind, index) => {
    await listProfilePosts(db, { kind, userId: user.id, campusId, limit: 10 });
    const plan = await genericPlan(`profile_${kind}__10`, [user.id, campusId]);
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/Seq Scan on posts|JIT/);
  });

  it("feed state with the session: the viewer's saves by index, never the table", async () => {
    const plan = await genericPlanOf(SESSION_WITH_FEED_STATE, [
      'some-session-token',
      campusId,
      '{plan-000100,plan-000200,plan-000300}',
    ]);
    expect(plan).toMatch(/Index Scan (using|on) post_likes_(pkey|user_idx)/);
    expect(plan).not.toMatch(/Seq Scan on (posts|post_likes)|JIT/);
  });

  it('profile header: one user by username', async () => {
    const profile = await findProfile(db, user.username, user.id);
    expect(profile?.id).toBe(user.id);
    expect(await genericPlan('profile_by_username', [user.username, user.id])).not.toMatch(/Seq Scan on posts|JIT/);
  });

  it('the stale-listings job: listings to ask and to expire by their partial indexes (decision 034)', async () => {
    const now = Date.now();
    const changedBefore = new Date(now - 30 * 86_400_000);
    await db.transaction(async (tx) => {
      await lockListingsToAsk(tx, { changedBefore, sellerId: null, limit: 200 });
      await lockListingsToExpire(tx, { askedBefore: changedBefore, sellerId: null, limit: 200 });
    });
    const ask = await genericPlan('listings_to_ask_200', [changedBefore.toISOString(), user.id]);
    expect(ask).toContain('posts_stale_idx');
    expect(ask).not.toMatch(/Seq Scan on posts|JIT/);
    const expire = await genericPlan('listings_to_expire_200', [changedBefore.toISOString(), user.id]);
    expect(expire).toContain('posts_stale_asked_idx');
    expect(expire).not.toMatch(/Seq Scan on posts|JIT/);
  });
});
