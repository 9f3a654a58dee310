import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CAMPUS_IDS } from '@campus/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { TestBrowser, unverifiedUser, verifiedUser } from '../../test/auth.ts';
import { member } from '../../test/posts.ts';
import { signInOn } from '../../test/profiles.ts';
import { buildApp } from '../app.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { events, sessions, users } from '../db/schema/index.ts';
import { broadcastOnCommit, EVENTS_APPLICATION_NAME, type NewEvent, publishEvent } from '../lib/events.ts';
import { banAccount } from '../modules/auth/account-safety.service.ts';

let ctx: TestContext;
let port: number;
/** A second app instance on the same database (another server process, as far as events go). */
let second: FastifyInstance;
let secondDb: Database;
let secondPort: number;

const listen = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
};

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.close();
  // The shared factory's app has the default heartbeat: rebuild one with a short heartbeat.
  ctx.app = await buildApp({ config: ctx.config, db: ctx.db, sse: { heartbeatMs: 20, maxStreamsPerUser: 3 } });
  port = await listen(ctx.app);
  secondDb = createDatabase(String(ctx.db.$client.options.connectionString), { max: 4 });
  second = await buildApp({ config: ctx.config, db: secondDb });
  secondPort = await listen(second);
});
afterAll(async () => {
  await ctx.app.close();
  await second?.close();
  await secondDb?.$client.end();
});

interface SseMessage {
  event: string;
  id?: string;
  data: string;
}

/** A real HTTP client reading the stream as a browser's EventSource would. */
class SseClient {
  readonly messages: SseMessage[] = [];
  comments = 0;
  ended = false;
  private buffer = '';
  constructor(
    readonly status: number,
    readonly headers: http.IncomingHttpHeaders,
    readonly body: string,
    private readonly req: http.ClientRequest,
  ) {}
  feed(chunk: string) {
    this.buffer += chunk;
    let at = this.buffer.indexOf('\n\n');
    while (at >= 0) {
      const block = this.buffer.slice(0, at);
      this.buffer = this.buffer.slice(at + 2);
      const message: SseMessage = { event: 'message', data: '' };
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments += 1;
        else if (line.startsWith('event: ')) message.event = line.slice(7);
        else if (line.startsWith('id: ')) message.id = line.slice(4);
        else if (line.startsWith('data: ')) {
          message.data = line.slice(6);
          hasData = true;
        }
      }
      if (hasData) this.messages.push(message);
      at = this.buffer.indexOf('\n\n');
    }
  }
  /** The data events (not ready/reset), parsed. */
  get events() {
    return this.messages
      .filter((m) => m.event === 'message')
      .map((m) => ({ seq: m.id, ...(JSON.parse(m.data) as { id: string; type: string; payload: unknown }) }));
  }
  get lastId(): string | undefined {
    return this.messages.findLast((m) => m.id !== undefined)?.id;
  }
  get ready() {
    return this.messages.some((m) => m.event === 'ready');
  }
  close() {
    this.req.destroy();
  }
}

function cookieOf(browser: TestBrowser): string {
  const jar = (browser as unknown as { cookies: Map<string, string> }).cookies;
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

function open(
  browser: TestBrowser,
  options: { port?: number; lastEventId?: string; path?: string; host?: string } = {},
): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port: options.port ?? port,
        path: options.path ?? '/api/events',
        headers: {
          host: options.host ?? browser.host,
          cookie: cookieOf(browser),
          accept: 'text/event-stream',
          ...(options.lastEventId !== undefined ? { 'last-event-id': options.lastEventId } : {}),
        },
      },
      (res) => {
        res.setEncoding('utf8');
        if (res.statusCode !== 200) {
          let body = '';
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve(new SseClient(res.statusCode ?? 0, res.headers, body, req)));
          return;
        }
        const client = new SseClient(200, res.headers, '', req);
        res.on('data', (c: string) => client.feed(c));
        res.on('close', () => (client.ended = true));
        resolve(client);
      },
    );
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}

