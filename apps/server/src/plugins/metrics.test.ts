import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Post } from '@campus/contract';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { openChatWith, sendMessageAs } from '../../test/chats.ts';
import { createPostAs, member } from '../../test/posts.ts';
import { listen, until } from '../../test/sse.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { enqueueMail } from '../modules/mail/mail.repo.ts';
import { deliverDueMail } from '../modules/mail/mail.sender.ts';
import { startSmtpTestServer } from '../modules/mail/smtp-test-server.ts';
import { smtpTransport } from '../modules/mail/transport.ts';

const TOKEN = 'metrics-token-that-is-long-enough-0123456789';
const { app, db } = await createTestApp({ METRICS_TOKEN: TOKEN });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;

const host = { host: 'ou.localhost:3000' };
const scrape = async () => {
  const res = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { ...host, authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return res.payload;
};

/** The value of one sample (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels = ''): number {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const [series, value] = line.split(' ');
    if (series === (labels ? `${name}{${labels}}` : name)) return Number(value);
  }
  return 0;
}

describe('/metrics on the public listener (METRICS_TOKEN)', () => {
  it('gives anonymous callers and wrong tokens the 404 of an unknown address', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/no-such-thing-here', headers: host });
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { ...host, authorization } : host,
      });
      expect(res.statusCode, authorization).toBe(404);
      expect(res.payload).not.toContain('campus_');
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      expect(unknown.statusCode).toBe(404);
    }
  });

  it('counts request durations by matched route pattern and status, never by the address asked for', async () => {
    const id = randomUUID();
    await app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: host });
    await app.inject({ method: 'GET', url: `/nothing/${id}`, headers: host });
    const text = await scrape();
    expect(text).toContain('campus_http_request_duration_seconds_bucket');
    expect(text).not.toContain(id);
    expect(text).toMatch(
      /campus_http_request_duration_seconds_count\{method="GET",route="\/api\/posts\/:postId",status="\d{3}"\} \d+/,
    );
    expect(text).toMatch(/route="unmatched",status="404"/);
    expect(text).toContain('campus_db_pool_in_use');
    expect(text).toContain('campus_db_pool_waiting');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('counts open streams, events published and delivered, and the delivery lag', async () => {
    const alice = await member(app, db, 'ou', 'Alice Metrics');
    const bruno = await member(app, db, 'ou', 'Bruno Metrics');
    const before = await scrape();
    const stream = await listen(bruno.browser, port);
    await until(stream.ready);
    expect(sample(await scrape(), 'campus_sse_connections')).toBe(sample(before, 'campus_sse_connections') + 1);

    const chat = await openChatWith(alice.browser, bruno.user.id);
    expect((await sendMessageAs(alice.browser, chat.id, { plainText: 'metrics hello' })).statusCode).toBe(201);
    await until(() => stream.events.length > 0);
    const after = await scrape();
    expect(sample(after, 'campus_events_published_total')).toBeGreaterThan(
      sample(before, 'campus_events_published_total'),
    );
    expect(sample(after, 'campus_events_delivered_total')).toBeGreaterThan(
      sample(before, 'campus_events_delivered_total'),
    );
    expect(sample(after, 'campus_event_delivery_lag_seconds_count')).toBeGreaterThan(
      sample(before, 'campus_event_delivery_lag_seconds_count'),
    );
    stream.close();
    await vi.waitFor(async () =>
      expect(sample(await scrape(), 'campus_sse_connections')).toBe(sample(before, 'campus_sse_connections')),
    );
  });

  it('counts kept-page hits and misses', async () => {
    const { browser } = await member(app, db, 'ou', 'Kept Pages');
    const created = await createPostAs(browser, { plainText: 'A lamp for the metrics' });
    expect(created.statusCode).toBe(201);
    const postId = (created.json() as Post).id;
    const before = await scrape();
    expect((await browser.get(`/api/posts/${postId}`)).statusCode).toBe(200);
    expect((await browser.get(`/api/posts/${postId}`)).statusCode).toBe(200);
    const after = await scrape();
    const hits = (t: string) => sample(t, 'campus_kept_pages_total', 'result="hit"');
    const misses = (t: string) => sample(t, 'campus_kept_pages_total', 'result="miss"');
    expect(misses(after)).toBeGreaterThan(misses(before));
    expect(hits(after)).toBeGreaterThan(hits(before));
  });

  it('counts mail sent and failed', async () => {
    const smtp = await startSmtpTestServer();
    const transport = smtpTransport(smtp.url, 'Campus <no-reply@example.com>');
    try {
      const content = { subject: 'Metrics', html: '<p>hi</p>', text: 'hi' };
      // The outbox also holds the sign-up codes of this file's members: every pass is counted.
      const before = await scrape();
      await enqueueMail(db, { to: 'metrics-sent@ou.edu', ...content }, new Date());
      const delivered = await deliverDueMail(db, transport);
      expect(delivered.sent).toBeGreaterThanOrEqual(1);
      smtp.rejectWith = 'Try again later';
      await enqueueMail(db, { to: 'metrics-failed@ou.edu', ...content }, new Date());
      const refused = await deliverDueMail(db, transport);
      expect(refused.failed).toBe(1);
      const after = await scrape();
      expect(sample(after, 'campus_mail_sent_total')).toBe(sample(before, 'campus_mail_sent_total') + delivered.sent);
      expect(sample(after, 'campus_mail_failed_total')).toBe(sample(before, 'campus_mail_failed_total') + 1);
    } finally {
      transport.close();
      await smtp.close();
    }
  });
});

describe('/metrics on a port of its own (METRICS_PORT)', () => {
  it('is served there only: the public listener answers 404 even to a token', async () => {
    const config = loadConfig({
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'campus-metrics-')),
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      AUTH_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      METRICS_PORT: '0',
    });
    const own = await buildApp({ config, db, jobs: true });
    afterAll(() => own.close());
    await own.ready();
    const address = own.metricsAddress as AddressInfo;
    expect(address.address).toBe('127.0.0.1');
    const res = await fetch(`http://127.0.0.1:${address.port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('campus_http_request_duration_seconds');
    // The job runner's queues are read when scraped.
    expect(text).toMatch(/campus_jobs_queue_depth\{queue="purge"\} \d+/);
    expect((await fetch(`http://127.0.0.1:${address.port}/other`)).status).toBe(404);
    const publicRes = await own.inject({
      method: 'GET',
      url: '/metrics',
      headers: { ...host, authorization: `Bearer ${TOKEN}` },
    });
    expect(publicRes.statusCode).toBe(404);
  });
});
