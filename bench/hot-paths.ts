/**
 * Hot-path benchmark (docs/perf/README.md): the server runs as its own process (`node --import tsx
 * apps/server/src/server.ts`, production mode) on PostgreSQL holding 200k posts (1M with
 * `--million` or `BENCH_POSTS=1000000`); autocannon runs here, in another process, against it.
 * Every route is reported as a share of GET /api/campuses (in memory, no database) measured
 * right before it in the same run: absolute numbers on a shared machine are noise, the ratios
 * are the result. The last columns are the server process's own CPU time per answered request
 * and PostgreSQL's (the backends connected to the bench database, from /proc), which other
 * load on the machine disturbs least.
 *
 * GET /api/events (SSE) is measured apart: N sequential connects, each on a new connection,
 * timing the response headers, beside the same loop against /api/campuses.
 *
 * Run: npm run bench:hot-paths [-- --million] [-- --profile[=row]]
 * Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_hot_paths_{200k|1000k},
 *      created when missing; one database per size, so both stay seeded), BENCH_POSTS (200000),
 *      BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_PORT (3270), BENCH_SSE_CONNECTS (200),
 *      BENCH_ONLY (comma-separated row keys, e.g. "campuses,feed,events"), BENCH_SERVER_DIR.
 * `--profile[=key]`: runs the server with --cpu-prof, loads only that row (default `feed`), and
 *      prints the functions with the most self time (the .cpuprofile is left in the printed folder).
 * `--promises`: no load; counts the promises (and other async resources) the server creates per
 *      request of each row, over PROMISE_REQUESTS (500) sequential requests after 50 of warm-up
 *      (bench/count-promises.cjs, preloaded). Exact, so the same on a busy machine; with
 *      BENCH_COMPARE_DIR, old and new side by side.
 * BENCH_COMPARE_DIR=<another checkout> (e.g. a `git worktree` of an older commit, with its own
 *      `npm ci` and web build): two servers at once, that one ("old", on BENCH_PORT + 1, its own
 *      database BENCH_COMPARE_DATABASE_URL, default the bench database's name + `_old`, seeded by
 *      that checkout's own bench/seed.ts, since its schema is its own) and this one ("new"). Each
 *      row is measured in BENCH_ROUNDS (5) short rounds, old and new in turn (who goes first
 *      alternates), each measurement right after its own /api/campuses reference on the same
 *      server; printed per row: the median share of each, the median of the rounds' new/old
 *      ratios and their spread, and the same for server CPU per request. BENCH_SECONDS defaults
 *      to 4 there. A row's share moves 20–40 % between runs on a shared machine; within one round
 *      both servers see the same load.
 * Numbers only: nothing here passes or fails.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import type { seedBenchPosts as SeedBenchPosts } from './seed.ts';

const COMPARE_DIR = process.env.BENCH_COMPARE_DIR ? path.resolve(process.env.BENCH_COMPARE_DIR) : undefined;
const POSTS = process.argv.includes('--million') ? 1_000_000 : Number(process.env.BENCH_POSTS ?? 200_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? (COMPARE_DIR ? 4 : 10));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3270);
const SSE_CONNECTS = Number(process.env.BENCH_SSE_CONNECTS ?? 200);
const URL_ =
  process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/bench_hot_paths_${Math.round(POSTS / 1000)}k`;
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const profileArg = process.argv.find((a) => a === '--profile' || a.startsWith('--profile='));
const PROFILE = profileArg !== undefined;
const PROFILE_KEY = profileArg?.split('=')[1] || 'feed';
const PROMISES = process.argv.includes('--promises');
const PROMISE_REQUESTS = 500;
const profileWindow = { from: 0, to: Number.POSITIVE_INFINITY };
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A web build, for the row of a page's document (its first screen's answers written in).
const WEB_DIST = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'));
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campus-bench-hot-paths-'));
const profileDir = path.join(dataDir, 'profile');

if (COMPARE_DIR && PROFILE) throw new Error('--profile measures one server: leave BENCH_COMPARE_DIR unset');
if (PROMISES && PROFILE) throw new Error('--promises and --profile: one at a time');

interface Row {
  label: string;
  key: string;
  path: string;
  signedIn: boolean;
}
type BenchServer = Awaited<ReturnType<typeof startServer>>;

/**
 * One server as it runs in production, on a database of its own (created when missing, migrated
 * by the server at its start and seeded by `seedModule`, the bench seed of the same checkout),
 * with a signed-in member; ready to load once every row answers 200.
 */