/** Waits until `check` holds (polls on the event loop; no fixed sleeps). */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const publish = (event: NewEvent) => ctx.db.transaction((tx) => publishEvent(tx, event));
const ev = (userId: string, type: string, payload: Record<string, unknown> = {}, campusId: string = CAMPUS_IDS.ou) => ({
  campusId,
  userId,
  type,
  payload,
});

/** Publishes a marker and waits for it: everything published before it has been delivered or never will be. */
async function settle(client: SseClient, userId: string) {
  const marker = await publish(ev(userId, 'test.marker'));
  await until(() => client.events.some((e) => e.id === marker));
}

describe('GET /api/events: who may listen', () => {
  it('refuses visitors (401), unverified and not-school-verified users and members of another campus (403); nothing is opened', async () => {
    const visitor = await open(new TestBrowser(ctx.app));
    expect(visitor.status).toBe(401);
    expect(JSON.parse(visitor.body).code).toBe('UNAUTHENTICATED');

    const { browser: unverified } = await unverifiedUser(ctx.app, ctx.db);
    const u = await open(unverified);
    expect([u.status, JSON.parse(u.body).code]).toEqual([403, 'EMAIL_NOT_VERIFIED']);

    const { browser: noSchool } = await verifiedUser(ctx.app, ctx.db);
    const n = await open(noSchool);
    expect([n.status, JSON.parse(n.body).code]).toEqual([403, 'SCHOOL_NOT_VERIFIED']);

    // A UT member on OU's site.
    const { browser: longhorn } = await member(ctx.app, ctx.db, 'ut');
    const guest = await open(longhorn, { host: 'ou.localhost:3000' });
    expect([guest.status, JSON.parse(guest.body).code]).toEqual([403, 'NOT_A_MEMBER']);
    expect(ctx.app.eventBus.size).toBe(0);
  });

  it('refuses a malformed Last-Event-ID (letters, NUL, huge, negative) with 400', async () => {
    const { browser } = await member(ctx.app, ctx.db);
    for (const bad of ['abc', '1\u00002', '9'.repeat(5000), '-1', '1.5']) {
      const res = await open(browser, { path: `/api/events?lastEventId=${encodeURIComponent(bad)}` });
      expect(res.status).toBe(400);
    }
    const twice = await open(browser, { path: '/api/events?lastEventId=1&lastEventId=2' });
    expect(twice.status).toBe(400);
    const header = await open(browser, { lastEventId: 'x'.repeat(100) });
    expect(header.status).toBe(400);
    expect(ctx.app.eventBus.size).toBe(0);
  });

  it('bounds the open streams of one user (429 past the limit)', async () => {
    const { browser } = await member(ctx.app, ctx.db);
    const streams = [await open(browser), await open(browser), await open(browser)];
    await until(() => streams.every((s) => s.ready));
    const fourth = await open(browser);
    expect(fourth.status).toBe(429);
    for (const s of streams) s.close();
    await until(() => ctx.app.eventBus.size === 0);
    const again = await open(browser);
    expect(again.status).toBe(200);
    again.close();
    await until(() => ctx.app.eventBus.size === 0);
  });
});

