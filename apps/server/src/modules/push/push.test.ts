import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  CAMPUS_IDS,
  NOTIFICATION_KINDS,
  type PushDevice,
  type PushPayload,
  type PushSubscriptionResponse,
} from '@campus/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { TestBrowser, unverifiedUser, verifiedUser } from '../../../test/auth.ts';
import { openChatWith, sendMessageAs } from '../../../test/chats.ts';
import { createPostAs, member } from '../../../test/posts.ts';
import { moderationRoles, roles } from '../../../test/profiles.ts';
import { listen, until } from '../../../test/sse.ts';
import { loadConfig } from '../../config.ts';
import { refreshOpenStreams } from '../../db/open-streams.ts';
import { bannedEmails, notifications, openStreams, pushSubscriptions, users } from '../../db/schema/index.ts';
import { sendDuePushes } from '../../jobs/push.ts';
import { systemClock } from '../../lib/clock.ts';
import { membersWithPreviewsOff } from '../notification-settings/index.ts';
import { matchNewPosts } from '../saved-searches/index.ts';
import { resolveVapidKeys } from './push.keys.ts';
import { isPrivateAddress } from './push.policy.ts';
import { presentPush } from './push.presenter.ts';
import { httpPushSender } from './push.sender.ts';

/**
 * A local push service (what FCM or Mozilla's autopush are to a browser): it records every push
 * and answers 201, or the status set for an endpoint path.
 */
interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
const received: ReceivedPush[] = [];
const answers = new Map<string, number>();
const pushService = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const p = req.url ?? '/';
    received.push({ path: p, headers: req.headers, body: Buffer.concat(chunks) });
    res.statusCode = answers.get(p) ?? 201;
    res.end();
  });
});
await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
const serviceOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => pushService.close(() => resolve())));

const { app, db, config } = await createTestApp({ PUSH_TEST_ORIGIN: serviceOrigin });
await app.listen({ port: 0, host: '127.0.0.1' });
const appPort = (app.server.address() as AddressInfo).port;
const pushDeps = {
  db,
  clock: systemClock,
  keys: resolveVapidKeys(config),
  campusHosts: config.campusHosts,
  testOrigin: config.push.testOrigin,
  send: httpPushSender(config.push.testOrigin),
  previewsOff: (userIds: string[]) => membersWithPreviewsOff(db, userIds),
};

const b64url = (b: Buffer) => b.toString('base64url');

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
}

const newEndpoint = () => `${serviceOrigin}/push/${randomBytes(8).toString('hex')}`;

async function subscribeAs(browser: TestBrowser, endpoint = newEndpoint()) {
  const k = browserKeys();
  const res = await browser.post('/api/push/subscriptions', { endpoint, keys: k.keys, label: 'Chrome on Linux' });
  return { res, endpoint, ...k };
}

const stored = async (endpoint: string) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) => {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);
};

/**
 * Decrypts a Web Push message (RFC 8291, content encoding aes128gcm, RFC 8188) as the browser
 * does, with its private key and auth secret: written from the RFCs, not with the sender's library.
 */
function decryptPush(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] as number;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverPublic]);
  const ikm = hkdf(auth, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then padding zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  expect(plain[end]).toBe(2);
  return plain.subarray(0, end).toString('utf8');
}

/** Checks the VAPID header: an ES256 JWT for the push service's origin, signed by the server's key. */
function expectVapid(headers: http.IncomingHttpHeaders, audience: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
  expect(match).not.toBeNull();
  const [, token = '', key = ''] = match ?? [];
  expect(key).toBe(pushDeps.keys.publicKey);
  const [header = '', claims = '', signature = ''] = token.split('.');
  const claimSet = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  expect(claimSet.aud).toBe(audience);
  expect(claimSet.sub).toBe(config.push.subject);
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(ok).toBe(true);
}

