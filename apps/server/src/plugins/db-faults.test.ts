import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CAMPUS_IDS, type Post, UNSPECIFIED_MESSAGES } from '@campus/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { TestBrowser, uniqueEmail, verifiedUser } from '../../test/auth.ts';
import { withDatabase } from '../../test/global-setup.ts';
import { createPostAs, member } from '../../test/posts.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, DatabaseUnavailableError, databaseHealth, isDatabaseUnavailable } from '../db/client.ts';

type Mode = 'pass' | 'refuse' | 'blackhole' | 'stall-new';

/**
 * A TCP proxy in front of the test database that plays a stopped server ('refuse': nothing
 * listens, open connections are cut) or a hung one ('blackhole': connections are accepted and
 * nothing is ever answered, on open connections too) or a busy one ('stall-new': open
 * connections work, a new one waits unanswered). The machine's PostgreSQL is untouched.
 */
async function startFaultProxy(target: { host: string; port: number }) {
  let mode: Mode = 'pass';
  const sockets = new Set<net.Socket>();
  /** Connections that lost bytes while black-holed: cut when the proxy passes again. */
  const damaged = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (mode !== 'pass') {
      damaged.add(client);
      client.on('data', () => {});
      return;
    }
    const upstream = net.connect(target);
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    const passing = () => mode === 'pass' || mode === 'stall-new';
    client.on('data', (chunk) => {
      if (passing()) upstream.write(chunk);
      else damaged.add(client);
    });
    upstream.on('data', (chunk) => {
      if (passing()) client.write(chunk);
      else damaged.add(client);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    async set(next: Mode) {
      if (next === mode) return;
      if (next === 'refuse') {
        mode = next;
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => server.close(resolve));
      } else {
        if (mode === 'refuse') await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
        if (next === 'pass') for (const socket of damaged) socket.destroy();
        damaged.clear();
        mode = next;
      }
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}

// The app of this file reaches its own database only through the proxy.
const adminUrl = inject('adminDatabaseUrl');
const name = `campus_test_${randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
const direct = new URL(withDatabase(adminUrl, name));
const proxy = await startFaultProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
const viaProxy = new URL(direct);
viaProxy.hostname = '127.0.0.1';
viaProxy.port = String(proxy.port);

const config = loadConfig({
  DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'campus-test-data-')),
  LOG_LEVEL: 'silent',
  NODE_ENV: 'test',
  WEB_DIST: '/nonexistent',
  AUTH_SECRET: 'test-secret-that-is-at-least-32-characters-long',
});
const db = createDatabase(viaProxy.toString(), { max: 4 });
const app = await buildApp({ config, db });
await app.ready();
afterAll(async () => {
  await app.close();
  await db.$client.end();
  await proxy.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

// Accounts and a post made while the database is up.
const seller = await member(app, db);
const created = await createPostAs(seller.browser, { plainText: 'Bike lock, works fine.', category: 'miscellaneous' });
if (created.statusCode !== 201) throw new Error(`post not created: ${created.body}`);
const postId = (created.json() as Post).id;
const signer = await verifiedUser(app, db);
/** Each successful school-email request uses an account of its own (codes are capped per account). */
const joiners: Awaited<ReturnType<typeof verifiedUser>>[] = [];
for (const name of ['Ana Joiner', 'Ben Joiner', 'Cat Joiner', 'Dan Joiner'])
  joiners.push(await verifiedUser(app, db, { name }));
let joinerIndex = 0;

interface Family {
  name: string;
  request(): Promise<LightMyRequestResponse>;
  ok: number;
}

const families: Family[] = [
  {
    name: 'health',
    ok: 200,
    request: () => app.inject({ method: 'GET', url: '/api/health' }),
  },
  {
    name: 'campus',
    ok: 200,
    request: () => app.inject({ method: 'GET', url: '/api/campus', headers: { host: 'ou.localhost:3000' } }),
  },
  { name: 'me', ok: 200, request: () => seller.browser.get('/api/me') },
  { name: 'posts feed', ok: 200, request: () => seller.browser.get('/api/posts') },
  { name: 'post page', ok: 200, request: () => seller.browser.get(`/api/posts/${postId}`) },
  {
    name: 'create post',
    ok: 201,
    request: () => createPostAs(seller.browser, { plainText: 'Desk chair, pick up today.', category: 'furniture' }),
  },
  {
    name: 'sign-in',
    ok: 200,
    request: () =>
      new TestBrowser(app).post('/api/auth/sign-in/email', { email: signer.email, password: signer.password }),
  },
  { name: 'get-session', ok: 200, request: () => seller.browser.get('/api/auth/get-session') },
  {
    name: 'school-email',
    ok: 204,
    request: () => {
      const joiner = joiners[joinerIndex % joiners.length];
      if (!joiner) throw new Error('no joiner');
      return joiner.browser.post('/api/school-email/code', {
        email: uniqueEmail('sooner').replace('@example.com', '@ou.edu'),
        campusId: CAMPUS_IDS.ou,
      });
    },
  },
];

async function timed(family: Family) {
  const started = performance.now();
  const res = await family.request();
  return { res, ms: performance.now() - started };
}

/** Waits (without a fixed sleep) until the app has noticed that the database is back. */
async function untilHealthy() {
  await vi.waitFor(
    async () => {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    },
    { timeout: 10_000, interval: 50 },
  );
}

function expectUnavailable(family: Family, res: LightMyRequestResponse, ms: number) {
  expect({ family: family.name, status: res.statusCode, body: res.json() }).toEqual({
    family: family.name,
    status: 503,
    body: { statusCode: 503, code: 'DATABASE_UNAVAILABLE', message: UNSPECIFIED_MESSAGES.databaseUnavailable },
  });
  // A correctness bound (docs/security.md#availability-and-operations), not a benchmark: today a stopped database took ~9 s.
  expect(ms, `${family.name} took ${Math.round(ms)} ms`).toBeLessThan(1000);
}

async function expectAllSucceed() {
  for (const family of families) {
    if (family.name === 'school-email') joinerIndex += 1;
    const res = await family.request();
    expect({ family: family.name, status: res.statusCode }, res.body).toEqual({
      family: family.name,
      status: family.ok,
    });
  }
}

describe.each(['refuse', 'blackhole'] as const)('database %s (stopped / hung)', (mode) => {
  it('every route family answers 503 DATABASE_UNAVAILABLE within 1 s, each facing a fresh fault', async () => {
    const timings: Record<string, number> = {};
    for (const family of families) {
      await proxy.set('pass');
      await untilHealthy();
      await proxy.set(mode);
      const { res, ms } = await timed(family);
      expectUnavailable(family, res, ms);
      timings[family.name] = Math.round(ms);
    }
    console.info(`db-faults ${mode}: ms per route family`, JSON.stringify(timings));
    await proxy.set('pass');
  });

  it('answers all of them at once with 503 within 1 s while down, then 200 again without a rebuild', async () => {
    await proxy.set('pass');
    await untilHealthy();
    await expectAllSucceed();

    await proxy.set(mode);
    const results = await Promise.all(families.map(timed));
    for (const [i, { res, ms }] of results.entries()) expectUnavailable(families[i] as Family, res, ms);
    // Still down a moment later: the next requests fail fast too.
    for (const family of families) {
      const { res, ms } = await timed(family);
      expectUnavailable(family, res, ms);
    }
    expect(databaseHealth(db).up).toBe(false);

    await proxy.set('pass');
    await untilHealthy();
    expect(databaseHealth(db).up).toBe(true);
    await expectAllSucceed();
  });
});

describe('statement limits', () => {
  it('gives every pooled statement a server-side timeout; migrations and probes use their own connections', async () => {
    await proxy.set('pass');
    await untilHealthy();
    const { rows } = await db.execute<{ statement_timeout: string }>(sql`SHOW statement_timeout`);
    expect(rows[0]?.statement_timeout).toBe('5s');
  });

  it('lets a slow statement of a healthy server finish: the watchdog only probes, it does not cut', async () => {
    await proxy.set('pass');
    await untilHealthy();
    const health = databaseHealth(db);
    const failures = health.failures;
    // Longer than the watchdog (200 ms) plus its probe (400 ms).
    const { rows } = await db.execute<{ done: boolean }>(sql`SELECT pg_sleep(0.8) IS NOT NULL AS done`);
    expect(rows).toEqual([{ done: true }]);
    expect(health.up).toBe(true);
    expect(health.failures).toBe(failures);
  });

  it('keeps a busy server up: a probe that cannot connect in time while other statements are answered cuts nothing', async () => {
    await proxy.set('pass');
    await untilHealthy();
    const health = databaseHealth(db);
    // Open every pooled connection first: from now on only new connections stall.
    await Promise.all([1, 2, 3, 4].map(() => db.execute(sql`SELECT pg_sleep(0.05)`)));
    await proxy.set('stall-new');
    try {
      let slowDone = false;
      // Longer than the watchdog (200 ms) plus its probe (400 ms), whose connection never opens.
      const slow = db
        .execute<{ done: boolean }>(sql`SELECT pg_sleep(0.8) IS NOT NULL AS done`)
        .finally(() => (slowDone = true));
      let answered = 0;
      while (!slowDone) {
        await db.execute(sql`SELECT pg_sleep(0.05)`);
        answered += 1;
      }
      expect((await slow).rows).toEqual([{ done: true }]);
      expect(answered).toBeGreaterThan(0);
      expect(health.up).toBe(true);
    } finally {
      await proxy.set('pass');
    }
  });

  it('recognises the failures that mean "the database cannot answer now", and nothing else', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new DatabaseUnavailableError())).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('canceling statement'), { code: '57014' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    // Errors of the statement itself are not outages.
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false);
  });
});
