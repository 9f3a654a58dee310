/**
 * Feed benchmark: 100k+ posts on one campus, then
 *  - EXPLAIN ANALYZE of the feed (page 1 and a deep page), a category page and a thread, to
 *    show the planner uses the indexes;
 *  - autocannon against GET /api/posts, page 1 and a deep page, printing req/s and latency.
 *
 * Run: npm run bench:feed  (embedded PostgreSQL in a temp folder; or BENCH_DATABASE_URL=…)
 * Options (env): BENCH_POSTS (default 120000), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10).
 * Numbers only: nothing here passes or fails.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CAMPUS_IDS } from '@campus/contract';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { users } from '../apps/server/src/db/schema/index.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 120_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campus-bench-'));
let url = process.env.BENCH_DATABASE_URL;
const embedded = url ? undefined : await startEmbeddedPostgres({ dataDir });
if (embedded) {
  await ensureDatabase(embedded.adminUrl, 'bench');
  url = embedded.urlFor('bench');
}
if (!url) throw new Error('no database');
await migrateDatabase(url);
// Bulk inserts of 100k rows run longer than the server's 5 s statement limit.
const db = createDatabase(url, { max: 20, statementTimeoutMs: 0 });
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  AUTH_SECRET: 'bench-secret-that-is-at-least-32-characters',
  WEB_DIST: '/nonexistent',
});
const app = await buildApp({ config, db });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const origin = address;

// A member to read the feed with.
const email = `bench-${Date.now()}@ou.edu`;
const post = (p: string, body: unknown, cookie = '') =>
  fetch(`${origin}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify(body),
  });
const signUp = await post('/api/auth/sign-up/email', { name: 'Bench Mark', email, password: 'bench-password' });
const cookie = signUp.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
await db
  .update(users)
  .set({ verified: true, schoolVerified: true, campusId: CAMPUS_IDS.ou, profileSetUp: true })
  .where(eq(users.email, email));
const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
if (!user) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
// 127.0.0.1 is served as OU (unknown hosts fall back to OU).

console.log(`Generating ${POSTS.toLocaleString()} posts (a tenth of them comments)…`);
const t0 = performance.now();
// Timestamps collide on purpose (second precision, many per second) to exercise the id tie-break.
await db.execute(sql`
  INSERT INTO posts (id, campus_id, user_id, type, plain_text, category, price_cents, created_at, last_modified)
  SELECT 'bench-' || lpad(g::text, 7, '0'), ${CAMPUS_IDS.ou}, ${user.id}, 'post',
         'Item number ' || g || ' in good condition, pick up on campus',
         (ARRAY['furniture','textbooks','tickets','electronics','bikes & scooters'])[1 + g % 5],
         (g % 300) * 100,
         now() - (g || ' seconds')::interval / 3,
         now() - (g || ' seconds')::interval / 3
  FROM generate_series(1, ${POSTS}) AS g`);
await db.execute(sql`
  INSERT INTO posts (id, campus_id, user_id, type, plain_text, post_commented_on, root_id, created_at, last_modified)
  SELECT 'bench-c' || lpad(g::text, 7, '0'), ${CAMPUS_IDS.ou}, ${user.id}, 'post', 'A comment',
         'bench-' || lpad((1 + g % 50)::text, 7, '0'), 'bench-' || lpad((1 + g % 50)::text, 7, '0'), now(), now()
  FROM generate_series(1, ${Math.round(POSTS / 10)}) AS g`);
await db.execute(sql`ANALYZE posts`);
console.log(`  done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// A cursor deep into the feed (about 90% down).
const deep = await db.execute<{ last_modified: Date; id: string }>(sql`
  SELECT last_modified, id FROM posts WHERE campus_id = ${CAMPUS_IDS.ou} AND post_commented_on IS NULL
  ORDER BY last_modified DESC, id DESC OFFSET ${Math.floor(POSTS * 0.9)} LIMIT 1`);
const deepRow = deep.rows[0];
const deepCursor = deepRow
  ? Buffer.from(`${new Date(deepRow.last_modified).toISOString()}|${deepRow.id}`).toString('base64url')
  : '';

const client = new pg.Client({ connectionString: url });
await client.connect();
async function explain(label: string, query: string, params: unknown[]) {
  const result = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`, params);
  const plan = result.rows.map((r) => r['QUERY PLAN'] as string);
  console.log(`\n— ${label}`);
  for (const line of plan) console.log(`  ${line}`);
}
const feedSql = `SELECT id FROM posts WHERE campus_id = $1 AND post_commented_on IS NULL
  AND ($2::timestamptz IS NULL OR (last_modified, id) < ($2::timestamptz, $3))
  ORDER BY last_modified DESC, id DESC LIMIT 15`;
await explain(
  'Feed, page 1',
  feedSql.replace('($2::timestamptz IS NULL OR (last_modified, id) < ($2::timestamptz, $3))', 'true'),
  [CAMPUS_IDS.ou],
);
await explain('Feed, deep page (keyset)', feedSql.replace('$2::timestamptz IS NULL OR ', ''), [
  CAMPUS_IDS.ou,
  deepRow?.last_modified,
  deepRow?.id,
]);
await explain(
  'Feed, category page',
  `SELECT id FROM posts WHERE campus_id = $1 AND post_commented_on IS NULL AND category = $2
   ORDER BY last_modified DESC, id DESC LIMIT 15`,
  [CAMPUS_IDS.ou, 'textbooks'],
);
await explain('Thread of a post', 'SELECT id FROM posts WHERE root_id = $1 ORDER BY created_at, id', ['bench-0000001']);
await client.end();

async function load(label: string, pathAndQuery: string) {
  const result = await autocannon({
    url: `${origin}${pathAndQuery}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { cookie },
  });
  const ok = result['2xx'];
  console.log(
    `${label.padEnd(22)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   (${ok} ok, ${result.non2xx} non-2xx, ${result.errors} errors)`,
  );
}
console.log(`\nautocannon: ${CONNECTIONS} connections, ${SECONDS} s each`);
await load('GET /api/posts', '/api/posts');
await load('GET /api/posts (deep)', `/api/posts?cursor=${deepCursor}`);
await load('GET /api/posts?category', '/api/posts?category=textbooks');
// For comparison: the same request pipeline without the feed (session only), and without a session.
await load('GET /api/me', '/api/me');
await load('GET /api/health', '/api/health');

await new Promise((resolve) => setTimeout(resolve, 500)); // let the last responses finish
await app.close();
await db.$client.end();
await embedded?.stop();
await rm(dataDir, { recursive: true, force: true });