async function startServer({
  dir,
  port,
  databaseUrl,
  webDist,
  seedModule,
  log,
}: {
  /** The checkout whose apps/server runs. */
  dir: string;
  port: number;
  databaseUrl: string;
  webDist: string;
  seedModule: string;
  log: (line: string) => void;
}) {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  {
    const dbName = new URL(databaseUrl).pathname.slice(1);
    const admin = new URL(databaseUrl);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${dbName.replaceAll('"', '')}"`);
    await client.end();
  }

  const origin = `http://127.0.0.1:${port}`;
  // A server left on the port (e.g. by a run that crashed) would answer instead of this one.
  if (
    await fetch(`${origin}/api/health`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`${origin} already answers: stop the process on port ${port} or set BENCH_PORT`);

  // The server, as it runs in production (migrations run at its start).
  const serverDataDir = path.join(dataDir, String(port));
  await mkdir(serverDataDir, { recursive: true });
  const server = spawn(
    process.execPath,
    [
      ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      ...(PROMISES ? ['--require', path.join(repoRoot, 'bench/count-promises.cjs')] : []),
      '--import',
      'tsx',
      'apps/server/src/server.ts',
    ],
    {
      cwd: dir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATA_DIR: serverDataDir,
        LOG_LEVEL: 'warn',
        AUTH_SECRET: 'bench-secret-that-is-at-least-32-characters',
        WEB_DIST: hasWeb ? webDist : path.join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'inherit', 'inherit', ...(PROMISES ? (['ipc'] as const) : [])],
    },
  );
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  /**
   * PostgreSQL's CPU time for the bench database: the backends connected to it (the server's
   * pool), read from /proc when PostgreSQL runs on this machine. Backends that end within a
   * window are missed, so this is a lower bound; other databases' work is not counted.
   */
  const admin = new pg.Client({ connectionString: databaseUrl });
  async function stop() {
    server.kill('SIGTERM');
    await exited;
    await admin.end().catch(() => {});
  }
  try {
    await admin.connect();
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      const ok = await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    // A signed-in, school-verified member with a profile (the seed fills in the rest); kept
    // between runs like the posts.
    const email = 'bench-viewer@ou.edu';
    const authPost = (route: string, body: object) =>
      fetch(`${origin}/api/auth/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify(body),
      });
    let signIn = await authPost('sign-in/email', { email, password: 'bench-password' });
    // A busy machine can make the pool answer 503 for a moment: try again.
    for (let attempt = 0; signIn.status === 503 && attempt < 5; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      signIn = await authPost('sign-in/email', { email, password: 'bench-password' });
    }
    if (!signIn.ok) signIn = await authPost('sign-up/email', { name: 'Bench Mark', email, password: 'bench-password' });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    if (!signIn.ok || !cookie) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);

    const t0 = performance.now();
    const { seedBenchPosts } = (await import(pathToFileURL(seedModule).href)) as {
      seedBenchPosts: typeof SeedBenchPosts;
    };
    const seed = await seedBenchPosts(databaseUrl, { posts: POSTS, viewerEmail: email, log });
    log(`  seed ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const headers = { cookie };
    const rows: Row[] = [
      { key: 'campuses', label: 'GET /api/campuses (reference)', path: '/api/campuses', signedIn: false },
      { key: 'health', label: 'GET /api/health', path: '/api/health', signedIn: false },
      { key: 'me', label: 'GET /api/me (signed in)', path: '/api/me', signedIn: true },
      { key: 'feed', label: 'GET /api/posts page 1', path: '/api/posts', signedIn: true },
      { key: 'deep', label: 'GET /api/posts deep page', path: `/api/posts?cursor=${seed.deepCursor}`, signedIn: true },
      { key: 'category', label: 'GET /api/posts?category=', path: '/api/posts?category=textbooks', signedIn: true },
      // Two filters and a price sort (decision 036): from $50 up, in good condition, lowest price first.
      {
        key: 'filtered',
        label: 'GET /api/posts?minPrice&condition&sort=price_asc',
        path: '/api/posts?minPrice=50&condition=good&sort=price_asc',
        signedIn: true,
      },
      {
        key: 'post',
        label: 'GET /api/posts/:id (5 comments)',
        path: `/api/posts/${seed.postWithComments}`,
        signedIn: true,
      },
      { key: 'saved', label: 'GET /api/saved', path: '/api/saved', signedIn: true },
      { key: 'media', label: 'GET /api/posts/media', path: '/api/posts/media', signedIn: true },
      {
        key: 'profile',
        label: 'GET /api/profiles/:u/posts',
        path: `/api/profiles/${seed.username}/posts`,
        signedIn: true,
      },
      // A word of every post (the newest matches, read down the feed index) and a word of one post.
      {
        key: 'search',
        label: 'GET /api/search/posts?q= (every post matches)',
        path: '/api/search/posts?q=condition',
        signedIn: true,
      },
      {
        key: 'search-rare',
        label: 'GET /api/search/posts?q= (one post matches)',
        path: `/api/search/posts?q=${seed.rareWord}`,
        signedIn: true,
      },
      // The document of /home with its first screen written in (campus, viewer, feed page 1).
      ...(hasWeb ? [{ key: 'document', label: 'GET /home (document, signed in)', path: '/home', signedIn: true }] : []),
    ];
    // In a comparison, rows the older server does not have (e.g. `filtered` before decision 036) are left out.
    const answering = new Set<string>();
    for (const row of rows) {
      const response = await fetch(`${origin}${row.path}`, { headers: row.signedIn ? headers : {} });
      const bytes = (await response.arrayBuffer()).byteLength;
      if (response.status === 200) {
        // The answer's size: what the socket writes per request (writev is the largest share of a
        // kept page's CPU in the profiles).
        log(`  ${row.key}: ${bytes.toLocaleString('en-US')} bytes`);
        answering.add(row.key);
      } else if (!COMPARE_DIR) throw new Error(`${row.path}: ${response.status}`);
      else log(`  ${row.path}: ${response.status}, left out`);
    }

    /** CPU time of one process from /proc (0 when it is gone or unreadable). */
    async function processCpuMs(pid: number): Promise<number> {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(fields[11]) || 0) + (Number(fields[12]) || 0)) * 10;
    }
    async function databaseCpu(): Promise<Map<number, number>> {
      const { rows } = await admin.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      return new Map(await Promise.all(rows.map(async (r) => [r.pid, await processCpuMs(r.pid)] as [number, number])));
    }
    async function databaseCpuSince(before: Map<number, number>): Promise<number> {
      const after = await databaseCpu();
      let ms = 0;
      for (const [pid, cpu] of after) ms += cpu - (before.get(pid) ?? 0);
      return ms;
    }

    /** `duration` seconds of autocannon on one route; the server's and PostgreSQL's CPU per answered request. */
    async function load(pathAndQuery: string, signedIn: boolean, duration = SECONDS) {
      const cpuBefore = await processCpuMs(server.pid ?? 0);
      const dbBefore = await databaseCpu();
      const result = await autocannon({
        url: `${origin}${pathAndQuery}`,
        connections: CONNECTIONS,
        duration,
        headers: signedIn ? headers : {},
      });
      if (result.non2xx > 0 || result.errors > 0) {
        console.warn(`  ${pathAndQuery}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      }
      const cpuMs = (await processCpuMs(server.pid ?? 0)) - cpuBefore;
      const dbMs = await databaseCpuSince(dbBefore);
      const answered = Math.max(1, result.requests.total);
      return {
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        cpuPerRequest: cpuMs / answered,
        dbPerRequest: dbMs / answered,
      };
    }

    /**
     * `count` sequential requests, each on a new connection (no keep-alive), timing the response
     * headers; an event stream is then closed, anything else read to the end.
     */
    async function connectLoop(path: string, signedIn: boolean, count: number) {
      const times: number[] = [];
      let refused = 0;
      for (let i = 0; i < count; i++) {
        const t0 = performance.now();
        const status = await new Promise<number>((resolve, reject) => {
          const request = http.get(
            `${origin}${path}`,
            { agent: false, headers: signedIn ? headers : {} },
            (response) => {
              times.push(performance.now() - t0);
              const code = response.statusCode ?? 0;
              if (response.headers['content-type']?.startsWith('text/event-stream')) {
                request.destroy();
                resolve(code);
                return;
              }
              response.resume();
              response.on('end', () => resolve(code));
            },
          );
          request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
        });
        if (status !== 200) refused += 1;
      }
      times.sort((x, y) => x - y);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
      const mean = times.reduce((sum, t) => sum + t, 0) / Math.max(1, times.length);
      return { mean, p50: at(0.5), p99: at(0.99), refused };
    }

    /** Async resources the server created so far, by type (only with `--promises`). */
    function asyncResources(): Promise<Record<string, number>> {
      return new Promise((resolve) => {
        server.once('message', (message) => resolve((message as { counts: Record<string, number> }).counts));
        server.send('count');
      });
    }
    /** Promises the server creates per request of `row`: sequential requests, so no other work is counted. */
    async function promisesPerRequest(row: Row): Promise<number> {
      const ask = async () => {
        const response = await fetch(`${origin}${row.path}`, { headers: row.signedIn ? headers : {} });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${row.path}: ${response.status}`);
      };
      for (let i = 0; i < 50; i++) await ask();
      const before = await asyncResources();
      for (let i = 0; i < PROMISE_REQUESTS; i++) await ask();
      const after = await asyncResources();
      return ((after.PROMISE ?? 0) - (before.PROMISE ?? 0)) / PROMISE_REQUESTS;
    }

    const commit = (() => {
      try {
        return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir }).toString().trim();
      } catch {
        return 'unknown';
      }
    })();
    return { rows: rows.filter((r) => answering.has(r.key)), load, connectLoop, promisesPerRequest, commit, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const serverDir = process.env.BENCH_SERVER_DIR ?? repoRoot;
// BENCH_SERVER_DIR: another checkout's server (e.g. a `git worktree` of an older commit).
const servers: BenchServer[] = [];
try {
  if (COMPARE_DIR) {
    const oldUrl = new URL(URL_);
    oldUrl.pathname = `${oldUrl.pathname}_old`;
    servers.push(
      await startServer({
        dir: COMPARE_DIR,
        port: PORT + 1,
        databaseUrl: process.env.BENCH_COMPARE_DATABASE_URL ?? oldUrl.toString(),
        webDist: path.join(COMPARE_DIR, 'apps/web/dist'),
        seedModule: path.join(COMPARE_DIR, 'bench/seed.ts'),
        log: (line) => console.log(`old: ${line}`),
      }),
    );
  }
  servers.push(
    await startServer({
      dir: serverDir,
      port: PORT,
      databaseUrl: URL_,
      webDist: WEB_DIST,
      seedModule: path.join(repoRoot, 'bench/seed.ts'),
      log: COMPARE_DIR ? (line) => console.log(`new: ${line}`) : console.log,
    }),
  );
  const [old, current] = COMPARE_DIR ? servers : [undefined, servers[0]];
  if (!current) throw new Error('no server');
  if (PROMISES) await countPromises(current, old);
  else if (old) await compare(old, current);
  else await measure(current);
} finally {
  for (const server of servers) await server.stop();
}

/** Promises per request of each row (`--promises`), and the old server's beside them in a comparison. */
async function countPromises(current: BenchServer, old?: BenchServer) {
  const selected = current.rows.filter((r) => !ONLY || ONLY.includes(r.key));
  console.log(
    `\nPromises the server creates per request (${PROMISE_REQUESTS} sequential requests per row after 50 of warm-up):`,
  );
  console.log(
    old
      ? `\n| Route | old ${old.commit} | new ${current.commit} |\n|---|---|---|`
      : '\n| Route | promises |\n|---|---|',
  );
  for (const row of selected) {
    const now = (await current.promisesPerRequest(row)).toFixed(1);
    const oldRow = old?.rows.find((r) => r.key === row.key);
    const before = oldRow && old ? (await old.promisesPerRequest(oldRow)).toFixed(1) : '–';
    console.log(old ? `| \`${row.label}\` | ${before} | ${now} |` : `| \`${row.label}\` | ${now} |`);
  }
}

/** The one-server table (and its profile, with `--profile`). */
async function measure({ rows, load, connectLoop, commit }: BenchServer) {
  const selected = rows.filter((r) => r.key !== 'campuses' && (!ONLY || ONLY.includes(r.key)));
  const reference = rows[0] as Row;

  if (PROFILE) {
    const row = rows.find((r) => r.key === PROFILE_KEY);
    if (!row) throw new Error(`--profile=${PROFILE_KEY}: no such row`);
    console.log(`\nProfiling ${row.label}, ${SECONDS} s at ${CONNECTIONS} connections…`);
    await load(row.path, row.signedIn, 2);
    // Both processes read CLOCK_MONOTONIC: the summary keeps the samples of this window only.
    profileWindow.from = Number(process.hrtime.bigint() / 1000n);
    const r = await load(row.path, row.signedIn);
    profileWindow.to = Number(process.hrtime.bigint() / 1000n);
    console.log(
      `  ${r.rps.toFixed(0)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   server CPU ${r.cpuPerRequest.toFixed(2)} ms/request`,
    );
  } else {
    console.log(
      `\nautocannon: ${CONNECTIONS} connections, ${SECONDS} s per row (after 2 s of warm-up), ${POSTS.toLocaleString('en-US')} posts, server at ${commit}`,
    );
    // Load on a shared machine drifts within minutes: each row is paired with a run of the
    // reference right before it, and its share is taken against that run.
    console.log(
      '\n| Route | req/s | p50 ms | p99 ms | share of /api/campuses | server CPU ms/request | PostgreSQL CPU ms/request |',
    );
    console.log('|---|---|---|---|---|---|---|');
    const references: number[] = [];
    for (const row of selected.filter((r) => r.key !== 'events')) {
      await load(reference.path, false, 1);
      const ref = await load(reference.path, false, Math.max(2, SECONDS / 2));
      references.push(ref.rps);
      if (references.length === 1) {
        console.log(
          `| \`${reference.label}\` | ${fmt(ref.rps)} | ${ref.p50} | ${ref.p99} | 1.00 | ${ref.cpuPerRequest.toFixed(2)} | ${ref.dbPerRequest.toFixed(2)} |`,
        );
      }
      await load(row.path, row.signedIn, 2);
      const r = await load(row.path, row.signedIn);
      console.log(
        `| \`${row.label}\` | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${(r.rps / ref.rps).toFixed(2)} | ${r.cpuPerRequest.toFixed(2)} | ${r.dbPerRequest.toFixed(2)} |`,
      );
    }
    if (references.length > 0) {
      console.log(
        `(reference runs: ${references.map((n) => Math.round(n)).join(', ')} req/s; each share is against the run just before its row)`,
      );
    }

    if (!ONLY || ONLY.includes('events')) {
      // GET /api/events: time to the stream's response headers, one new connection each.
      await connectLoop(reference.path, false, 20);
      const ref = await connectLoop(reference.path, false, SSE_CONNECTS);
      await connectLoop('/api/events', true, 20);
      const sse = await connectLoop('/api/events', true, SSE_CONNECTS);
      console.log(`\n${SSE_CONNECTS} sequential connects, each on a new connection, time to the response headers:`);
      console.log('| Route | mean ms | p50 ms | p99 ms | share of /api/campuses (mean time ratio, inverted) |');
      console.log('|---|---|---|---|---|');
      console.log(
        `| \`GET /api/campuses (reference)\` | ${ref.mean.toFixed(2)} | ${ref.p50.toFixed(2)} | ${ref.p99.toFixed(2)} | 1.00 |`,
      );
      console.log(
        `| \`GET /api/events connect\` | ${sse.mean.toFixed(2)} | ${sse.p50.toFixed(2)} | ${sse.p99.toFixed(2)} | ${(ref.mean / sse.mean).toFixed(2)} |`,
      );
      if (sse.refused > 0 || ref.refused > 0) console.warn(`  not 200: events ${sse.refused}, campuses ${ref.refused}`);
    }
    console.log(
      `(load average at the end: ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} on ${os.cpus().length} CPUs)`,
    );
  }
}

/**
 * Old and new in the same run: per row, ROUNDS rounds of old and new in turn (who goes first
 * alternates, so neither always meets the machine a few seconds later), each measurement right
 * after its own reference on the same server. The ratios are taken within a round, where both
 * servers saw the same load, then summarised over the rounds.
 */
async function compare(old: BenchServer, current: BenchServer) {
  const keys = current.rows
    .map((r) => r.key)
    .filter((key) => key !== 'campuses' && (!ONLY || ONLY.includes(key)) && old.rows.some((r) => r.key === key));
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(s.length / 2);
    return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
  };
  const summary = (olds: number[], news: number[], digits: number) => {
    const ratios = news.map((n, i) => n / (olds[i] ?? Number.NaN));
    return `${median(olds).toFixed(digits)} | ${median(news).toFixed(digits)} | **${median(ratios).toFixed(2)}** | ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
  };
  console.log(
    `\nautocannon: ${CONNECTIONS} connections, ${ROUNDS} rounds per row, each ${SECONDS} s per server (after 1 s of warm-up, right after ${Math.max(2, SECONDS / 2)} s of /api/campuses on the same server), ${POSTS.toLocaleString('en-US')} posts; old ${old.commit}, new ${current.commit}`,
  );
  console.log(
    '\n| Route | share old | share new | share new/old | spread | CPU ms/req old | CPU new | CPU new/old | spread |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  const referenceCpu = { old: [] as number[], new: [] as number[] };
  const lines: string[] = [];
  for (const key of keys) {
    const shares = { old: [] as number[], new: [] as number[] };
    const cpu = { old: [] as number[], new: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const turn = round % 2 === 0 ? (['old', 'new'] as const) : (['new', 'old'] as const);
      for (const which of turn) {
        const server = which === 'old' ? old : current;
        const row = server.rows.find((r) => r.key === key) as Row;
        await server.load('/api/campuses', false, 1);
        const ref = await server.load('/api/campuses', false, Math.max(2, SECONDS / 2));
        await server.load(row.path, row.signedIn, 1);
        const r = await server.load(row.path, row.signedIn);
        shares[which].push(r.rps / ref.rps);
        cpu[which].push(r.cpuPerRequest);
        referenceCpu[which].push(ref.cpuPerRequest);
      }
    }
    const label = current.rows.find((r) => r.key === key)?.label ?? key;
    const line = `| \`${label}\` | ${summary(shares.old, shares.new, 2)} | ${summary(cpu.old, cpu.new, 3)} |`;
    lines.push(line);
    console.log(line);
  }
  // The references of every row, paired the same way: the CPU of a route whose code is the same in both.
  console.log(
    `| \`GET /api/campuses (reference)\` | 1.00 | 1.00 | 1.00 | – | ${summary(referenceCpu.old, referenceCpu.new, 3)} |`,
  );
  console.log(
    `(share: req/s of the row over req/s of the /api/campuses run just before it; the ratios are new/old within a round, median and min–max over ${ROUNDS} rounds; load average at the end: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} on ${os.cpus().length} CPUs)`,
  );
}

