/**
 * Chat benchmark (docs/decisions/014-events-and-jobs.md): commit-to-client latency of live chat events with
 * 1,000 SSE clients connected and 50 messages/s posted.
 *
 * - The server is its own process (the real entry point, `node --import tsx apps/server/src/server.ts`),
 *   on a PostgreSQL of its own (embedded in a temp folder, or a fresh database on the server of
 *   BENCH_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres).
 * - The SSE clients live in BENCH_WORKERS client processes (bench/chat-clients.ts), so neither the
 *   server's nor the poster's event loop carries them.
 * - "Commit" is when this process's own LISTEN connection receives the event's NOTIFY
 *   (PostgreSQL sends notifications at commit); "client" is when a client process has read the
 *   whole event from its stream. Times are wall-clock ms with sub-ms precision (same machine).
 * - Reference of the same run: the round trip of GET /api/health (no database, no session) to
 *   the same server under the same load; latencies are also printed as a ratio to it.
 *
 * Run: npm run bench:chat. Env: BENCH_CLIENTS (1000), BENCH_RATE (50 messages/s), BENCH_SECONDS (20),
 * BENCH_WORKERS (4), BENCH_CONNECT_CONCURRENCY (5 streams opening at once per client process), BENCH_PROFILE=1 (the server writes a .cpuprofile into the temp folder and keeps it).
 * Numbers only: nothing here passes or fails.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CAMPUS_IDS, CHAT_EVENT_TYPES } from '@campus/contract';
import pg from 'pg';
import { EVENTS_CHANNEL } from '../apps/server/src/lib/events.ts';
import type { ChildMessage, ClientRecord, ParentMessage } from './chat-clients.ts';
import { openBenchDatabase } from './database.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 4);
const PROFILE = process.env.BENCH_PROFILE === '1';
const SECRET = 'bench-secret-that-is-at-least-32-characters';
const CHATS = Math.floor(CLIENTS / 2);

const now = () => performance.timeOrigin + performance.now();
const root = path.resolve(import.meta.dirname, '..');
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campus-bench-chat-'));

// --- Database ------------------------------------------------------------------------------
// BENCH_DATABASE_URL names a server to use (its maintenance database): each run gets a fresh
// database on it, dropped at the end; otherwise an embedded PostgreSQL.
const database = await openBenchDatabase('campus_bench_chat', dataDir);
const url = database.url;

// --- Server process ------------------------------------------------------------------------
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
const port = await freePort();
const host = `ou.localhost:${port}`;
const origin = `http://${host}`;
let serverErr = '';
// The server's log lines (warnings and worse) are kept and summarised at the end.
let serverLog = '';
const server = spawn(
  process.execPath,
  [
    ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.join(dataDir, 'profile')}`] : []),
    '--import',
    'tsx',
    path.join(root, 'apps/server/src/server.ts'),
  ],
  {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'server'),
      WEB_DIST: '/nonexistent',
      DEMO: 'off',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
server.stdout?.on('data', (c: Buffer) => {
  serverLog += c.toString();
});
server.stderr?.on('data', (c: Buffer) => {
  serverErr += c.toString();
});
const serverExit = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
const workers: ChildProcess[] = [];
// A bench that fails half-way must not leave its server or clients running.
// Interrupted (Ctrl+C, a timeout): clean up as on a normal failure.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    database.close().finally(() => process.exit(130));
  });
}
process.on('exit', (code) => {
  if (code !== 0) console.error(`server log (end):\n${serverLog.slice(-3000)}\n${serverErr.slice(-3000)}`);
  if (server.exitCode === null) server.kill('SIGKILL');
  for (const child of workers) if (child.exitCode === null) child.kill('SIGKILL');
});
for (const deadline = Date.now() + 90_000; ; ) {
  const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (ok) break;
  if (server.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${serverErr}`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
console.log(`Server process ${server.pid} on port ${port}${PROFILE ? ' (CPU profile on)' : ''}`);

// --- Members, sessions and chats (written directly: 1,000 sign-ups would time the password hash) ---
const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
  body: JSON.stringify({ name: 'Bench Probe', email: `probe-${Date.now()}@ou.edu`, password: 'bench-password' }),
});
const cookieName = signUp.headers
  .getSetCookie()
  .map((c) => c.split('=')[0] ?? '')
  .find((name) => name.endsWith('session_token'));
if (!cookieName) throw new Error(`sign-up gave no session cookie: ${signUp.status}`);

const db = new pg.Client({ connectionString: url });
await db.connect();
const pad = (i: number) => String(i).padStart(6, '0');
await db.query(
  `INSERT INTO users (id, campus_id, name, first_name, last_name, username, email, verified, school_verified,
                      profile_set_up, img, bio)
   SELECT 'bench-u-' || lpad(g::text, 6, '0'), $1, 'Bench User ' || g, 'Bench', 'U' || g, 'benchuser' || g,
          'bench' || g || '@ou.edu', true, true, true, 'images/profilePics/bench/avatar.webp', 'Bench'
   FROM generate_series(0, $2 - 1) AS g`,
  [CAMPUS_IDS.ou, CLIENTS],
);
await db.query(
  `INSERT INTO sessions (id, token, user_id, expires_at)
   SELECT 'bench-s-' || lpad(g::text, 6, '0'), 'benchsessiontoken' || lpad(g::text, 6, '0'),
          'bench-u-' || lpad(g::text, 6, '0'), now() + interval '1 day'
   FROM generate_series(0, $1 - 1) AS g`,
  [CLIENTS],
);
await db.query(
  `INSERT INTO chats (id, campus_id, user_a, user_b, started_by)
   SELECT 'bench-c-' || lpad(g::text, 6, '0'), $1, 'bench-u-' || lpad((2 * g)::text, 6, '0'),
          'bench-u-' || lpad((2 * g + 1)::text, 6, '0'), 'bench-u-' || lpad((2 * g)::text, 6, '0')
   FROM generate_series(0, $2 - 1) AS g`,
  [CAMPUS_IDS.ou, CHATS],
);
/** The signed session cookie (better-call's format, as plugins/session.ts verifies it). */
const cookieOf = (i: number) => {
  const token = `benchsessiontoken${pad(i)}`;
  const signature = createHmac('sha256', SECRET).update(token).digest('base64');
  return `${cookieName}=${encodeURIComponent(`${token}.${signature}`)}`;
};

