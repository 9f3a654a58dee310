import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { decideWebBuild } from '../web-build.ts';
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
  test('two people on different instances chat live through nginx', async () => {
    const [avery, jordan] = await makeMembers(cluster.directUrl, cluster.authSecret, 2);
    if (!avery || !jordan) throw new Error('no members');
    const chatId = await makeChat(cluster.directUrl, avery, jordan);
    // Avery's browser is pinned to instance 1, Jordan's to instance 2: every request of each,
    // the event stream included, goes through nginx to that instance.
    const averyStream = new EventStreamClient(site, withPin(avery.cookie, 1));
    const jordanStream = new EventStreamClient(site, withPin(jordan.cookie, 2));
    await Promise.all([averyStream.open(), jordanStream.open()]);
    expect(averyStream.upstream).toBe(upstreamOf(0));
    expect(jordanStream.upstream).toBe(upstreamOf(1));

    const first = await sendMessage(site, avery, chatId, 'Is the desk still available?', 1);
    expect(first.status).toBe(201);
    await waitFor('Jordan to receive it live on instance 2', () =>
      jordanStream.messageIds().includes(first.id as string),
    );
    const reply = await sendMessage(site, jordan, chatId, 'Yes, until Friday', 2);
    expect(reply.status).toBe(201);
    await waitFor('Avery to receive the reply on instance 1', () =>
      averyStream.messageIds().includes(reply.id as string),
    );

    // Jordan's chat page, read on instance 3, has both.
    const page = await request(site, 'GET', `/api/chats/${chatId}`, { headers: { cookie: withPin(jordan.cookie, 3) } });
    expect(page.headers['x-cluster-upstream']).toBe(upstreamOf(2));
    expect(page.body).toContain(first.id);
    expect(page.body).toContain(reply.id);
    averyStream.close();
    jordanStream.close();
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
