/**
 * Sign-in storm benchmark (security issue item 5): does a storm of password sign-ins stall an
 * unrelated member's feed?
 *
 * - The server is its own process (`node --import tsx apps/server/src/server.ts`, production
 *   mode, TRUST_PROXY on so that each storm request can come from its own address through
 *   X-Forwarded-For), on a fresh database: on the PostgreSQL of BENCH_DATABASE_URL (its
 *   maintenance database, e.g. postgres://postgres@127.0.0.1:5432/postgres; the run's database
 *   is dropped at the end) or on an embedded one in a temp folder.
 * - A reader (a signed-in, school-verified member with a feed of BENCH_POSTS posts) reads
 *   GET /api/posts one request after another, on a kept-alive connection.
 * - First BENCH_SECONDS of reading alone (the baseline); then BENCH_STORMS storms, each
 *   BENCH_SIGN_INS parallel sign-ins with the right password to as many accounts from as many
 *   addresses, while the reader keeps reading; the reads that start during a storm are its sample.
 * - Printed: the reader's p50/p99/max alone and during the storms, the p99 ratio (target ≤ 3),
 *   and how the sign-ins were answered and how long a storm took.
 *
 * Run: npm run bench:sign-in-storm. Env: BENCH_DATABASE_URL, BENCH_SIGN_INS (60), BENCH_STORMS (5),
 * BENCH_SECONDS (10), BENCH_POSTS (30000, the least bench/seed.ts needs), BENCH_SERVER_DIR (another checkout's server, e.g. the
 * last commit unpacked with `git archive HEAD | tar -x -C /tmp/old` and this node_modules linked in).
 * Numbers only: nothing here passes or fails.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openBenchDatabase } from './database.ts';
import { seedBenchPosts } from './seed.ts';

const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 60);
const STORMS = Number(process.env.BENCH_STORMS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// bench/seed.ts saves posts up to number 30,000: at least that many.
const POSTS = Math.max(30_000, Number(process.env.BENCH_POSTS ?? 30_000));
const PASSWORD = 'bench-password';
const root = path.resolve(import.meta.dirname, '..');
const serverDir = process.env.BENCH_SERVER_DIR ?? root;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campus-bench-sign-in-storm-'));

// --- Database ------------------------------------------------------------------------------
const database = await openBenchDatabase('campus_bench_storm', dataDir);
const url = database.url;

// --- Server process -------------------------------------------------------------------------
const port = await new Promise<number>((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as net.AddressInfo;
    probe.close(() => resolve(port));
  });
});
const origin = `http://127.0.0.1:${port}`;
let serverLog = '';
const server = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'apps/server/src/server.ts')], {
  cwd: serverDir,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dataDir, 'server'),
    WEB_DIST: path.join(dataDir, 'no-web'),
    DEMO: 'off',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    AUTH_SECRET: 'bench-secret-that-is-at-least-32-characters',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout?.on('data', (c: Buffer) => {
  serverLog = (serverLog + c.toString()).slice(-5000);
});
server.stderr?.on('data', (c: Buffer) => {
  serverLog = (serverLog + c.toString()).slice(-5000);
});
const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));

async function cleanUp() {
  if (server.exitCode === null) server.kill('SIGTERM');
  await exited;
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}

/** Address n of the storm (and of the sign-ups that made its accounts). */
const addressOf = (n: number) => `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;
const authPost = (route: string, body: object, address: string) =>
  fetch(`${origin}/api/auth/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });

