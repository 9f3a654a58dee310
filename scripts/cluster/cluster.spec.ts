import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page, expect as playwrightExpect } from '@playwright/test';
import autocannon from 'autocannon';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  badgeNav,
  bubble,
  inboxRow,
  messagesLink,
  sendInChat,
  startChatFromPost,
} from '../../e2e/support/chat-screen.ts';
import { chromiumLaunchOptions } from '../../e2e/support/chromium.ts';
import { createPost, PNG } from '../../e2e/support/members.ts';
import { decideWebBuild } from '../web-build.ts';
import {
  type Answered,
  DESKTOP,
  gotoLive,
  markDocument,
  openSiteBrowser,
  PHONE,
  sameDocument,
  upstreamsInAccessLog,
} from './browsers.ts';
import {
  EventStreamClient,
  type Member,
  makeChat,
  makeMembers,
  multipartJson,
  request,
  sendMessage,
  waitFor,
  withPin,
} from './clients.ts';
import { Cluster, freePorts } from './topology.ts';

/**
 * The cluster test (docs/decisions/044-cluster-topology.md): the topology of `npm run cluster`
 * (PgBouncer in transaction mode, 3 instances in production mode, nginx round robin, S3) on a
 * PostgreSQL of its own (embedded, in a temp folder: the drill restarts it), with the test
 * configuration's pinning (a `cluster_pin` cookie picks the instance; never in production).
 * The tests run in order on one cluster.
 */
const root = path.resolve(import.meta.dirname, '../..');
let cluster: Cluster;
let runDir: string;
let site: string;
let instancePort: (i: number) => number;

beforeAll(async () => {
  const packages = spawnSync('bash', [path.join(root, 'scripts/ensure-cluster-packages.sh')], { stdio: 'inherit' });
  if (packages.status !== 0) throw new Error('nginx and PgBouncer are needed');
  // The chat journey runs in Chromium (Debian's, as the e2e tests).
  const browser = spawnSync('bash', [path.join(root, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
  if (browser.status !== 0) throw new Error('Chromium is needed');
  if ((await decideWebBuild(root)).build) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the web build failed');
  }
  runDir = await mkdtemp(path.join(os.tmpdir(), 'campus-cluster-test-'));
  const [nginx, pgbouncer, ...instances] = await freePorts(5);
  cluster = new Cluster({
    root,
    runDir,
    ports: { nginx: nginx as number, pgbouncer: pgbouncer as number, instances },
    pinning: true,
  });
  await cluster.start();
  site = cluster.url;
  instancePort = (i) => cluster.instances[i]?.port as number;
});

afterAll(async () => {
  await cluster?.stop();
  if (runDir) await rm(runDir, { recursive: true, force: true });
});

const upstreamOf = (i: number) => `127.0.0.1:${instancePort(i)}`;

/**
 * Playwright's retrying assertions on what a page shows (they run under vitest too), with room
 * for a shared 2-core machine: a condition, waited for, never a pause.
 */
const expectUi = playwrightExpect.configure({ timeout: 30_000 });

/** Keeps a screenshot of the browser journey under test-results/screens/ (as e2e/fixtures.ts does). */
const keepScreenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(root, `test-results/screens/cluster-${name}.png`) });
const pids = () => cluster.instances.map((i) => i.process.pid);

/** Members' message ids in the database for `chats` (the source of truth). */
async function storedMessageIds(chatIds: string[]): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: cluster.directUrl });
  await client.connect();
  try {
    const result = await client.query<{ id: string }>('SELECT id FROM messages WHERE chat_id = ANY($1)', [chatIds]);
    return new Set(result.rows.map((r) => r.id));
  } finally {
    await client.end();
  }
}

/** Pairs of members with a chat each, and one stream per member through nginx (round robin). */
async function chattingPairs(count: number) {
  const members = await makeMembers(cluster.directUrl, cluster.authSecret, count * 2);
  const pairs: { a: Member; b: Member; chatId: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const a = members[2 * i] as Member;
    const b = members[2 * i + 1] as Member;
    pairs.push({ a, b, chatId: await makeChat(cluster.directUrl, a, b) });
  }
  const streams = new Map<string, EventStreamClient>();
  for (const m of members) streams.set(m.id, new EventStreamClient(site, m.cookie));
  await Promise.all([...streams.values()].map((s) => s.open()));
  return { pairs, streams, members };
}

