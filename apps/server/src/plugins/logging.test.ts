import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { withDatabase } from '../../test/global-setup.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/client.ts';
import { loggerOptions, requestIdOf, requestLogPlugin } from './logging.ts';

/** The escape character that starts every ANSI colour code. */
const ESC = String.fromCharCode(27);

/** The app at LOG_LEVEL=info, its log lines collected as parsed JSON. */
const lines: Record<string, unknown>[] = [];
const raw: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      raw.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  },
});

const adminUrl = inject('adminDatabaseUrl');
const name = `campus_test_${randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
const config = loadConfig({
  DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'campus-test-data-')),
  LOG_LEVEL: 'info',
  NODE_ENV: 'development',
  WEB_DIST: '/nonexistent',
  AUTH_SECRET: 'test-secret-that-is-at-least-32-characters-long',
});
const db = createDatabase(withDatabase(adminUrl, name), { max: 4 });
const app = await buildApp({ config, db, logStream: stream });
await app.ready();
afterAll(async () => {
  await app.close();
  await db.$client.end();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe('logging', () => {
  it('writes one line per request at info: method, path without the query, status and duration', async () => {
    const before = lines.length;
    const res = await app.inject({
      method: 'GET',
      url: '/api/campus?token=secret-sign-in-token',
      headers: { host: 'ou.localhost:3000' },
    });
    expect(res.statusCode).toBe(200);
    const written = lines.slice(before);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ level: 30, msg: 'request', method: 'GET', path: '/api/campus', status: 200 });
    expect(typeof written[0]?.ms).toBe('number');
    expect(JSON.stringify(written)).not.toContain('secret-sign-in-token');
  });

  it('keeps better-auth’s own messages in the same JSON lines, without colour codes', async () => {
    const before = lines.length;
    const context = await app.auth.$context;
    context.logger.error('something better-auth wanted to say', new Error('inner detail'));
    const written = lines.slice(before);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ level: 50, module: 'better-auth', msg: 'something better-auth wanted to say' });
    expect((written[0]?.err as { message?: string } | undefined)?.message).toBe('inner detail');
  });

  it('prints nothing of better-auth’s on the console, even for refused requests', async () => {
    const spies = (['log', 'info', 'warn', 'error'] as const).map((method) => vi.spyOn(console, method));
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { host: 'ou.localhost:3000', origin: 'http://ou.localhost:3000', 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
      });
      expect(res.statusCode).toBe(401);
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('never writes ANSI colour codes when the output is not a terminal', () => {
    expect(raw.length).toBeGreaterThan(0);
    for (const line of raw) expect(line).not.toContain(ESC);
    // Development without a terminal (a log file, a pipe): plain JSON, no pino-pretty.
    const options = loggerOptions({ env: 'development', logLevel: 'info' }, { isTTY: false });
    expect(options).not.toHaveProperty('transport');
    const tty = loggerOptions({ env: 'development', logLevel: 'info' }, { isTTY: true });
    expect(tty).toHaveProperty('transport');
    expect(loggerOptions({ env: 'production', logLevel: 'info' }, { isTTY: true })).not.toHaveProperty('transport');
  });
});

describe('request ids', () => {
  const logged = (before: number) => lines.slice(before).filter((l) => l.msg === 'request');

  it('takes the X-Request-Id the load balancer set, answers with it, and logs it', async () => {
    const before = lines.length;
    const id = '9f86d081884c7d659a2feaa0c55ad015';
    const res = await app.inject({
      method: 'GET',
      url: '/api/campus',
      headers: { host: 'ou.localhost:3000', 'x-request-id': id },
    });
    expect(res.headers['x-request-id']).toBe(id);
    expect(logged(before)).toEqual([expect.objectContaining({ reqId: id, path: '/api/campus' })]);
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['spaces', 'abc def'],
    ['a quote', 'abc"def'],
    ['a line break', 'abc%0d%0a{"level":60}'],
    ['empty', ''],
  ])('makes its own id when the given one is not sane (%s)', async (_what, given) => {
    const before = lines.length;
    const res = await app.inject({
      method: 'GET',
      url: '/api/campus',
      headers: { host: 'ou.localhost:3000', 'x-request-id': given },
    });
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(logged(before)).toEqual([expect.objectContaining({ reqId: id })]);
  });

  it('puts the id on lines logged outside the request logger while serving it', async () => {
    const own: Record<string, unknown>[] = [];
    const ownRaw: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          ownRaw.push(line);
          own.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    const bare = Fastify({
      logger: loggerOptions({ env: 'test', logLevel: 'info' }, { stream: sink }),
      genReqId: requestIdOf,
    });
    await bare.register(requestLogPlugin);
    bare.get('/work', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      bare.log.info({ module: 'mail' }, 'queued a mail');
      return { ok: true };
    });
    bare.log.info('outside any request');
    await bare.inject({ method: 'GET', url: '/work', headers: { 'x-request-id': 'req-from-nginx-1' } });
    await bare.close();
    expect(own.find((l) => l.msg === 'queued a mail')).toMatchObject({ reqId: 'req-from-nginx-1', module: 'mail' });
    expect(own.find((l) => l.msg === 'outside any request')).not.toHaveProperty('reqId');
    // A request logger's line has the id once (the logger's own binding), not twice.
    const requestLine = ownRaw.find((l) => l.includes('"msg":"request"')) ?? '';
    expect(requestLine.split('"reqId"').length).toBe(2);
  });
});
