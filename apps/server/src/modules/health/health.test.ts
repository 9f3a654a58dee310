import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { member } from '../../../test/posts.ts';
import { relay } from '../../../test/relay.ts';
import { cookieHeader, listen, until } from '../../../test/sse.ts';
import { buildApp } from '../../app.ts';
import { createDatabase } from '../../db/client.ts';

let ctx: TestContext;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { host: 'ou.localhost:3000' } });

describe('health', () => {
  it('liveness answers without asking the database; the old /api/health still answers', async () => {
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
    const old = await get('/api/health');
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('readiness is 200 with the database and the LISTEN connection up', async () => {
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', events: 'ok', draining: false });
    expect(ctx.app.eventBus.listening).toBe(true);
  });

  it('readiness is 503 while the database cannot be reached; liveness still 200', async () => {
    const url = String(ctx.db.$client.options.connectionString);
    const pooled = await relay(url);
    const handle = createDatabase(pooled.url, { max: 2, directUrl: url, connectTimeoutMs: 300, probeTimeoutMs: 300 });
    const app = await buildApp({ config: ctx.config, db: handle });
    try {
      await app.ready();
      const probe = () =>
        app.inject({ method: 'GET', url: '/api/health/ready', headers: { host: 'ou.localhost:3000' } });
      expect((await probe()).statusCode).toBe(200);
      await pooled.close();
      const down = await probe();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'not-ready', database: 'down', events: 'ok', draining: false });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await handle.$client.end();
    }
  });

  it('a drain makes readiness false, ends live streams cleanly, refuses new ones, keeps answering', async () => {
    const { browser } = await member(ctx.app, ctx.db);
    const stream = await listen(browser, port);
    await until(stream.ready);

    await ctx.app.lifecycle.drain(0);

    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not-ready', database: 'ok', events: 'down', draining: true });
    // The stream ended (not reset): the browser reconnects with Last-Event-ID, through the balancer.
    await until(stream.ended);
    // A new stream is refused here (the balancer retries another instance).
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { host: browser.host, cookie: cookieHeader(browser) },
    });
    expect(refused.statusCode).toBe(503);
    // Liveness and ordinary requests still answer, each closing its connection.
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.headers.connection).toBe('close');
    expect((await get('/api/campus')).statusCode).toBe(200);
  });
});