/** Every stream has every stored message of its member's chat, once each; no reset. */
async function expectExactDelivery(
  pairs: { a: Member; b: Member; chatId: string }[],
  streams: Map<string, EventStreamClient>,
) {
  const stored = await storedMessageIds(pairs.map((p) => p.chatId));
  const byChat = new Map<string, string[]>();
  {
    const client = new pg.Client({ connectionString: cluster.directUrl });
    await client.connect();
    const rows = await client.query<{ id: string; chat_id: string }>(
      'SELECT id, chat_id FROM messages WHERE chat_id = ANY($1)',
      [pairs.map((p) => p.chatId)],
    );
    await client.end();
    for (const row of rows.rows) byChat.set(row.chat_id, [...(byChat.get(row.chat_id) ?? []), row.id]);
  }
  const expectedFor = (memberId: string) => {
    const pair = pairs.find((p) => p.a.id === memberId || p.b.id === memberId);
    return new Set(byChat.get(pair?.chatId ?? '') ?? []);
  };
  await waitFor(
    'every stream to have every stored message',
    () =>
      [...streams.entries()].every(([memberId, stream]) => {
        const got = new Set(stream.messageIds());
        return [...expectedFor(memberId)].every((id) => got.has(id));
      }),
    60_000,
  );
  for (const [memberId, stream] of streams) {
    const ids = stream.messageIds();
    // 0 duplicated: no event twice (by outbox id), no message twice.
    expect(new Set(stream.events.map((e) => e.id)).size, `${memberId}: an event arrived twice`).toBe(
      stream.events.length,
    );
    expect(new Set(ids).size, `${memberId}: a message arrived twice`).toBe(ids.length);
    // 0 lost, and nothing that is not stored.
    expect(new Set(ids)).toEqual(expectedFor(memberId));
    expect(stream.resets).toBe(0);
  }
  return stored;
}