describe('GET /api/events: what is delivered', () => {
  it('streams with SSE headers, a ready event carrying the position and heartbeat comments', async () => {
    const { browser } = await member(ctx.app, ctx.db);
    const client = await open(browser);
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.headers['cache-control']).toBe('no-store, no-transform');
    expect(client.headers['content-encoding']).toBeUndefined();
    await until(() => client.ready && client.lastId !== undefined);
    await until(() => client.comments >= 2);
    client.close();
  });

  it('delivers a committed event once, never a rolled-back one, never another user’s or another campus’s', async () => {
    const { browser, user } = await member(ctx.app, ctx.db);
    const { user: other } = await member(ctx.app, ctx.db);
    const client = await open(browser);
    await until(() => client.ready);

    await expect(
      ctx.db.transaction(async (tx) => {
        await publishEvent(tx, ev(user.id, 'test.rolled-back'));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await publish(ev(other.id, 'test.for-someone-else'));
    await publish(ev(user.id, 'test.other-campus', {}, CAMPUS_IDS.ut));
    const committed = await publish(ev(user.id, 'test.committed', { text: 'hi\nthere' }));
    await settle(client, user.id);

    expect(client.events.map((e) => e.type)).toEqual(['test.committed', 'test.marker']);
    expect(client.events[0]).toMatchObject({ id: committed, payload: { text: 'hi\nthere' } });
    expect(client.events.every((e) => /^\d+$/.test(e.seq ?? ''))).toBe(true);
    client.close();
  });

  it('a campus-wide broadcast reaches every stream of that campus on every instance, unnumbered; never on rollback, never another campus', async () => {
    const one = await member(ctx.app, ctx.db);
    const two = await member(ctx.app, ctx.db);
    const ut = await member(ctx.app, ctx.db, 'ut');
    const [a, b, c] = await Promise.all([open(one.browser), open(two.browser, { port: secondPort }), open(ut.browser)]);
    await until(() => a.ready && b.ready && c.ready);
    const positionBefore = a.lastId;

    await expect(
      ctx.db.transaction(async (tx) => {
        await broadcastOnCommit(tx, { campusId: CAMPUS_IDS.ou, type: 'test.rolled-back', payload: {} });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await ctx.db.transaction((tx) =>
      broadcastOnCommit(tx, { campusId: CAMPUS_IDS.ou, type: 'post.changed', payload: { postId: 'p1' } }),
    );
    await settle(a, one.user.id);
    await settle(b, two.user.id);
    const utMarker = await publish(ev(ut.user.id, 'test.marker', {}, CAMPUS_IDS.ut));
    await until(() => c.events.some((e) => e.id === utMarker));
    for (const client of [a, b]) {
      expect(client.events.map((e) => e.type)).toEqual(['post.changed', 'test.marker']);
      expect(client.events[0]).toMatchObject({ seq: undefined, payload: { postId: 'p1' } });
    }
    expect(c.events.map((e) => e.type)).toEqual(['test.marker']);
    // The broadcast moved no stream position: Last-Event-ID stays the last stored event's.
    expect(positionBefore).toBeDefined();
    expect(a.messages.filter((m) => m.event === 'message' && m.id === undefined)).toHaveLength(1);
    for (const client of [a, b, c]) client.close();
  });

  it('Last-Event-ID (header or ?lastEventId=) resumes with exactly the missed events, then live ones', async () => {
    const { browser, user } = await member(ctx.app, ctx.db);
    const first = await open(browser);
    await until(() => first.ready);
    await publish(ev(user.id, 'test.seen', { n: 1 }));
    await until(() => first.events.length === 1);
    const resumeAt = first.lastId as string;
    first.close();
    await until(() => ctx.app.eventBus.countFor(CAMPUS_IDS.ou, user.id) === 0);

    const missed = [
      await publish(ev(user.id, 'test.missed', { n: 2 })),
      await publish(ev(user.id, 'test.missed', { n: 3 })),
    ];
    await publish(ev(user.id, 'test.other-campus', {}, CAMPUS_IDS.ut));

    const resumed = await open(browser, { lastEventId: resumeAt });
    await until(() => resumed.ready);
    expect(resumed.events.map((e) => e.id)).toEqual(missed);
    const live = await publish(ev(user.id, 'test.live'));
    await until(() => resumed.events.length === 3);
    expect(resumed.events.map((e) => e.id)).toEqual([...missed, live]);

    // EventSource's reconnect through the query string, from the position of the ready event.
    const viaQuery = await open(browser, { path: `/api/events?lastEventId=${resumeAt}` });
    await until(() => viaQuery.ready);
    expect(viaQuery.events.map((e) => e.id)).toEqual([...missed, live]);
    // Resuming from the very last position: nothing again.
    const upToDate = await open(browser, { lastEventId: resumed.lastId });
    await until(() => upToDate.ready);
    expect(upToDate.events).toEqual([]);
    for (const c of [resumed, viaQuery, upToDate]) c.close();
  });

  it('a stream that saw no event resumes from its ready position without losing anything', async () => {
    const { browser, user } = await member(ctx.app, ctx.db);
    const quiet = await open(browser);
    await until(() => quiet.ready);
    const position = quiet.lastId as string;
    quiet.close();
    const missed = await publish(ev(user.id, 'test.missed'));
    const resumed = await open(browser, { lastEventId: position });
    await until(() => resumed.ready);
    expect(resumed.events.map((e) => e.id)).toEqual([missed]);
    resumed.close();
  });

  it('sends reset (reload) when the resume position is gone (purged) or not this user’s', async () => {
    const { browser, user } = await member(ctx.app, ctx.db);
    const { user: other } = await member(ctx.app, ctx.db);
    const old = await publish(ev(user.id, 'test.old'));
    const first = await open(browser, { lastEventId: '0' });
    await until(() => first.ready);
    const oldSeq = first.events.find((e) => e.id === old)?.seq as string;
    first.close();
    await ctx.db.delete(events).where(eq(events.id, old));
    const newer = await publish(ev(user.id, 'test.after-purge'));
    const resumed = await open(browser, { lastEventId: oldSeq });
    await until(() => resumed.ready);
    expect(resumed.messages.map((m) => m.event)).toEqual(['reset', 'ready']);
    expect(resumed.events).toEqual([]);
    // The position is now the newest row: a later resume from it is exact.
    const othersEvent = await publish(ev(other.id, 'test.someone-else'));
    const stranger = await open(browser, {
      lastEventId: String((await ctx.db.select().from(events).where(eq(events.id, othersEvent)))[0]?.seq),
    });
    await until(() => stranger.ready);
    expect(stranger.messages[0]?.event).toBe('reset');
    expect(stranger.events).toEqual([]);
    expect(resumed.lastId).toBe(String((await ctx.db.select().from(events).where(eq(events.id, newer)))[0]?.seq));
    resumed.close();
    stranger.close();
  });

  it('an event published through one instance reaches a stream on another instance', async () => {
    const { browser, user } = await member(ctx.app, ctx.db);
    const onSecond = await open(browser, { port: secondPort });
    await until(() => onSecond.ready);
    // Published with the first instance's database handle.
    const id = await publish(ev(user.id, 'test.cross-instance'));
    await until(() => onSecond.events.length === 1);
    expect(onSecond.events[0]?.id).toBe(id);
    onSecond.close();
  });

  it('catches up what committed while its LISTEN connection was down', async () => {
    const { browser, user } = await member(ctx.app, ctx.db);
    const client = await open(browser);
    await until(() => client.ready && ctx.app.eventBus.listening);
    // Cut every LISTEN connection of this database (both instances reconnect).
    await ctx.db.$client.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = $1 AND pid <> pg_backend_pid()`,
      [EVENTS_APPLICATION_NAME],
    );
    await until(() => !ctx.app.eventBus.listening);
    const id = await publish(ev(user.id, 'test.while-down'));
    await until(() => client.events.some((e) => e.id === id));
    expect(client.events.filter((e) => e.id === id)).toHaveLength(1);
    client.close();
  });
});

describe('GET /api/events: the session is checked again on every heartbeat', () => {
  it('ends the stream after sign-out', async () => {
    const { browser } = await member(ctx.app, ctx.db);
    const client = await open(browser);
    await until(() => client.ready && client.comments >= 1);
    expect((await browser.post('/api/auth/sign-out')).statusCode).toBe(200);
    await until(() => client.ended);
  });

  it('ends the stream when the user no longer belongs to the campus', async () => {
    const { browser, user } = await member(ctx.app, ctx.db);
    const client = await open(browser);
    await until(() => client.ready && client.comments >= 1);
    await ctx.db.update(users).set({ campusId: CAMPUS_IDS.ut }).where(eq(users.id, user.id));
    await until(() => client.ended);
  });
});

describe('GET /api/events: the stream ends with its session (security issue item 8)', () => {
  /**
   * A member with two sessions (laptop and phone), each with a stream open on the second
   * instance, whose heartbeat (25 s) is far away: only the session-ended announcement can end
   * a stream within the 2 s these tests allow. The revocation goes through the first instance.
   */
  async function twoStreams() {
    const { browser: laptop, user } = await member(ctx.app, ctx.db);
    const email = (await ctx.db.query.users.findFirst({ where: eq(users.id, user.id) }))?.email as string;
    const phone = await signInOn(ctx.app, email, 'ou.localhost:3000');
    const laptopStream = await open(laptop, { port: secondPort });
    const phoneStream = await open(phone, { port: secondPort });
    await until(() => laptopStream.ready && phoneStream.ready);
    return { laptop, phone, laptopStream, phoneStream, user, email };
  }

  /** Publishes right after the revocation, waits for the stream to end, and checks the event never arrived. */
  async function endsPromptly(client: SseClient, userId: string, revokedAt: number) {
    const afterwards = await publish(ev(userId, 'test.after-revocation'));
    await until(() => client.ended, 2_000);
    expect(Date.now() - revokedAt).toBeLessThan(2_000);
    expect(client.events.some((e) => e.id === afterwards)).toBe(false);
    return afterwards;
  }

  it('sign-out ends that session’s stream at once; the other session’s stream goes on', async () => {
    const { laptop, laptopStream, phoneStream, user } = await twoStreams();
    expect((await laptop.post('/api/auth/sign-out')).statusCode).toBe(200);
    const afterwards = await endsPromptly(laptopStream, user.id, Date.now());
    await until(() => phoneStream.events.some((e) => e.id === afterwards));
    expect(phoneStream.ended).toBe(false);
    phoneStream.close();
  });

  it('a ban ends every stream of the account at once', async () => {
    const { laptopStream, phoneStream, user, email } = await twoStreams();
    await banAccount(ctx.db, email);
    const revokedAt = Date.now();
    await endsPromptly(laptopStream, user.id, revokedAt);
    await until(() => phoneStream.ended, 2_000);
    expect(phoneStream.events).toEqual([]);
  });

  it('a password change ends the other sessions’ streams at once; the changing session’s stream goes on', async () => {
    const { phone, laptopStream, phoneStream, user } = await twoStreams();
    const change = await phone.request('PUT', '/api/me/password', {
      currentPassword: 'secret123',
      newPassword: 'another1',
      repeatPassword: 'another1',
    });
    expect(change.statusCode).toBe(204);
    const afterwards = await endsPromptly(laptopStream, user.id, Date.now());
    await until(() => phoneStream.events.some((e) => e.id === afterwards));
    expect(phoneStream.ended).toBe(false);
    phoneStream.close();
  });

  it('a session deleted in the database by any path (revocation, expiry clean-up) ends its stream', async () => {
    const { laptopStream, phoneStream, user } = await twoStreams();
    await ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    await endsPromptly(laptopStream, user.id, Date.now());
    await until(() => phoneStream.ended, 2_000);
  });
});

describe('shutdown', () => {
  it('ends open streams when the app closes, and closes fast', async () => {
    const db = createDatabase(String(ctx.db.$client.options.connectionString), { max: 2 });
    const app = await buildApp({ config: ctx.config, db });
    const appPort = await listen(app);
    const { browser } = await member(ctx.app, ctx.db);
    const client = await open(browser, { port: appPort });
    await until(() => client.ready);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    await until(() => client.ended);
    await db.$client.end();
  });
});
