/**
 * Search benchmark (docs/decisions/017-search-in-postgres.md): ~100k marketplace posts on two campuses (OU 70 %, UT 30 %) and
 * 10k members, then
 *  - EXPLAIN ANALYZE of the search queries (word corrections, a rare and a common word, a
 *    prefix, Media, suggestions, people), to show which index each uses;
 *  - the same SQL run directly (no HTTP), one query at a time, over 200 rotating terms (a third
 *    misspelt, a third prefixes, a third plain words): p50/p99;
 *  - autocannon against GET /api/search/posts with the same 200 terms, at 1 and at 50
 *    connections, next to GET /api/campuses measured in the same run (req/s ratio). The server is
 *    its own process (the real entry point); autocannon runs in this one.
 *
 * Run: npm run bench:search
 * Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_search, created when
 *      missing), BENCH_POSTS (100000), BENCH_SECONDS (10), BENCH_PORT (3280).
 * Numbers only: nothing here passes or fails.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CAMPUS_IDS, campusBySlug, NO_LISTING_FILTERS } from '@campus/contract';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { findPosts } from '../apps/server/src/modules/posts/posts.repo.ts';
import { searchPostIds } from '../apps/server/src/modules/search/search.repo.ts';
import { tsqueryFor } from '../apps/server/src/modules/search/search.service.ts';
import { LocalDiskStorage } from '../apps/server/src/plugins/storage.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3280);
const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_search';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const origin = `http://127.0.0.1:${PORT}`;

// Realistic listing text: an item, a brand or detail, a condition and a pick-up place.
const ITEMS = [
  'mini fridge',
  'microwave',
  'calculus textbook',
  'chemistry textbook',
  'biology textbook',
  'desk lamp',
  'office chair',
  'futon',
  'mattress topper',
  'bookshelf',
  'coffee maker',
  'keurig',
  'television',
  'monitor',
  'keyboard',
  'headphones',
  'speaker',
  'bicycle',
  'scooter',
  'skateboard',
  'football tickets',
  'concert tickets',
  'graphing calculator',
  'laptop',
  'macbook',
  'iphone charger',
  'printer',
  'guitar',
  'rug',
  'curtains',
  'air fryer',
  'blender',
  'vacuum',
  'hammock',
  'backpack',
  'winter jacket',
  'rain boots',
  'tennis racket',
  'yoga mat',
  'dumbbells',
  'kayak',
  'camping tent',
  'sleeping bag',
  'espresso machine',
  'toaster',
  'nightstand',
];
const DETAILS = [
  'barely used',
  'like new',
  'works perfectly',
  'a few scratches',
  'brand new in box',
  'gently used',
  'moving out sale',
  'must go this week',
  'price negotiable',
  'great condition',
  'comes with charger',
];
const PLACES = ['Walker', 'Couch', 'Adams', 'the library', 'Jefferson', 'the union', 'Campus Corner', 'Duck Pond'];
const FIRST = ['Avery', 'Jordan', 'Taylor', 'Morgan', 'Riley', 'Casey', 'Jamie', 'Quinn', 'Harper', 'Rowan'];
const LAST = ['Carter', 'Brooks', 'Nguyen', 'Patel', 'Garcia', 'Kim', 'Johnson', 'Lopez', 'Okafor', 'Schmidt'];

/** 200 rotating query terms: a third plain words, a third misspelt, a third prefixes. */
function terms(): string[] {
  const words = [...new Set(ITEMS.flatMap((i) => i.split(' ')).filter((w) => w.length >= 5))];
  const out: string[] = [];
  for (let i = 0; out.length < 200; i += 1) {
    const word = words[i % words.length] as string;
    const kind = i % 3;
    if (kind === 0) out.push(i % 2 ? word : `${word} ${DETAILS[i % DETAILS.length]?.split(' ')[0]}`);
    else if (kind === 1) {
      // One letter dropped, swapped or replaced, past the first letter.
      const at = 1 + (i % (word.length - 2));
      const typo =
        i % 2
          ? word.slice(0, at) + word.slice(at + 1)
          : word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2);
      out.push(typo);
    } else out.push(word.slice(0, 3 + (i % 2)));
  }
  return out;
}

// The database: created when missing; the server migrates it at start.
{
  const target = new URL(URL_);
  const admin = new URL(URL_);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const name = target.pathname.slice(1);
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '')}"`);
  await client.end();
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campus-bench-search-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: repoRoot,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATABASE_URL: URL_,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_SECRET: 'bench-secret-that-is-at-least-32-characters',
    WEB_DIST: path.join(dataDir, 'no-web'),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