try {
  for (const deadline = Date.now() + 90_000; ; ) {
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${serverLog}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // The reader: signed up through the API, then given a campus, a profile and a feed.
  const readerEmail = 'bench-viewer@ou.edu';
  const signUp = await authPost(
    'sign-up/email',
    { name: 'Bench Reader', email: readerEmail, password: PASSWORD },
    '10.76.0.1',
  );
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!signUp.ok || !cookie) throw new Error(`reader sign-up failed: ${signUp.status} ${await signUp.text()}`);
  await seedBenchPosts(url, { posts: POSTS, viewerEmail: readerEmail, log: console.log });

  // The storm's accounts, one sign-up at a time (each from its own address).
  const stormEmails = Array.from({ length: SIGN_INS }, (_, i) => `storm-${i}@ou.edu`);
  for (const [i, email] of stormEmails.entries()) {
    const res = await authPost('sign-up/email', { name: 'Storm Member', email, password: PASSWORD }, addressOf(i));
    if (!res.ok) throw new Error(`sign-up ${email}: ${res.status} ${await res.text()}`);
  }

  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let failedReads = 0;
  /** One feed read: its time in ms (a read that is not 200 is counted in failedReads, and timed). */
  function readFeed(): Promise<number> {
    const t0 = performance.now();
    return new Promise((resolve, reject) => {
      http
        .get(`${origin}/api/posts`, { agent, headers: { cookie } }, (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) failedReads += 1;
            resolve(performance.now() - t0);
          });
        })
        .on('error', reject);
    });
  }
  /** Reads one after another until `until()` says stop; the times of reads started before it did. */
  async function readWhile(until: () => boolean): Promise<number[]> {
    const times: number[] = [];
    while (!until()) times.push(await readFeed());
    return times;
  }
  for (let i = 0; i < 50; i++) await readFeed(); // warm-up

  const baselineEnd = performance.now() + SECONDS * 1000;
  const baseline = await readWhile(() => performance.now() > baselineEnd);
  const failedAlone = failedReads;

  const during: number[] = [];
  const statuses = new Map<string, number>();
  const stormMs: number[] = [];
  for (let storm = 0; storm < STORMS; storm++) {
    let over = false;
    const reads = readWhile(() => over);
    // A failed read surfaces at the await below, inside try (so the cleanup still runs).
    reads.catch(() => {});
    const t0 = performance.now();
    const answers = await Promise.all(
      stormEmails.map((email, i) =>
        authPost('sign-in/email', { email, password: PASSWORD }, addressOf(i)).then(async (r) => {
          const body = (await r.json().catch(() => ({}))) as { code?: string };
          return r.ok ? '200' : `${r.status} ${body.code ?? ''}`.trim();
        }),
      ),
    );
    stormMs.push(performance.now() - t0);
    over = true;
    during.push(...(await reads));
    for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    // The next storm starts from a quiet server (its sign-ins' sessions are kept).
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  agent.destroy();

  const stats = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
  };
  const alone = stats(baseline);
  const storm = stats(during);
  const commit = (() => {
    try {
      return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
    } catch {
      return 'unknown';
    }
  })();
  const ms = (n: number) => n.toFixed(1);
  console.log(
    `\nSign-in storm: ${STORMS} storms of ${SIGN_INS} parallel sign-ins from ${SIGN_INS} addresses; server ${serverDir === root ? `working tree at ${commit}` : serverDir}; ${os.availableParallelism()} CPUs, load ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  console.log('\n| GET /api/posts (one reader, sequential) | reads | not 200 | p50 ms | p99 ms | max ms |');
  console.log('|---|---|---|---|---|---|');
  console.log(`| alone | ${alone.n} | ${failedAlone} | ${ms(alone.p50)} | ${ms(alone.p99)} | ${ms(alone.max)} |`);
  console.log(
    `| during the storms | ${storm.n} | ${failedReads - failedAlone} | ${ms(storm.p50)} | ${ms(storm.p99)} | ${ms(storm.max)} |`,
  );
  console.log(`\np99 during / alone: ${(storm.p99 / alone.p99).toFixed(2)}× (target ≤ 3×)`);
  console.log(
    `sign-ins answered: ${[...statuses]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ')}; a storm took ${stormMs.map((t) => Math.round(t)).join(', ')} ms`,
  );
} catch (error) {
  console.error(`server log (end):\n${serverLog}`);
  throw error;
} finally {
  await cleanUp();
}