// --- Client processes ----------------------------------------------------------------------
const readyStreams = await Promise.all(
  Array.from({ length: WORKERS }, (_, w) => {
    const child = fork(path.join(import.meta.dirname, 'chat-clients.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    workers.push(child);
    const cookies: string[] = [];
    for (let i = w; i < CLIENTS; i += WORKERS) cookies.push(cookieOf(i));
    return new Promise<number>((resolve, reject) => {
      child.on('message', (m: ChildMessage) => {
        if (m.kind === 'ready') resolve(m.streams);
        if (m.kind === 'progress' && w === 0) console.log(`  client process 1: ${m.streams} streams open`);
        if (m.kind === 'error') reject(new Error(m.message));
      });
      child.send({ kind: 'start', port, host, cookies } satisfies ParentMessage);
    });
  }),
);
const connected = readyStreams.reduce((a, b) => a + b, 0);
console.log(`${connected} SSE clients connected (${WORKERS} client processes), ${CHATS} chats`);

function collect(): Promise<{ records: ClientRecord[]; heartbeats: number }> {
  return Promise.all(
    workers.map(
      (child) =>
        new Promise<{ records: ClientRecord[]; heartbeats: number }>((resolve) => {
          const onMessage = (m: ChildMessage) => {
            if (m.kind !== 'records') return;
            child.off('message', onMessage);
            resolve(m);
          };
          child.on('message', onMessage);
          child.send({ kind: 'collect' } satisfies ParentMessage);
        }),
    ),
  ).then((all) => ({ records: all.flatMap((a) => a.records), heartbeats: all.reduce((n, a) => n + a.heartbeats, 0) }));
}

// --- Commit times: this process's own LISTEN ------------------------------------------------
const committedAt = new Map<string, number>();
const listener = new pg.Client({ connectionString: url });
await listener.connect();
listener.on('notification', (n) => {
  if (n.payload) committedAt.set(n.payload, now());
});
await listener.query(`LISTEN ${EVENTS_CHANNEL}`);

// --- Load ----------------------------------------------------------------------------------
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function request(method: string, p: string, body?: Buffer, headers: Record<string, string | number> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: p, agent, headers: { host, ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
const boundary = '----campus-bench';
const messageBody = (text: string) =>
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\n${JSON.stringify({ plainText: text })}\r\n--${boundary}--\r\n`,
  );

const sentAt = new Map<string, number>();
const postMs: number[] = [];
const healthMs: number[] = [];
let failed = 0;
const inFlight: Promise<void>[] = [];
const total = RATE * SECONDS;
console.log(`Posting ${total} messages at ${RATE}/s for ${SECONDS} s…`);

let healthStop = false;
const healthLoop = (async () => {
  while (!healthStop) {
    const t = now();
    const res = await request('GET', '/api/health').catch(() => ({ status: 0 }));
    if (res.status === 200) healthMs.push(now() - t);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
})();

const start = now() + 50;
for (let i = 0; i < total; i += 1) {
  const due = start + (i * 1000) / RATE;
  const wait = due - now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const chat = i % CHATS;
  // Alternate the sender within a chat: each member posts a few messages a minute (rate limits).
  const sender = 2 * chat + (Math.floor(i / CHATS) % 2);
  const body = messageBody(`Bench message ${i}`);
  const t = now();
  inFlight.push(
    request('POST', `/api/chats/bench-c-${pad(chat)}/messages`, body, {
      origin,
      cookie: cookieOf(sender),
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': body.length,
    }).then(
      (res) => {
        postMs.push(now() - t);
        if (res.status !== 201) {
          failed += 1;
          if (failed <= 3) console.log(`  POST failed: ${res.status} ${res.body.slice(0, 200)}`);
          return;
        }
        sentAt.set((JSON.parse(res.body) as { id: string }).id, t);
      },
      () => {
        failed += 1;
      },
    ),
  );
}
await Promise.all(inFlight);
const postedFor = (now() - start) / 1000;

// Both participants of every sent message hold a stream: wait until both have it (or 15 s).
let snapshot = await collect();
for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
  const delivered = snapshot.records.filter(
    (r) => r.type === CHAT_EVENT_TYPES.messageCreated && r.messageId && sentAt.has(r.messageId),
  ).length;
  if (delivered >= 2 * sentAt.size) break;
  await new Promise((resolve) => setTimeout(resolve, 250));
  snapshot = await collect();
}
healthStop = true;
await healthLoop;

// --- Results -------------------------------------------------------------------------------
const pct = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};
const fmt = (v: number) => `${v.toFixed(1).padStart(6)} ms`;
const line = (label: string, values: number[]) =>
  console.log(
    `${label.padEnd(34)} p50 ${fmt(pct(values, 50))}   p99 ${fmt(pct(values, 99))}   max ${fmt(pct(values, 100))}   (n=${values.length})`,
  );

const commitToClient: number[] = [];
let unmatched = 0;
for (const r of snapshot.records) {
  const committed = committedAt.get(r.id);
  if (committed === undefined) unmatched += 1;
  else commitToClient.push(r.at - committed);
}
const sendToClient = snapshot.records
  .filter((r) => r.type === CHAT_EVENT_TYPES.messageCreated && r.messageId && sentAt.has(r.messageId))
  .map((r) => r.at - (sentAt.get(r.messageId as string) as number));
const expected = 2 * sentAt.size;

console.log(
  `\nPosted ${sentAt.size}/${total} messages in ${postedFor.toFixed(1)} s (${(sentAt.size / postedFor).toFixed(1)}/s, ${failed} failed); ` +
    `${sendToClient.length}/${expected} message events delivered; ${snapshot.records.length} events in all` +
    (unmatched ? ` (${unmatched} without a seen NOTIFY)` : ''),
);
line('commit → client (all events)', commitToClient);
line('POST start → client (message)', sendToClient);
line('POST round trip', postMs);
line('reference: GET /api/health RTT', healthMs);
const ratio = (p: number) => (pct(commitToClient, p) / pct(healthMs, p)).toFixed(2);
console.log(`commit → client ÷ health RTT:      p50 ×${ratio(50)}   p99 ×${ratio(99)}`);
console.log(`Targets: p50 ≤ 10 ms, p99 ≤ 60 ms (commit → client)`);

// --- Cleanup -------------------------------------------------------------------------------
for (const child of workers) child.kill();
agent.destroy();
await listener.end();
await db.end();
server.kill('SIGTERM');
const code = await serverExit;
if (code !== 0) console.log(`server exited with ${code}:\n${serverErr}`);
const warnings = serverLog.split('\n').filter(Boolean);
if (warnings.length > 0) {
  console.log(`\nServer logged ${warnings.length} warning/error lines; the first ones:`);
  for (const w of warnings.slice(0, 5)) console.log(`  ${w.slice(0, 300)}`);
}
await database.close();
if (PROFILE) console.log(`CPU profile kept in ${path.join(dataDir, 'profile')}`);
else await rm(dataDir, { recursive: true, force: true });