try {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (
      await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const email = 'bench-search@ou.edu';
  const authPost = (route: string, body: object) =>
    fetch(`${origin}/api/auth/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
    });
  let signIn = await authPost('sign-in/email', { email, password: 'bench-password' });
  if (!signIn.ok) signIn = await authPost('sign-up/email', { name: 'Bench Search', email, password: 'bench-password' });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!signIn.ok || !cookie) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);

  const client = new pg.Client({ connectionString: URL_ });
  await client.connect();
  const viewer = await client.query<{ id: string }>(
    `UPDATE users SET verified = true, school_verified = true, campus_id = $2, profile_set_up = true
     WHERE email = $1 RETURNING id`,
    [email, CAMPUS_IDS.ou],
  );
  const userId = viewer.rows[0]?.id;
  if (!userId) throw new Error('no bench user');

  const have = await client.query<{ n: string }>(`SELECT count(*) AS n FROM posts WHERE id LIKE 'sbench-%'`);
  if (Number(have.rows[0]?.n) !== POSTS) {
    console.log(`Generating ${POSTS.toLocaleString()} posts on OU and UT and 10,000 members…`);
    const t0 = performance.now();
    await client.query(`DELETE FROM posts WHERE id LIKE 'sbench-%'`);
    await client.query(`DELETE FROM users WHERE id LIKE 'sbench-u%'`);
    await client.query(
      `INSERT INTO users (id, name, first_name, last_name, username, email, verified, school_verified, campus_id)
       SELECT 'sbench-u' || g, f || ' ' || l, f, l, lower(f || l || g), 'sbench' || g || '@example.com', true, true,
              CASE WHEN g % 10 < 7 THEN $1::uuid ELSE $2::uuid END
       FROM generate_series(1, 10000) AS g,
            LATERAL (SELECT ($3::text[])[1 + g % 10] AS f, ($4::text[])[1 + (g / 10) % 10] AS l) n`,
      [CAMPUS_IDS.ou, CAMPUS_IDS.ut, FIRST, LAST],
    );
    // The trigger of migration 0008 records every word in search_terms as the rows go in.
    await client.query(
      `INSERT INTO posts (id, campus_id, user_id, type, plain_text, category, price_cents, img_count, created_at, last_modified)
       SELECT 'sbench-' || lpad(g::text, 8, '0'),
              CASE WHEN g % 10 < 7 THEN $1::uuid ELSE $2::uuid END,
              'sbench-u' || (1 + g % 10000), 'post',
              initcap(($3::text[])[1 + g % array_length($3::text[], 1)]) || ', ' ||
                ($4::text[])[1 + (g / 7) % array_length($4::text[], 1)] || E'\n' ||
                'Pick up at ' || ($5::text[])[1 + (g / 3) % array_length($5::text[], 1)] ||
                '. Item ' || g || ', model ' ||
                -- 40,000 distinct made-up words (brands, models, names): a campus-sized vocabulary.
                translate(substr(md5((g % 40000)::text), 1, 8), '0123456789', 'ghijklmnop') ||
                ', message me if interested.',
              'furniture', (g % 300) * 100, CASE WHEN g % 4 = 0 THEN 1 ELSE 0 END,
              now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
       FROM generate_series(1, $6::int) AS g`,
      [CAMPUS_IDS.ou, CAMPUS_IDS.ut, ITEMS, DETAILS, PLACES, POSTS],
    );
    await client.query('ANALYZE posts; ANALYZE users; ANALYZE search_terms');
    console.log(`  done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const counts = await client.query<{ posts: string; terms: string }>(
    `SELECT (SELECT count(*) FROM posts WHERE post_commented_on IS NULL) AS posts, (SELECT count(*) FROM search_terms) AS terms`,
  );
  console.log(`posts: ${counts.rows[0]?.posts}, vocabulary (search_terms rows): ${counts.rows[0]?.terms}`);

  // EXPLAIN of the queries a search runs, with the tsquery the service builds.
  const db = createDatabase(URL_, { max: 4 });
  const deps = { db, storage: new LocalDiskStorage(dataDir), clock: systemClock };
  const ou = campusBySlug('ou');
  if (!ou) throw new Error('no OU');
  async function explain(label: string, query: string, params: unknown[]) {
    const result = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`, params);
    console.log(`\n— ${label}`);
    for (const r of result.rows) console.log(`  ${r['QUERY PLAN'] as string}`);
  }
  await explain(
    "Word corrections for 'frige' and 'calc' (GIN trigram on search_terms, as search.repo.ts)",
    `WITH q(word) AS (SELECT unnest($2::text[]))
     SELECT q.word, NULL AS term FROM q
       WHERE EXISTS (SELECT 1 FROM search_terms st WHERE st.campus_id = $1 AND st.term LIKE q.word || '%')
     UNION ALL
     SELECT q.word, near.term FROM q CROSS JOIN LATERAL (
       SELECT st.term FROM search_terms st WHERE st.campus_id = $1 AND st.term % q.word
       ORDER BY similarity(st.term, q.word) DESC LIMIT 20) near
     WHERE levenshtein_less_equal(near.term, q.word, 2) <= 1`,
    [CAMPUS_IDS.ou, ['frige', 'calc']],
  );
  const postsSql = `SELECT p.id FROM posts p
     WHERE p.campus_id = $1 AND p.post_commented_on IS NULL AND p.type = 'post'
       AND p.search_vector @@ to_tsquery('english', $2) AND ($3 = false OR p.img_count > 0)
     ORDER BY p.last_modified DESC, p.id DESC LIMIT 10`;
  for (const [label, text, media] of [
    ["Latest, 'hammock' (rarer word)", 'hammock', false],
    ["Latest, 'mini frige' (typo corrected)", 'mini frige', false],
    ["Latest, 'pick' (in every post)", 'pick', false],
    ["Latest, 'calc' (prefix)", 'calc', false],
    ["Media, 'textbook'", 'textbook', true],
  ] as const) {
    const tsquery = (await tsqueryFor(deps, ou.id, text))?.tsquery;
    await explain(`${label} → to_tsquery('english', '${tsquery}')`, postsSql, [CAMPUS_IDS.ou, tsquery, media]);
  }
  // A word no post of the campus uses: the service reads the few matches first (search.repo.ts rareMatchIds).
  await explain(
    "Latest, 'gramophon' (a word the campus never used; the rare-word path)",
    `WITH m AS MATERIALIZED (
       SELECT p.id, p.campus_id, p.last_modified FROM posts p
       WHERE p.post_commented_on IS NULL AND p.type = 'post' AND p.search_vector @@ to_tsquery('english', $2)
       LIMIT 2001)
     SELECT id FROM m WHERE campus_id = $1 ORDER BY last_modified DESC, id DESC LIMIT 10`,
    [CAMPUS_IDS.ou, "'gramophon':*"],
  );
  await explain(
    "People, 'jordn'",
    `SELECT id FROM users u WHERE u.campus_id = $1 AND u.school_verified
       AND (search_unaccent(lower(u.first_name || ' ' || u.last_name || ' ' || u.username::text)) LIKE $2
         OR $3 <% search_unaccent(lower(u.first_name || ' ' || u.last_name || ' ' || u.username::text)))
     ORDER BY word_similarity($3, search_unaccent(lower(u.first_name || ' ' || u.last_name || ' ' || u.username::text))) DESC
     LIMIT 10`,
    [CAMPUS_IDS.ou, '%jordn%', 'jordn'],
  );

  // The same SQL as the service (corrections, page ids, posts with authors), without HTTP: one term at a time.
  const list = terms();
  const direct: number[] = [];
  let empty = 0;
  for (let round = 0; round < 2; round += 1) {
    for (const text of list) {
      const t0 = performance.now();
      const postQuery = await tsqueryFor(deps, ou.id, text);
      const ids = postQuery
        ? await searchPostIds(db, {
            campusId: ou.id,
            ...postQuery,
            mediaOnly: false,
            filters: NO_LISTING_FILTERS,
            limit: 10,
          })
        : [];
      const rows = await findPosts(db, ids);
      if (round === 1) {
        direct.push(performance.now() - t0);
        if (rows.length === 0) empty += 1;
      }
    }
  }
  direct.sort((a, b) => a - b);
  console.log(
    `\nDirect SQL (corrections + page), ${direct.length} terms one at a time: p50 ${percentile(direct, 50).toFixed(2)} ms, p99 ${percentile(direct, 99).toFixed(2)} ms (${empty} terms found nothing)`,
  );
  console.log(`  sample terms: ${list.slice(0, 12).join(', ')}`);
  await db.$client.end();
  await client.end();

  async function load(label: string, paths: string[], connections: number, signedIn: boolean) {
    // Warm-up, then the measured run.
    const run = (duration: number) =>
      autocannon({
        url: origin,
        connections,
        duration,
        headers: signedIn ? { cookie } : {},
        requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
      });
    await run(2);
    const result = await run(SECONDS);
    console.log(
      `| ${label} | ${connections} | ${Math.round(result.requests.average).toLocaleString('en-US')} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx + result.errors} |`,
    );
    return result.requests.average;
  }
  const searchPaths = list.map((t) => `/api/search/posts?q=${encodeURIComponent(t)}`);
  const suggestPaths = list.map((t) => `/api/search/suggestions?q=${encodeURIComponent(t)}`);
  console.log(`\nautocannon, ${SECONDS} s per row after 2 s of warm-up; server process: apps/server/src/server.ts`);
  console.log('| Route | connections | req/s | p50 ms | p99 ms | non-2xx + errors |');
  console.log('|---|---|---|---|---|---|');
  const ref = await load('GET /api/campuses (reference)', ['/api/campuses'], 50, false);
  await load('GET /api/search/posts (200 terms)', searchPaths, 1, true);
  const search = await load('GET /api/search/posts (200 terms)', searchPaths, 50, true);
  const suggest = await load('GET /api/search/suggestions (200 terms)', suggestPaths, 50, true);
  console.log(
    `\n/api/search/posts at 50 connections: ${(search / ref).toFixed(2)} of /api/campuses req/s; suggestions ${(suggest / ref).toFixed(2)}`,
  );
} finally {
  server.kill('SIGTERM');
  await exited;
  await rm(dataDir, { recursive: true, force: true });
}