describe.sequential('cluster', () => {
  test('two people in browsers pinned to different instances chat live through nginx', async () => {
    // The journey of e2e/messages.spec.ts, on the same screens and steps (e2e/support/chat-screen.ts):
    // Avery (a laptop, instance 1) writes to Jordan (a phone, instance 2) about Jordan's listing.
    const [avery, jordan] = await makeMembers(cluster.directUrl, cluster.authSecret, 2, [
      ['Avery', 'Carter'],
      ['Jordan', 'Brooks'],
    ]);
    if (!avery || !jordan) throw new Error('no members');
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const laptop = await openSiteBrowser(browser, site, { session: avery.cookie, pin: 1, viewport: DESKTOP });
      const phone = await openSiteBrowser(browser, site, { session: jordan.cookie, pin: 2, viewport: PHONE });
      const [averyPage, jordanPage] = [laptop.page, phone.page];
      // Profile photos (the S3 upload path) and Jordan's listing, through each one's own instance.
      for (const person of [laptop, phone]) {
        const photo = await person.context.request.post('/api/me/photo', {
          multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: PNG } },
          headers: { origin: site },
        });
        expect(photo.status(), await photo.text()).toBe(200);
      }
      const stamp = Date.now().toString(36);
      const listing = `Standing desk, barely used ${stamp}`;
      const postId = await createPost(phone.context, site, listing, { priceCents: 4500 });
      const question = `Is the desk still available? ${stamp}`;
      const answer = `Yes, until Friday. ${stamp}`;

      // Jordan waits on the feed of his phone.
      await gotoLive(jordanPage, '/home');
      await expectUi(messagesLink(jordanPage)).toBeVisible();
      await markDocument(jordanPage);

      // Avery opens Send Message on Jordan's listing and asks.
      await gotoLive(averyPage, `/post/${postId}`);
      await expectUi(averyPage.getByText(listing)).toBeVisible();
      const chatPath = await startChatFromPost(averyPage, 'Jordan Brooks');
      await markDocument(averyPage);
      await sendInChat(averyPage, question);
      await expectUi(bubble(averyPage, question).getByText('Delivered')).toBeVisible();

      // On instance 2, Jordan's Messages badge counts it live (the event crossed instances by
      // LISTEN/NOTIFY and reached the phone over SSE through nginx), without a reload.
      await expectUi(badgeNav(jordanPage).getByText('1 unread messages')).toBeVisible();
      expect(await sameDocument(jordanPage), "Jordan's page was not reloaded").toBe(true);
      await keepScreenshot(jordanPage, 'badge-phone');
      await messagesLink(jordanPage).click();
      const row = inboxRow(jordanPage, /Avery Carter/);
      await expectUi(row).toContainText(question);
      await expectUi(row.getByText('Unread')).toBeVisible();
      await row.click();
      await expectUi(jordanPage).toHaveURL(chatPath);
      await expectUi(bubble(jordanPage, question)).toBeVisible();
      // Read: Jordan's badge clears, and Avery, on instance 1, sees Seen live.
      await expectUi(badgeNav(jordanPage).getByText(/unread messages/)).toHaveCount(0);
      await expectUi(bubble(averyPage, question).getByText('Seen')).toBeVisible();

      // Jordan answers; it appears in Avery's open chat on instance 1 without a reload.
      await sendInChat(jordanPage, answer);
      await expectUi(bubble(averyPage, answer)).toBeVisible();
      expect(await sameDocument(averyPage), "Avery's page was not reloaded").toBe(true);
      await keepScreenshot(averyPage, 'chat-laptop');
      await keepScreenshot(jordanPage, 'chat-phone');
      expect(laptop.errors, "Avery's page logged errors").toEqual([]);
      expect(phone.errors, "Jordan's page logged errors").toEqual([]);

      // The pin held: every answer either browser got (the pages, their scripts, the API, the
      // photo upload, the event stream) came from its own instance, through nginx.
      const servedBy = (answers: Answered[]) => new Set(answers.map((a) => a.upstream));
      expect(servedBy(laptop.answers)).toEqual(new Set([upstreamOf(0)]));
      expect(servedBy(phone.answers)).toEqual(new Set([upstreamOf(1)]));
      for (const person of [laptop, phone]) expect(person.answers.map((a) => a.path)).toContain('/api/events');
      // nginx's access log says the same for each request id (the streams are logged once they end).
      await Promise.all([laptop.context.close(), phone.context.close()]);
      const expected = new Map([...laptop.answers, ...phone.answers].map((a) => [a.requestId, a.upstream]));
      let logged = new Map<string, string>();
      await waitFor('nginx to log every request of both browsers', async () => {
        logged = await upstreamsInAccessLog(cluster.accessLog, new Set(expected.keys()));
        return logged.size === expected.size;
      });
      expect(logged).toEqual(expected);

      // Without the pin, nginx spreads one browser's requests over all the instances (round robin:
      // a page load is some 40 requests).
      const visitor = await openSiteBrowser(browser, site, {});
      await gotoLive(visitor.page, '/');
      const spread = servedBy(visitor.answers);
      console.log(
        `browsers: Avery ${laptop.answers.length} answers from instance 1, Jordan ${phone.answers.length} from instance 2; ` +
          `an unpinned page load: ${visitor.answers.length} answers from ${spread.size} instances`,
      );
      expect(spread).toEqual(new Set(cluster.instances.map((_, i) => upstreamOf(i))));
      expect(visitor.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  test('a post and a price change made on instance 1 are in the feed read from instance 2 at once', async () => {
    const [seller, reader] = await makeMembers(cluster.directUrl, cluster.authSecret, 2);
    if (!seller || !reader) throw new Error('no members');
    const feedOn2 = async () => {
      const answer = await request(site, 'GET', '/api/posts', { headers: { cookie: withPin(reader.cookie, 2) } });
      expect(answer.status).toBe(200);
      expect(answer.headers['x-cluster-upstream']).toBe(upstreamOf(1));
      return (JSON.parse(answer.body) as { posts: { id: string; priceCents: number | null }[] }).posts;
    };
    // Instance 2 keeps its feed page (decision 025) from this read on.
    await feedOn2();

    const text = `Desk lamp ${Date.now()}`;
    const created = multipartJson('post', { plainText: text, category: 'furniture', priceCents: 2500 });
    const post = await request(site, 'POST', '/api/posts', {
      body: created.body,
      headers: { ...created.headers, origin: site, cookie: withPin(seller.cookie, 1) },
    });
    expect(post.status, post.body).toBe(201);
    expect(post.headers['x-cluster-upstream']).toBe(upstreamOf(0));
    const postId = (JSON.parse(post.body) as { id: string }).id;
    expect((await feedOn2()).find((p) => p.id === postId)?.priceCents).toBe(2500);

    const edit = multipartJson('post', { plainText: text, category: 'furniture', priceCents: 1800, media: [] });
    const edited = await request(site, 'PATCH', `/api/posts/${postId}`, {
      body: edit.body,
      headers: { ...edit.headers, origin: site, cookie: withPin(seller.cookie, 1) },
    });
    expect(edited.status, edited.body).toBe(200);
    expect((await feedOn2()).find((p) => p.id === postId)?.priceCents).toBe(1800);
  });

  test('kill -9 of an instance during a burst of 500 messages: streams resume elsewhere, 0 lost, 0 duplicated', async () => {
    const { pairs, streams } = await chattingPairs(10);
    // The victim: the instance holding the most streams (round robin spread them).
    const counts = [0, 1, 2].map((i) => [...streams.values()].filter((s) => s.upstream === upstreamOf(i)).length);
    const victim = counts.indexOf(Math.max(...counts));
    const victimStreams = [...streams.values()].filter((s) => s.upstream === upstreamOf(victim));
    expect(victimStreams.length).toBeGreaterThan(0);

    const acknowledged: string[] = [];
    const failed: number[] = [];
    let sent = 0;
    const TOTAL = 500;
    // 8 senders in flight; each member sends 25 (the per-member limit is 60 a minute).
    const next = async (): Promise<void> => {
      while (sent < TOTAL) {
        const n = sent;
        sent += 1;
        const pair = pairs[n % pairs.length] as (typeof pairs)[number];
        const from = Math.floor(n / pairs.length) % 2 === 0 ? pair.a : pair.b;
        if (n === 150) await cluster.killInstance(victim);
        const result = await sendMessage(site, from, pair.chatId, `burst ${n}`);
        if (result.id) acknowledged.push(result.id);
        else failed.push(result.status);
      }
    };
    await Promise.all(Array.from({ length: 8 }, next));
    // Only requests in flight on the victim may fail (502: nginx does not resend a POST).
    expect(
      failed.every((s) => s === 502 || s === 0),
      `failures: ${failed.join(',')}`,
    ).toBe(true);
    expect(failed.length).toBeLessThanOrEqual(8);

    const stored = await expectExactDelivery(pairs, streams);
    console.log(
      `kill -9: ${acknowledged.length} acknowledged, ${failed.length} failed (${failed.join(',')}), ${stored.size} stored; ` +
        `${victimStreams.length} streams moved off instance ${victim + 1}`,
    );
    // No acknowledged write lost.
    for (const id of acknowledged) expect(stored.has(id), `acknowledged ${id} is stored`).toBe(true);
    expect(stored.size).toBeGreaterThanOrEqual(TOTAL - failed.length);
    // The victim's streams came back through nginx to the other instances.
    for (const stream of victimStreams) {
      expect(stream.upstreams.length).toBeGreaterThan(1);
      expect(stream.upstream).not.toBe(upstreamOf(victim));
    }
    for (const s of streams.values()) s.close();
    await cluster.reviveInstance(victim);
  });

  test('a rolling restart of all three under steady load: 0 5xx, 0 dropped events', async () => {
    const { pairs, streams, members } = await chattingPairs(5);
    const reader = members[0] as Member;
    const before = pids();
    let loadDone: (result: autocannon.Result) => void = () => {};
    const finished = new Promise<autocannon.Result>((resolve) => {
      loadDone = resolve;
    });
    const load = autocannon(
      {
        url: `${site}/api/posts`,
        connections: 4,
        // Bounded: a steady 60 requests a second, not as many as the machine can do.
        overallRate: 60,
        duration: 600,
        headers: { cookie: reader.cookie },
      },
      (_error, result) => loadDone(result),
    );
    let done = false;
    const statuses: number[] = [];
    // Messages at a steady 5 a second during the whole deploy (a pace of the load, like
    // autocannon's rate; each member stays under its 60 a minute).
    const chatter = (async () => {
      for (let n = 0; !done; n += 1) {
        const pace = new Promise((resolve) => setTimeout(resolve, 200));
        const pair = pairs[n % pairs.length] as (typeof pairs)[number];
        const result = await sendMessage(site, n % 2 ? pair.a : pair.b, pair.chatId, `deploy ${n}`);
        statuses.push(result.status);
        await pace;
      }
    })();
    await cluster.rollingRestart();
    done = true;
    await chatter;
    load.stop();
    const result = await finished;

    console.log(
      `rolling restart: ${result['2xx']} feed reads (${JSON.stringify(result.statusCodeStats)}), ${result.errors} errors; ` +
        `${statuses.length} messages sent`,
    );
    expect(pids().every((pid, i) => pid !== before[i])).toBe(true);
    const fiveXx = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => Number(code) >= 500)
      .reduce((n, [, stat]) => n + (stat as { count: number }).count, 0);
    expect(fiveXx, JSON.stringify(result.statusCodeStats)).toBe(0);
    // No 5xx. A connection error can happen, and only this way: each nginx reload (two per
    // instance) closes the old workers' idle kept-alive browser connections, and a request
    // written at that very moment meets the close. Browsers resend an idempotent request in
    // that case (autocannon counts it). At most one per autocannon connection per reload.
    expect(result.errors).toBeLessThanOrEqual(4 * 2 * cluster.instances.length);
    expect(result['2xx']).toBeGreaterThan(0);
    expect(
      statuses.filter((s) => s !== 201),
      `message answers ${statuses.join(',')}`,
    ).toEqual([]);
    await expectExactDelivery(pairs, streams);
    for (const s of streams.values()) s.close();
  });

  test('PostgreSQL restarts under load: quick 503s, then everything recovers without restarting the instances', async () => {
    const { pairs, streams } = await chattingPairs(3);
    const [reader] = await makeMembers(cluster.directUrl, cluster.authSecret, 1);
    const before = pids();
    const answers: { status: number; ms: number }[] = [];
    let stop = false;
    const reading = Array.from({ length: 4 }, async () => {
      while (!stop) {
        const answer = await request(site, 'GET', '/api/posts', { headers: { cookie: (reader as Member).cookie } });
        answers.push({ status: answer.status, ms: answer.ms });
      }
    });
    await waitFor('some reads', () => answers.length > 20);
    await cluster.restartPostgres();
    // Back: every instance ready again (database and LISTEN connection), same processes.
    await waitFor(
      'every instance to be ready',
      async () => {
        const ready = await Promise.all(
          cluster.instances.map((i) => request(`http://127.0.0.1:${i.port}`, 'GET', '/api/health/ready')),
        );
        return ready.every((r) => r.status === 200);
      },
      60_000,
    );
    const afterRecovery = answers.length;
    await waitFor('reads after recovery', () => answers.length > afterRecovery + 20);
    stop = true;
    await Promise.all(reading);
    expect(pids()).toEqual(before);

    // During the outage the answers were 503, quickly; nothing else went wrong.
    const unavailable = answers.filter((a) => a.status === 503);
    console.log(
      `database restart: ${answers.length} reads, ${unavailable.length} answered 503 ` +
        `(slowest ${Math.max(0, ...unavailable.map((a) => a.ms)).toFixed(0)} ms), ` +
        `others ${JSON.stringify(answers.filter((a) => a.status !== 200 && a.status !== 503).map((a) => a.status))}`,
    );
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(Math.max(...unavailable.map((a) => a.ms))).toBeLessThan(2_000);
    expect(answers.slice(afterRecovery).every((a) => a.status === 200)).toBe(true);

    // The LISTEN connections are back on every instance: a message sent on each instance
    // reaches streams everywhere.
    for (let i = 0; i < 3; i += 1) {
      const pair = pairs[i] as (typeof pairs)[number];
      expect((await sendMessage(site, pair.a, pair.chatId, `after the restart ${i}`, i + 1)).status).toBe(201);
    }
    await expectExactDelivery(pairs, streams);
    for (const s of streams.values()) s.close();
  });
});