describe('GET /api/push/key', () => {
  it('answers the VAPID public key, generated once into DATA_DIR and kept', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/push/key', headers: { host: 'ou.localhost' } });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json() as { publicKey: string };
    const raw = Buffer.from(publicKey, 'base64url');
    expect(raw.length).toBe(65);
    expect(raw[0]).toBe(4);
    const file = path.join(config.dataDir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A restart reads the same keys; configured keys win.
    expect(resolveVapidKeys(config).publicKey).toBe(publicKey);
    const configured = loadConfig({
      DATA_DIR: config.dataDir,
      VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
      VAPID_PRIVATE_KEY: 'A'.repeat(43),
    });
    expect(resolveVapidKeys(configured).publicKey).toBe(`B${'A'.repeat(86)}`);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}` })).toThrow(/both or neither/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUSH_TEST_ORIGIN: serviceOrigin }),
    ).toThrow(/PUSH_TEST_ORIGIN/);
  });
});

describe('POST /api/push/subscriptions: who may subscribe', () => {
  it('refuses visitors, unverified accounts, accounts without a school, other campuses and banned members, storing nothing', async () => {
    const visitor = await subscribeAs(new TestBrowser(app, 'ou.localhost:3000'));
    expect(visitor.res.statusCode).toBe(401);
    expect(await stored(visitor.endpoint)).toEqual([]);

    const unverified = await unverifiedUser(app, db, { host: 'ou.localhost:3000' });
    const a = await subscribeAs(unverified.browser);
    expect(a.res.statusCode).toBe(403);
    expect(a.res.json().code).toBe('EMAIL_NOT_VERIFIED');
    expect(await stored(a.endpoint)).toEqual([]);

    const noSchool = await verifiedUser(app, db, { host: 'ou.localhost:3000' });
    const b = await subscribeAs(noSchool.browser);
    expect(b.res.statusCode).toBe(403);
    expect(b.res.json().code).toBe('SCHOOL_NOT_VERIFIED');
    expect(await stored(b.endpoint)).toEqual([]);

    // A UT member on OU's site.
    const ut = await member(app, db, 'ut', 'Tess Texan');
    const onOu = new TestBrowser(app, 'ou.localhost:3000');
    type WithCookies = { cookies: Map<string, string> };
    (onOu as unknown as WithCookies).cookies = (ut.browser as unknown as WithCookies).cookies;
    const c = await subscribeAs(onOu);
    expect(c.res.statusCode).toBe(403);
    expect(c.res.json().code).toBe('NOT_A_MEMBER');
    expect(await stored(c.endpoint)).toEqual([]);

    const banned = await member(app, db, 'ou', 'Bert Banned');
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, banned.user.id));
    await db.insert(bannedEmails).values({ email: row?.email ?? '' });
    const d = await subscribeAs(banned.browser);
    expect(d.res.statusCode).toBe(401);
    expect(await stored(d.endpoint)).toEqual([]);

    const ok = await member(app, db, 'ou', 'Mia Member');
    const e = await subscribeAs(ok.browser);
    expect(e.res.statusCode).toBe(200);
    const [kept] = await stored(e.endpoint);
    expect(kept).toMatchObject({
      userId: ok.user.id,
      campusId: CAMPUS_IDS.ou,
      label: 'Chrome on Linux',
      p256dh: e.keys.p256dh,
    });
  });
});

describe('POST /api/push/subscriptions: hostile endpoints and bodies', () => {
  it('refuses plain http, this server, localhost and private addresses, huge and malformed bodies; stores nothing', async () => {
    const me = await member(app, db, 'ou', 'Hana Hostile');
    const { keys } = browserKeys();
    const refused = [
      'http://push.example.com/abc',
      'https://ou.localhost/api/me',
      `https://ou.localhost:${appPort}/api/me`,
      'https://ou.campusbuysell.app/api/admin',
      'https://localhost/x',
      'https://LOCALHOST./x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://192.168.0.10/x',
      'https://172.20.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[fd00::1]/x',
      'https://0.0.0.0/x',
      'https://intranet/x',
      'https://user:pass@push.example.com/x',
      'https://push.example.com:8443/x',
      'ftp://push.example.com/x',
      'javascript:alert(1)',
      'not a url',
      `${serviceOrigin.replace('http:', 'https:')}/x`,
    ];
    for (const endpoint of refused) {
      const res = await me.browser.post('/api/push/subscriptions', { endpoint, keys });
      expect([res.statusCode, endpoint]).toEqual([400, endpoint]);
      expect(res.json().code).toBe('PUSH_ENDPOINT_REFUSED');
    }
    const bodies: unknown[] = [
      { endpoint: `https://push.example.com/${'a'.repeat(10_000)}`, keys },
      { endpoint: 'https://push.example.com/a\u0000b', keys },
      { endpoint: 'https://push.example.com/x', keys: { p256dh: 'x'.repeat(10_000), auth: keys.auth } },
      { endpoint: 'https://push.example.com/x', keys: { p256dh: keys.p256dh, auth: 42 } },
      { endpoint: ['https://push.example.com/x'], keys },
      { endpoint: 'https://push.example.com/x', keys, label: 'l'.repeat(10_000) },
      { endpoint: 'https://push.example.com/x', keys, extra: { deep: [[[[[[[[[[[[1]]]]]]]]]]]] } },
      { endpoint: 'https://push.example.com/x' },
    ];
    for (const body of bodies) {
      const res = await me.browser.post('/api/push/subscriptions', body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const mine = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.user.id));
    expect(mine).toEqual([]);
    // A push service on the internet is accepted.
    const fine = await me.browser.post('/api/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
      keys,
    });
    expect(fine.statusCode).toBe(200);
  });

  it('forgets only one’s own subscription: someone else’s id is not found and stays', async () => {
    const owner = await member(app, db, 'ou', 'Otto Owner');
    const other = await member(app, db, 'ou', 'Ida Intruder');
    const mine = await subscribeAs(owner.browser);
    const id = (mine.res.json() as PushSubscriptionResponse).id;

    const theirs = await other.browser.request('DELETE', `/api/push/subscriptions/${id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('PUSH_DEVICE_NOT_FOUND');
    expect(await stored(mine.endpoint)).toHaveLength(1);
    // A 10,000-character id: refused (414, the request line is too long), never a 5xx.
    const huge = await other.browser.request('DELETE', `/api/push/subscriptions/${'x'.repeat(10_000)}`);
    expect([400, 414]).toContain(huge.statusCode);
    const anonymous = await app.inject({
      method: 'DELETE',
      url: `/api/push/subscriptions/${id}`,
      headers: { host: 'ou.localhost' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await stored(mine.endpoint)).toHaveLength(1);

    expect((await owner.browser.request('DELETE', `/api/push/subscriptions/${id}`)).statusCode).toBe(200);
    expect(await stored(mine.endpoint)).toEqual([]);
  });

  it('the same browser subscribed again by another member moves to them; a member keeps at most 20', async () => {
    const first = await member(app, db, 'ou', 'Fay First');
    const second = await member(app, db, 'ou', 'Sid Second');
    const endpoint = newEndpoint();
    await subscribeAs(first.browser, endpoint);
    await subscribeAs(second.browser, endpoint);
    const rows = await stored(endpoint);
    expect(rows.map((r) => r.userId)).toEqual([second.user.id]);
    for (let i = 0; i < 22; i += 1) await subscribeAs(second.browser);
    const all = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, second.user.id));
    expect(all).toHaveLength(20);
  });
});

describe('sending pushes', () => {
  it('a message to a member with no open tab is pushed, encrypted for their browser and signed by the server', async () => {
    const seller = await member(app, db, 'ou', 'Sally Seller');
    const buyer = await member(app, db, 'ou', 'Bo Buyer');
    const device = await subscribeAs(seller.browser);
    const chat = await openChatWith(buyer.browser, seller.user.id);
    expect(
      (await sendMessageAs(buyer.browser, chat.id, { plainText: 'Is the desk still available?' })).statusCode,
    ).toBe(201);

    const result = await sendDuePushes(pushDeps);
    expect(result.sent).toBeGreaterThanOrEqual(1);
    // The new conversation and its first message: one push, the message.
    const pushes = received.filter((r) => `${serviceOrigin}${r.path}` === device.endpoint);
    expect(pushes).toHaveLength(1);
    const push = pushes[0];
    const { headers, body } = push as ReceivedPush;
    expect(headers['content-encoding']).toBe('aes128gcm');
    expect(Number(headers.ttl)).toBeGreaterThan(0);
    expect(headers.urgency).toBe('high');
    expectVapid(headers, serviceOrigin);
    // Nothing readable travels: the text is only in the decrypted payload.
    expect(body.includes(Buffer.from('desk'))).toBe(false);
    const payload = JSON.parse(decryptPush(body, device.ecdh, device.auth)) as PushPayload;
    expect(payload).toEqual({
      title: 'Bo Buyer',
      body: 'Sent you a message: Is the desk still available?',
      url: `/messages/${chat.id}`,
      tag: `chat:${chat.id}`,
      icon: `/api/campuses/${CAMPUS_IDS.ou}/icons/192.png`,
    });
    // Claimed once: a second run sends nothing more.
    const count = received.length;
    await sendDuePushes(pushDeps);
    expect(received.length).toBe(count);
  });

  it('a reply to a comment pushes and opens the post; a save (not a push type) does not', async () => {
    const author = await member(app, db, 'ou', 'Cora Commenter');
    const replier = await member(app, db, 'ou', 'Ray Replier');
    const device = await subscribeAs(author.browser);
    const post = (await createPostAs(replier.browser, { plainText: 'Mini fridge, $40' })).json() as { id: string };
    const comment = (await createPostAs(author.browser, { plainText: 'Does it work?', parentId: post.id })).json() as {
      id: string;
    };
    await replier.browser.post(`/api/posts/${comment.id}/like`);
    const reply = (
      await createPostAs(replier.browser, { plainText: 'Yes, perfectly', parentId: comment.id })
    ).json() as {
      id: string;
    };
    await sendDuePushes(pushDeps);
    const pushes = received.filter((r) => `${serviceOrigin}${r.path}` === device.endpoint);
    expect(pushes).toHaveLength(1);
    const payload = JSON.parse(decryptPush((pushes[0] as ReceivedPush).body, device.ecdh, device.auth)) as PushPayload;
    expect(payload).toMatchObject({
      title: 'Ray Replier',
      url: `/post/${reply.id}`,
      body: 'Replied to your comment: Yes, perfectly',
    });
  });

  it('no push while the member has a tab open; one once it closes', async () => {
    const reader = await member(app, db, 'ou', 'Rhea Reader');
    const writer = await member(app, db, 'ou', 'Will Writer');
    const device = await subscribeAs(reader.browser);
    const stream = await listen(reader.browser, appPort);
    await until(stream.ready);
    const tabRows = async () => db.select().from(openStreams).where(eq(openStreams.userId, reader.user.id));
    for (let i = 0; i < 100 && (await tabRows()).length === 0; i += 1) await new Promise((r) => setImmediate(r));
    expect(await tabRows()).toHaveLength(1);

    const chat = await openChatWith(writer.browser, reader.user.id);
    await sendMessageAs(writer.browser, chat.id, { plainText: 'hello there' });
    const skipped = await sendDuePushes(pushDeps);
    expect(skipped.skipped).toBeGreaterThanOrEqual(1);
    expect(received.some((r) => `${serviceOrigin}${r.path}` === device.endpoint)).toBe(false);

    stream.close();
    for (let i = 0; i < 1000 && (await tabRows()).length > 0; i += 1) await new Promise((r) => setImmediate(r));
    expect(await tabRows()).toEqual([]);
    await sendMessageAs(writer.browser, chat.id, { plainText: 'are you there?' });
    await sendDuePushes(pushDeps);
    expect(received.some((r) => `${serviceOrigin}${r.path}` === device.endpoint)).toBe(true);
  });

  it("a heartbeat's refresh makes an instance's rows exactly its open streams, seen now", async () => {
    const [ana, ben] = [await member(app, db, 'ou', 'Ana Open'), await member(app, db, 'ou', 'Ben Open')];
    const instanceId = `refresh-${randomBytes(4).toString('hex')}`;
    const rows = async () =>
      (await db.select().from(openStreams).where(eq(openStreams.instanceId, instanceId))).map((r) => r.userId).sort();
    const open = (...who: (typeof ana)[]) => who.map((m) => ({ campusId: CAMPUS_IDS.ou, userId: m.user.id }));
    await refreshOpenStreams(db, instanceId, open(ana, ben));
    expect(await rows()).toEqual([ana.user.id, ben.user.id].sort());
    await refreshOpenStreams(db, instanceId, open(ben));
    expect(await rows()).toEqual([ben.user.id]);
    await refreshOpenStreams(db, instanceId, []);
    expect(await rows()).toEqual([]);
  });

  it('a subscription whose push service answers 410 or 404 is removed; 500 keeps it', async () => {
    const gone = await member(app, db, 'ou', 'Gwen Gone');
    const writer = await member(app, db, 'ou', 'Walt Writer');
    const expired = await subscribeAs(gone.browser);
    const missing = await subscribeAs(gone.browser);
    const failing = await subscribeAs(gone.browser);
    answers.set(new URL(expired.endpoint).pathname, 410);
    answers.set(new URL(missing.endpoint).pathname, 404);
    answers.set(new URL(failing.endpoint).pathname, 500);
    const chat = await openChatWith(writer.browser, gone.user.id);
    await sendMessageAs(writer.browser, chat.id, { plainText: 'ping' });
    const result = await sendDuePushes(pushDeps);
    expect(result.gone).toBe(2);
    expect(await stored(expired.endpoint)).toEqual([]);
    expect(await stored(missing.endpoint)).toEqual([]);
    expect(await stored(failing.endpoint)).toHaveLength(1);
  });

  it('a read notification and a device that turned the kind off get nothing', async () => {
    const quiet = await member(app, db, 'ou', 'Quinn Quiet');
    const writer = await member(app, db, 'ou', 'Wes Writer');
    const device = await subscribeAs(quiet.browser);
    await db
      .update(pushSubscriptions)
      .set({ kinds: { messages: false } })
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    const chat = await openChatWith(writer.browser, quiet.user.id);
    await sendMessageAs(writer.browser, chat.id, { plainText: 'hi' });
    await sendDuePushes(pushDeps);
    expect(received.some((r) => `${serviceOrigin}${r.path}` === device.endpoint)).toBe(false);

    const other = await subscribeAs(quiet.browser);
    await sendMessageAs(writer.browser, chat.id, { plainText: 'hi again' });
    await db.update(notifications).set({ read: true }).where(eq(notifications.toUserId, quiet.user.id));
    await sendDuePushes(pushDeps);
    expect(received.some((r) => `${serviceOrigin}${r.path}` === other.endpoint)).toBe(false);
  });
});

describe('what a push says', () => {
  const campus = { id: CAMPUS_IDS.ou, shortName: 'OU' } as Parameters<typeof presentPush>[1];
  const n = {
    id: 'n1',
    campusId: CAMPUS_IDS.ou,
    toUserId: 'u1',
    type: 'message' as const,
    chatId: 'c1',
    postId: null,
    message: 'My number is 555-0100',
    fromFirstName: 'Ana',
    fromLastName: 'Lopez',
  };
  it('carries the text only when previews are allowed', () => {
    expect(presentPush(n, campus, true).body).toContain('555-0100');
    const hidden = presentPush(n, campus, false);
    expect(JSON.stringify(hidden)).not.toContain('555');
    expect(hidden).toMatchObject({
      title: 'Ana Lopez',
      body: 'Sent you a message',
      url: '/messages/c1',
      tag: 'chat:c1',
    });
    expect(presentPush({ ...n, message: 'x'.repeat(500) }, campus, true).body.length).toBeLessThan(200);
  });

  it('judges addresses after resolving them', () => {
    for (const a of ['127.0.0.1', '10.0.0.1', '::1', '::ffff:10.0.0.1', 'fe80::1', '169.254.169.254', 'nonsense'])
      expect([a, isPrivateAddress(a)]).toEqual([a, true]);
    for (const a of ['142.250.1.1', '2a00:1450:4001::1']) expect([a, isPrivateAddress(a)]).toEqual([a, false]);
  });
});

const ALL_ON = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true]));
const kindsOf = async (endpoint: string) => (await stored(endpoint))[0]?.kinds;
const pushesTo = (endpoint: string) => received.filter((r) => `${serviceOrigin}${r.path}` === endpoint);

describe('GET and PATCH /api/push/devices (the settings page, decision 040)', () => {
  it('refuses visitors, unverified accounts, accounts without a school, other campuses and banned members; nothing changed', async () => {
    const r = await roles(app, db, 'Dora Devices');
    const mine = await subscribeAs(r.owner);
    const id = (mine.res.json() as PushSubscriptionResponse).id;
    const expected: Array<[TestBrowser, number, string]> = [
      [r.anonymous, 401, 'UNAUTHENTICATED'],
      [r.unverified, 403, 'EMAIL_NOT_VERIFIED'],
      [r.noCampus, 403, 'SCHOOL_NOT_VERIFIED'],
      [r.otherCampus, 403, 'NOT_A_MEMBER'],
    ];
    for (const [browser, status, code] of expected) {
      for (const res of [
        await browser.get('/api/push/devices'),
        await browser.request('PATCH', `/api/push/devices/${id}`, { kinds: { messages: false } }),
      ]) {
        expect([res.statusCode, res.json().code]).toEqual([status, code]);
      }
    }
    const banned = await member(app, db, 'ou', 'Bea Banned');
    const bannedDevice = await subscribeAs(banned.browser);
    const bannedId = (bannedDevice.res.json() as PushSubscriptionResponse).id;
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, banned.user.id));
    await db.insert(bannedEmails).values({ email: row?.email ?? '' });
    expect((await banned.browser.get('/api/push/devices')).statusCode).toBe(401);
    const bannedPatch = await banned.browser.request('PATCH', `/api/push/devices/${bannedId}`, {
      kinds: { messages: false },
    });
    expect(bannedPatch.statusCode).toBe(401);
    expect(await kindsOf(bannedDevice.endpoint)).toEqual({});
    expect(await kindsOf(mine.endpoint)).toEqual({});
  });

  it('another member sees none of my devices and gets 404 for my device id, which stays as it was', async () => {
    const owner = await member(app, db, 'ou', 'Olly Owner');
    const other = await member(app, db, 'ou', 'Ivy Intruder');
    const mine = await subscribeAs(owner.browser);
    const id = (mine.res.json() as PushSubscriptionResponse).id;
    await subscribeAs(other.browser);

    const list = (await other.browser.get('/api/push/devices')).json() as { devices: PushDevice[] };
    expect(list.devices).toHaveLength(1);
    expect(list.devices.map((d) => d.id)).not.toContain(id);
    const theirs = await other.browser.request('PATCH', `/api/push/devices/${id}`, { kinds: { messages: false } });
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'PUSH_DEVICE_NOT_FOUND']);
    const unknown = await other.browser.request('PATCH', '/api/push/devices/no-such-device', { kinds: {} });
    expect(unknown.statusCode).toBe(404);
    expect(await kindsOf(mine.endpoint)).toEqual({});
  });

  it('the owner lists their devices (every kind on by default) and turns kinds off and on again, one device at a time', async () => {
    const owner = await member(app, db, 'ou', 'Pia Phone');
    const phone = await subscribeAs(owner.browser);
    const laptop = await subscribeAs(owner.browser);
    const phoneId = (phone.res.json() as PushSubscriptionResponse).id;

    const list = (await owner.browser.get('/api/push/devices')).json() as { devices: PushDevice[] };
    expect(list.devices.map((d) => d.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    for (const d of list.devices) {
      expect(d).toMatchObject({ label: 'Chrome on Linux', kinds: ALL_ON });
      expect(Number.isNaN(Date.parse(d.createdAt))).toBe(false);
    }

    const off = await owner.browser.request('PATCH', `/api/push/devices/${phoneId}`, {
      kinds: { messages: false, savedSearches: false },
    });
    expect(off.statusCode).toBe(200);
    expect((off.json() as PushDevice).kinds).toEqual({ ...ALL_ON, messages: false, savedSearches: false });
    const again = await owner.browser.request('PATCH', `/api/push/devices/${phoneId}`, { kinds: { messages: true } });
    expect((again.json() as PushDevice).kinds).toEqual({ ...ALL_ON, savedSearches: false });
    expect(await kindsOf(phone.endpoint)).toEqual({ messages: true, savedSearches: false });
    expect(await kindsOf(laptop.endpoint)).toEqual({});
    const empty = await owner.browser.request('PATCH', `/api/push/devices/${phoneId}`, { kinds: {} });
    expect(empty.statusCode).toBe(200);
    expect(await kindsOf(phone.endpoint)).toEqual({ messages: true, savedSearches: false });
  });

  it('hostile bodies and ids: 4xx, never 5xx, and nothing changed', async () => {
    const owner = await member(app, db, 'ou', 'Hal Hostile');
    const device = await subscribeAs(owner.browser);
    const id = (device.res.json() as PushSubscriptionResponse).id;
    let deep: unknown = false;
    for (let i = 0; i < 2_000; i += 1) deep = { kinds: deep };
    const bodies: unknown[] = [
      { kinds: { 'messages\u0000': false } },
      { kinds: { messages: 'false' } },
      { kinds: { messages: 0 } },
      { kinds: { messages: null } },
      { kinds: [false] },
      { kinds: null },
      { kinds: 'messages' },
      { kinds: { everything: false } },
      { kinds: { messages: false }, extra: 1 },
      {},
      [],
      'x',
      { kinds: { messages: false }, pad: 'x'.repeat(2_000_000) },
      { kinds: Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, false])) },
      deep,
    ];
    for (const body of bodies) {
      const res = await owner.browser.request('PATCH', `/api/push/devices/${id}`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
    }
    for (const badId of [`${id}\u0000`, 'x'.repeat(10_000), '%00']) {
      const res = await owner.browser.request('PATCH', `/api/push/devices/${encodeURIComponent(badId)}`, {
        kinds: { messages: false },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await kindsOf(device.endpoint)).toEqual({});
  });

  it('the push job honours each device’s switch set through the route, and the member’s lock-screen previews', async () => {
    const reader = await member(app, db, 'ou', 'Kim Kinds');
    const writer = await member(app, db, 'ou', 'Walt Words');
    const phone = await subscribeAs(reader.browser);
    const laptop = await subscribeAs(reader.browser);
    const phoneId = (phone.res.json() as PushSubscriptionResponse).id;
    expect(
      (await reader.browser.request('PATCH', `/api/push/devices/${phoneId}`, { kinds: { messages: false } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await reader.browser.request('PATCH', '/api/me/notification-settings', { pushPreviews: false })).statusCode,
    ).toBe(200);
    const chat = await openChatWith(writer.browser, reader.user.id);
    await sendMessageAs(writer.browser, chat.id, { plainText: 'My number is 555-0100' });
    await sendDuePushes(pushDeps);
    expect(pushesTo(phone.endpoint)).toEqual([]);
    const [push] = pushesTo(laptop.endpoint);
    expect(push).toBeDefined();
    const payload = JSON.parse(decryptPush((push as ReceivedPush).body, laptop.ecdh, laptop.auth)) as PushPayload;
    expect(payload.body).toBe('Sent you a message');
    expect(JSON.stringify(payload)).not.toContain('555');
  });

  it('a saved search’s new match pushes and opens the post; a device with saved searches off gets nothing', async () => {
    const saver = await member(app, db, 'ou', 'Sue Searcher');
    const seller = await member(app, db, 'ou', 'Stu Seller');
    const phone = await subscribeAs(saver.browser);
    const laptop = await subscribeAs(saver.browser);
    const laptopId = (laptop.res.json() as PushSubscriptionResponse).id;
    await saver.browser.request('PATCH', `/api/push/devices/${laptopId}`, { kinds: { savedSearches: false } });
    const word = `zanzibarlamp${randomBytes(3).toString('hex')}`;
    expect((await saver.browser.post('/api/saved-searches', { q: word })).statusCode).toBe(201);
    await matchNewPosts(db, new Date());
    const post = (await createPostAs(seller.browser, { plainText: `${word} for a desk`, priceCents: 1500 })).json() as {
      id: string;
    };
    await matchNewPosts(db, new Date());
    await sendDuePushes(pushDeps);
    expect(pushesTo(laptop.endpoint)).toEqual([]);
    const [push] = pushesTo(phone.endpoint);
    expect(push).toBeDefined();
    const payload = JSON.parse(decryptPush((push as ReceivedPush).body, phone.ecdh, phone.auth)) as PushPayload;
    expect(payload).toMatchObject({ title: 'Stu Seller', url: `/post/${post.id}`, tag: `post:${post.id}` });
    expect(payload.body).toContain(word);
  });
});

describe('the push routes: a moderator of another campus and a suspended member', () => {
  it('are refused every push route (subscribe, forget, list and switch devices); nothing stored or changed', async () => {
    const m = await moderationRoles(app, db, systemClock);
    const owner = await member(app, db, 'ou', 'Opal Owner');
    const mine = await subscribeAs(owner.browser);
    const id = (mine.res.json() as PushSubscriptionResponse).id;
    const expected: Array<[TestBrowser, string, number, string]> = [
      // A moderator elsewhere is a guest here like any member of another campus.
      [m.otherCampusModerator, m.otherCampusModeratorUser.id, 403, 'NOT_A_MEMBER'],
      [m.suspended, m.suspendedUser.id, 403, 'ACCOUNT_SUSPENDED'],
    ];
    for (const [browser, userId, status, code] of expected) {
      const attempt = await subscribeAs(browser);
      for (const res of [
        attempt.res,
        await browser.get('/api/push/devices'),
        await browser.request('PATCH', `/api/push/devices/${id}`, { kinds: { messages: false } }),
        await browser.request('DELETE', `/api/push/subscriptions/${id}`),
      ]) {
        expect([res.statusCode, res.json().code]).toEqual([status, code]);
      }
      expect(await stored(attempt.endpoint)).toEqual([]);
      expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).toEqual([]);
    }
    expect(await kindsOf(mine.endpoint)).toEqual({});
  });
});

describe('sending pushes: offers', () => {
  it('an offer made and an offer accepted each push the other side and open the chat', async () => {
    const seller = await member(app, db, 'ou', 'Odie Offers');
    const buyer = await member(app, db, 'ou', 'Abe Accepted');
    const sellerDevice = await subscribeAs(seller.browser);
    const buyerDevice = await subscribeAs(buyer.browser);
    const created = await createPostAs(seller.browser, { plainText: 'Standing desk, adjustable', priceCents: 8000 });
    expect(created.statusCode).toBe(201);
    const postId = (created.json() as { id: string }).id;
    const made = await buyer.browser.post(`/api/posts/${postId}/offers`, { amountCents: 6000 });
    expect(made.statusCode, made.body).toBe(201);
    const offer = (made.json() as { offer: { id: string; chatId: string } }).offer;
    const chatPage = { url: `/messages/${offer.chatId}`, tag: `chat:${offer.chatId}` };

    await sendDuePushes(pushDeps);
    const toSeller = pushesTo(sellerDevice.endpoint).map(
      (p) => JSON.parse(decryptPush(p.body, sellerDevice.ecdh, sellerDevice.auth)) as PushPayload,
    );
    expect(toSeller.length).toBeGreaterThanOrEqual(1);
    for (const payload of toSeller) expect(payload).toMatchObject({ title: 'Abe Accepted', ...chatPage });
    expect(toSeller.some((p) => p.body.includes('$60'))).toBe(true);
    expect(pushesTo(buyerDevice.endpoint)).toEqual([]);

    const accepted = await seller.browser.post(`/api/offers/${offer.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    await sendDuePushes(pushDeps);
    const toBuyer = pushesTo(buyerDevice.endpoint).map(
      (p) => JSON.parse(decryptPush(p.body, buyerDevice.ecdh, buyerDevice.auth)) as PushPayload,
    );
    expect(toBuyer).toEqual([
      {
        title: 'Odie Offers',
        body: 'Accepted your offer: $60 · Standing desk, adjustable',
        ...chatPage,
        icon: `/api/campuses/${CAMPUS_IDS.ou}/icons/192.png`,
      },
    ]);
  });
});