if (PROFILE) {
  // CPU.{date}.{time}.{pid}.{thread}.{seq}.cpuprofile: thread 0 is the main thread (tsx's loader has its own).
  const file = (await readdir(profileDir)).find((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f));
  if (!file) throw new Error('no .cpuprofile written');
  const full = path.join(profileDir, file);
  printProfileSummary(JSON.parse(await readFile(full, 'utf8')) as CpuProfile);
  console.log(`\nprofile: ${full}`);
}

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function (summed over the call tree) while the profiled row was loaded, biggest first. */
function printProfileSummary(profile: CpuProfile, top = 30) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < profileWindow.from || at > profileWindow.to) return;
    const frame = byNode.get(id)?.callFrame;
    if (!frame) return;
    const where = frame.url
      ? `${frame.url.replace(`file://${repoRoot}/`, '').replace(/^.*node_modules\//, '')}:${frame.lineNumber + 1}`
      : '';
    const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + delta);
    total += delta;
  });
  const busy = total - (self.get('(idle)') ?? 0);
  console.log(`\nTop self time (${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s not idle):`);
  console.log('| self % of busy | function |');
  console.log('|---|---|');
  for (const [key, us] of [...self.entries()]
    .filter(([k]) => k !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)) {
    console.log(`| ${((100 * us) / busy).toFixed(1)} | \`${key}\` |`);
  }
}
