/**
 * Saved-search matching benchmark (docs/decisions/040-saved-searches-and-notification-settings.md):
 * 10,000 saved searches on one campus (2,000 members, 5 each, over 100 distinct queries made by
 * the real service: corrections, stems, anchors), a campus vocabulary from 3,000 listings, then
 * for 300 new posts (a third matching many searches, a third a few, a third none):
 *  - the plan of the one matching statement (EXPLAIN ANALYZE), to show the anchors index;
 *  - its latency p50/p99, next to two references timed in the same run on the same posts: the
 *    search page's own query for the post's first word (tsquery + page of ids), and the naive
 *    match that tests every saved search of the campus (`search_vector @@ tsquery` over all);
 *  - the whole step of the job (match, store the matches, notify, hold), in a rolled-back transaction.
 *
 * Run: npm run bench:saved-searches
 * Env: BENCH_DATABASE_URL (a server's maintenance database; default an embedded PostgreSQL),
 *      BENCH_SAVED_SEARCHES (10000), BENCH_NEW_POSTS (300).
 * Numbers only: nothing here passes or fails.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CAMPUS_IDS, campusBySlug, NO_LISTING_FILTERS } from '@campus/contract';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { explainMatch, matchPost } from '../apps/server/src/modules/saved-searches/saved-searches.repo.ts';
import { createSavedSearch, matchNewPost } from '../apps/server/src/modules/saved-searches/saved-searches.service.ts';
import { searchPostIds } from '../apps/server/src/modules/search/search.repo.ts';
import { tsqueryFor } from '../apps/server/src/modules/search/search.service.ts';
import { LocalDiskStorage } from '../apps/server/src/plugins/storage.ts';
import { openBenchDatabase } from './database.ts';

const SAVED = Number(process.env.BENCH_SAVED_SEARCHES ?? 10_000);
const NEW_POSTS = Number(process.env.BENCH_NEW_POSTS ?? 300);
const PER_MEMBER = 5;
const MEMBERS = Math.ceil(SAVED / PER_MEMBER);
const campus = campusBySlug('ou');
if (!campus) throw new Error('no OU campus');
const campusId = CAMPUS_IDS.ou;

const ITEMS = [
  'mini fridge',
  'microwave',
  'calculus textbook',
  'chemistry textbook',
  'desk lamp',
  'office chair',
  'futon',
  'mattress topper',
  'bookshelf',
  'coffee maker',
  'television',
  'monitor',
  'keyboard',
  'headphones',
  'speaker',
  'bicycle',
  'scooter',
  'skateboard',
  'football tickets',
  'graphing calculator',
  'laptop',
  'printer',
  'guitar',
  'rug',
  'air fryer',
  'blender',
  'vacuum',
  'hammock',
  'backpack',
  'winter jacket',
  'tennis racket',
  'yoga mat',
  'dumbbells',
  'standing desk',
  'gaming chair',
  'espresso machine',
  'rice cooker',
  'bean bag',
  'tv stand',
  'kettle',
];
const DETAILS = [
  'barely used',
  'like new',
  'works great',
  'small scratch',
  'moving out sale',
  'must go',
  'cheap',
  'ikea',
];
const PLACES = ['pick up at Couch', 'near the library', 'Traditions Square', 'campus corner', 'Cate center'];
// Queries people save: items, misspellings, prefixes, two words.
const QUERIES = [
  ...ITEMS,
  ...ITEMS.map((i) => i.split(' ')[0] as string),
  'mini frige',
  'microwve',
  'calc',
  'textbok',
  'lamp',
  'chiar',
  'bike',
  'headphone',
  'tickets',
  'laptp',
  'espreso',
  'hamock',
  'dumbell',
  'jacket',
  'desk',
  'chair',
  'fridge',
  'tv',
  'gaming',
  'coffee',
];

const now = () => performance.now();
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campus-bench-saved-'));
const database = await openBenchDatabase('campus_bench_saved', dataDir);
process.once('SIGINT', () => void database.close().finally(() => process.exit(130)));
try {
  await migrateDatabase(database.url);
  const db = createDatabase(database.url, { max: 4 });
  const log = (line: string) => console.log(line);

  // Members and one seller, in plain SQL.
  await db.execute(sql`
    INSERT INTO users (id, campus_id, name, first_name, last_name, username, email, verified, school_verified, profile_set_up)
    SELECT 'bench-u' || g, ${campusId}::uuid, 'Bench ' || g, 'Bench', 'U' || g, 'benchu' || g, 'benchu' || g || '@ou.edu',
      true, true, true
    FROM generate_series(0, ${MEMBERS}) g`);
  const sellerId = `bench-u${MEMBERS}`;

  // The campus vocabulary (search_terms is filled by the posts trigger).
  await db.execute(sql`
    INSERT INTO posts (id, campus_id, user_id, plain_text, price_cents, condition, created_at, last_modified)
    SELECT 'bench-p' || g, ${campusId}::uuid, ${sellerId},
      (${sql.raw(`ARRAY['${ITEMS.join("','")}']`)})[1 + g % ${ITEMS.length}] || ', ' ||
      (${sql.raw(`ARRAY['${DETAILS.join("','")}']`)})[1 + g % ${DETAILS.length}] || E'\\n' ||
      (${sql.raw(`ARRAY['${PLACES.join("','")}']`)})[1 + g % ${PLACES.length}],
      (g % 200) * 100, 'good', now() - g * interval '1 minute', now() - g * interval '1 minute'
    FROM generate_series(1, 3000) g`);
  await db.execute(sql`ANALYZE posts`);
  log(`Seeded ${MEMBERS} members and 3,000 listings on ${campus.shortName}.`);

  // The distinct saved searches (100) through the real service (corrections, anchors), 20 per member…
  const viewerOf = (i: number) => ({
    id: `bench-u${i}`,
    email: `benchu${i}@ou.edu`,
    verified: true,
    schoolVerified: true,
    campusId,
  });
  const deps = { db, clock: systemClock };
  let made = 0;
  for (const [i, q] of QUERIES.slice(0, 200).entries()) {
    const maxPrice = i % 3 === 0 ? 60 : undefined;
    await createSavedSearch(deps, viewerOf(Math.floor(i / 20)), campus, {
      q,
      show: 'latest',
      filters: { ...NO_LISTING_FILTERS, conditions: [], ...(maxPrice === undefined ? {} : { maxPrice }) },
    });
    made += 1;
  }
  // …copied to the other members (each distinct search held by ~50 people), up to SAVED.
  await db.execute(sql`
    INSERT INTO saved_searches (id, campus_id, user_id, query, show, filters, search_key, tsquery, anchors,
      min_price_cents, max_price_cents, free_only, conditions, created_at)
    SELECT 'bench-s' || m.g || '-' || k, s.campus_id, 'bench-u' || m.g, s.query, s.show, s.filters, s.search_key,
      s.tsquery, s.anchors, s.min_price_cents, s.max_price_cents, s.free_only, s.conditions, now()
    FROM generate_series(10, ${MEMBERS - 1}) m(g)
    CROSS JOIN generate_series(0, ${PER_MEMBER - 1}) k
    JOIN LATERAL (
      SELECT * FROM saved_searches WHERE id NOT LIKE 'bench-s%'
      ORDER BY id OFFSET ((m.g * ${PER_MEMBER} + k) % ${made}) LIMIT 1
    ) s ON true
    LIMIT ${SAVED - made}`);
  await db.execute(sql`ANALYZE saved_searches`);
  const total = (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM saved_searches`)).rows[0]?.n;
  log(`Saved searches on the campus: ${total} (${made} distinct, made by the service).`);

  // New posts: a third common items (many matches), a third rarer text (a few), a third no match.
  const texts = Array.from({ length: NEW_POSTS }, (_, i) => {
    if (i % 3 === 0) return `${ITEMS[i % ITEMS.length]}, ${DETAILS[i % DETAILS.length]}\nPick up today`;
    if (i % 3 === 1) return `Vintage ${ITEMS[(i * 7) % ITEMS.length]} with extras\n${PLACES[i % PLACES.length]}`;
    return `Handmade pottery vase number ${i}\nGlazed, blue`;
  });
  const postIds: string[] = [];
  for (const [i, text] of texts.entries()) {
    const id = `bench-new${i}`;
    await db.execute(sql`
      INSERT INTO posts (id, campus_id, user_id, plain_text, price_cents, condition, created_at, last_modified)
      VALUES (${id}, ${campusId}::uuid, ${sellerId}, ${text}, ${4500}, 'good', now(), now())`);
    postIds.push(id);
  }

  console.log('\nPlan of the matching statement (a common item):');
  console.log(await explainMatch(db, postIds[0] as string, { analyze: true }));

  // Warm up, then time each statement on the same posts, interleaved.
  const storage = new LocalDiskStorage(path.join(dataDir, 'uploads'));
  const matchMs: number[] = [];
  const searchMs: number[] = [];
  const naiveMs: number[] = [];
  const stepMs: number[] = [];
  let matches = 0;
  for (const round of [0, 1]) {
    for (const [i, postId] of postIds.entries()) {
      const firstWord = (texts[i] as string).split(/[^A-Za-z]+/).find((w) => w.length > 2) ?? 'lamp';
      let t = now();
      const result = await db.transaction(async (tx) => matchPost(tx, postId));
      const m = now() - t;
      t = now();
      const q = await tsqueryFor({ db, storage, clock: systemClock }, campusId, firstWord);
      if (q) {
        await searchPostIds(db, {
          campusId,
          ...q,
          mediaOnly: false,
          filters: NO_LISTING_FILTERS,
          limit: 10,
        });
      }
      const s = now() - t;
      t = now();
      await db.execute(sql`
        SELECT s.id FROM posts p JOIN saved_searches s ON s.campus_id = p.campus_id AND p.search_vector @@ s.tsquery
        WHERE p.id = ${postId}`);
      const n = now() - t;
      t = now();
      await db
        .transaction(async (tx) => {
          await matchNewPost(tx, postId, new Date());
          throw new Error('rollback');
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error && error.message === 'rollback')) throw error;
        });
      const st = now() - t;
      if (round === 1) {
        matchMs.push(m);
        searchMs.push(s);
        naiveMs.push(n);
        stepMs.push(st);
        matches += result.matches.length;
      }
    }
  }
  const p50 = pct(searchMs, 50);
  console.log(`\n${postIds.length} new posts against ${total} saved searches (${matches} matches in all):`);
  const row = (name: string, values: number[]) =>
    console.log(
      `  ${name.padEnd(46)} p50 ${fmt(pct(values, 50)).padStart(10)}  p99 ${fmt(pct(values, 99)).padStart(10)}  ` +
        `p50 ×${(pct(values, 50) / p50).toFixed(2)} of the search page's query`,
    );
  row("reference: the search page's query (1 word)", searchMs);
  row('matching statement (anchors index)', matchMs);
  row('naive: every saved search tested', naiveMs);
  row('whole job step (match, store, notify, hold)', stepMs);
  await db.$client.end();
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
