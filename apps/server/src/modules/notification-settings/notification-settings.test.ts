import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { TestBrowser } from '../../../test/auth.ts';
import { openChatWith, sendMessageAs } from '../../../test/chats.ts';
import { createPostAs, member } from '../../../test/posts.ts';
import { moderationRoles, roles } from '../../../test/profiles.ts';
import { notificationSettings, users } from '../../db/schema/index.ts';
import { MAIL_QUIET_MS, mailDueNotifications } from '../../jobs/notification-mail.ts';
import type { Clock } from '../../lib/clock.ts';
import { signUnsubscribeToken, UNSUBSCRIBE_TOKEN_DAYS } from './unsubscribe-token.ts';

let at = Date.now();
const clock: Clock = { now: () => new Date(at) };
const { app, db, config } = await createTestApp({}, { clock });
const secret = 'test-secret-that-is-at-least-32-characters-long';
const r = await roles(app, db, 'Nell Settings');
const URL_SETTINGS = '/api/me/notification-settings';
const ALL_ON = { messages: true, comments: true, saves: true, offers: true, savedSearches: true, moderation: true };

const settingsRows = async () =>
  (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM notification_settings`)).rows[0]?.n ?? 0;
const flagOf = async (userId: string) =>
  (await db.select({ on: users.emailNotifications }).from(users).where(eq(users.id, userId)))[0]?.on;

/** POST /api/unsubscribe as a mail provider does: no cookie, a form body, maybe another Origin. */
const oneClick = (token: string, origin?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
    headers: {
      host: 'ou.localhost:3000',
      'content-type': 'application/x-www-form-urlencoded',
      ...(origin ? { origin } : {}),
    },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('notification settings, by role', () => {
  it('refuses visitors and unverified accounts, changing nothing', async () => {
    const before = await settingsRows();
    for (const [browser, status, code] of [
      [r.anonymous, 401, 'UNAUTHENTICATED'],
      [r.unverified, 403, 'EMAIL_NOT_VERIFIED'],
    ] as const) {
      for (const res of [
        await browser.get(URL_SETTINGS),
        await browser.request('PATCH', URL_SETTINGS, { emailNotifications: false }),
      ]) {
        expect([res.statusCode, res.json().code]).toEqual([status, code]);
      }
    }
    expect(await settingsRows()).toBe(before);
  });

  it('gives every verified account its own settings (with or without a campus, on any site)', async () => {
    for (const browser of [r.noCampus, r.otherCampus, r.other, r.owner]) {
      const res = await browser.get(URL_SETTINGS);
      expect([res.statusCode, res.json()]).toEqual([
        200,
        { emailNotifications: true, email: ALL_ON, pushPreviews: true },
      ]);
    }
    const changed = await r.otherCampus.request('PATCH', URL_SETTINGS, { email: { comments: false } });
    expect(changed.json().email.comments).toBe(false);
    // Nobody else's settings moved.
    expect((await r.owner.get(URL_SETTINGS)).json().email).toEqual(ALL_ON);
    const [row] = await db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, r.otherCampusUser.id));
    expect(row?.emailOff).toEqual(['comments']);
  });

  it('changes only what the body names; the master switch is the account’s email_notifications', async () => {
    const { browser, user } = await member(app, db, 'ou', 'Pat Patch');
    const off = await browser.request('PATCH', URL_SETTINGS, { emailNotifications: false });
    expect(off.json()).toEqual({ emailNotifications: false, email: ALL_ON, pushPreviews: true });
    expect(await flagOf(user.id)).toBe(false);
    const kinds = await browser.request('PATCH', URL_SETTINGS, {
      email: { saves: false, offers: false },
      pushPreviews: false,
    });
    expect(kinds.json()).toEqual({
      emailNotifications: false,
      email: { ...ALL_ON, saves: false, offers: false },
      pushPreviews: false,
    });
    const back = await browser.request('PATCH', URL_SETTINGS, { email: { saves: true }, emailNotifications: true });
    expect(back.json()).toEqual({
      emailNotifications: true,
      email: { ...ALL_ON, offers: false },
      pushPreviews: false,
    });
  });

  it('refuses hostile bodies with a 400 and changes nothing', async () => {
    const { browser, user } = await member(app, db, 'ou', 'Hugo Hostile');
    for (const body of [
      { email: { push: true } },
      { email: { messages: 'false' } },
      { emailNotifications: 0 },
      { pushPreviews: null },
      { extra: true },
      [],
      'off',
      { email: JSON.parse(`${'{"a":'.repeat(100)}1${'}'.repeat(100)}`) },
    ]) {
      const res = await browser.request('PATCH', URL_SETTINGS, body);
      expect([JSON.stringify(body).slice(0, 40), res.statusCode]).toEqual([JSON.stringify(body).slice(0, 40), 400]);
    }
    for (const raw of ['{"emailNotifications":"\\u0000"}', '{"email":{"__proto__":{"messages":false}}}', '{"email":']) {
      const res = await browser.send('PATCH', URL_SETTINGS, Buffer.from(raw), 'application/json');
      expect([raw, res.statusCode]).toEqual([raw, 400]);
    }
    expect((await browser.get(URL_SETTINGS)).json()).toEqual({
      emailNotifications: true,
      email: ALL_ON,
      pushPreviews: true,
    });
    expect(await flagOf(user.id)).toBe(true);
  });

  it('a moderator of another campus keeps their own settings here; a suspended member is refused, and their unsubscribe link still works', async () => {
    const m = await moderationRoles(app, db, clock);
    const before = await settingsRows();
    for (const res of [
      await m.suspended.get(URL_SETTINGS),
      await m.suspended.request('PATCH', URL_SETTINGS, { emailNotifications: false, email: { saves: false } }),
    ]) {
      expect([res.statusCode, res.json().code]).toEqual([403, 'ACCOUNT_SUSPENDED']);
    }
    expect(await settingsRows()).toBe(before);
    expect(await flagOf(m.suspendedUser.id)).toBe(true);
    // The link in an email needs no session, so a suspension does not stop it.
    const token = signUnsubscribeToken(secret, { userId: m.suspendedUser.id, kind: 'saves', now: clock.now() });
    expect((await oneClick(token)).statusCode).toBe(200);
    const [kept] = await db
      .select({ emailOff: notificationSettings.emailOff })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, m.suspendedUser.id));
    expect(kept?.emailOff).toEqual(['saves']);
    expect(await flagOf(m.suspendedUser.id)).toBe(true);

    // The settings are the account's, not a campus's: a UT moderator on OU's site sees and changes their own only.
    const own = await m.otherCampusModerator.request('PATCH', URL_SETTINGS, { email: { moderation: false } });
    expect([own.statusCode, own.json().email]).toEqual([200, { ...ALL_ON, moderation: false }]);
    expect((await r.owner.get(URL_SETTINGS)).json().email).toEqual(ALL_ON);
  });
});

describe('one-click unsubscribe', () => {
  it('turns off only the kind the token names, without a session, from any origin, as often as it is used', async () => {
    const { browser, user } = await member(app, db, 'ou', 'Una Subscribe');
    const token = signUnsubscribeToken(secret, { userId: user.id, kind: 'comments', now: clock.now() });
    const check = await new TestBrowser(app).get(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
    expect([check.statusCode, check.json()]).toEqual([200, { kind: 'comments' }]);
    // Looking changes nothing (mail scanners open links).
    expect((await browser.get(URL_SETTINGS)).json().email.comments).toBe(true);

    const res = await oneClick(token, 'https://mail.example.com');
    expect([res.statusCode, res.json()]).toEqual([200, { kind: 'comments' }]);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await oneClick(token)).statusCode).toBe(200);
    expect((await browser.get(URL_SETTINGS)).json()).toEqual({
      emailNotifications: true,
      email: { ...ALL_ON, comments: false },
      pushPreviews: true,
    });
    // The web page's button: JSON-less POST from the site itself.
    const page = await new TestBrowser(app).send(
      'POST',
      `/api/unsubscribe?token=${encodeURIComponent(
        signUnsubscribeToken(secret, { userId: user.id, kind: 'messages', now: clock.now() }),
      )}`,
    );
    expect(page.statusCode).toBe(200);
    expect((await browser.get(URL_SETTINGS)).json().email).toEqual({ ...ALL_ON, comments: false, messages: false });
  });

  it('refuses forged, altered, foreign-key and expired tokens with 400 UNSUBSCRIBE_INVALID, changing nothing', async () => {
    const { browser, user } = await member(app, db, 'ou', 'Fay Forged');
    const other = await member(app, db, 'ou', 'Oli Other');
    const good = signUnsubscribeToken(secret, { userId: user.id, kind: 'saves', now: clock.now() });
    const [payload, mac] = good.split('.') as [string, string];
    const otherPayload = Buffer.from(`${other.user.id}\nsaves\n9999999999`).toString('base64url');
    const flipped = `${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    const expired = signUnsubscribeToken(secret, {
      userId: user.id,
      kind: 'saves',
      now: new Date(at - (UNSUBSCRIBE_TOKEN_DAYS + 1) * 86_400_000),
    });
    const tokens = [
      'nonsense',
      `${payload}.${flipped}`,
      `${otherPayload}.${mac}`,
      signUnsubscribeToken('another-secret-of-another-server-32-chars', {
        userId: user.id,
        kind: 'saves',
        now: clock.now(),
      }),
      `${Buffer.from(`${user.id}\npush\n9999999999`).toString('base64url')}.${mac}`,
      `${good}.extra`,
      expired,
      'a'.repeat(512),
    ];
    for (const token of tokens) {
      for (const res of [
        await oneClick(token),
        await new TestBrowser(app).get(`/api/unsubscribe?token=${encodeURIComponent(token)}`),
      ]) {
        expect([token.slice(0, 20), res.statusCode, res.json().code]).toEqual([
          token.slice(0, 20),
          400,
          'UNSUBSCRIBE_INVALID',
        ]);
      }
    }
    for (const url of [
      '/api/unsubscribe',
      `/api/unsubscribe?token=${'a'.repeat(513)}`,
      '/api/unsubscribe?token=a%00b',
      `/api/unsubscribe?token=${encodeURIComponent(good)}&token=${encodeURIComponent(good)}`,
    ]) {
      const res = await app.inject({ method: 'POST', url, headers: { host: 'ou.localhost:3000' } });
      expect([url.slice(0, 40), res.statusCode]).toEqual([url.slice(0, 40), 400]);
    }
    // A token whose member is gone.
    const ghost = signUnsubscribeToken(secret, { userId: 'no-such-user', kind: 'saves', now: clock.now() });
    expect((await oneClick(ghost)).statusCode).toBe(400);
    for (const who of [browser, other.browser]) {
      expect((await who.get(URL_SETTINGS)).json().email).toEqual(ALL_ON);
    }
    expect(
      await db
        .select()
        .from(notificationSettings)
        .where(and(eq(notificationSettings.userId, user.id))),
    ).toEqual([]);
  });
});

describe('notification emails follow the settings', () => {
  const deps = {
    db,
    config,
    secret,
    enqueue: app.mailer.enqueue.bind(app.mailer),
    kick: () => app.mailer.kick(),
  };
  const mailsTo = async (userId: string) => {
    const email = (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email ?? '';
    return (
      await db.execute<{ subject: string; text: string; headers: Record<string, string> | null }>(
        // Notification emails only (not the account's verification code).
        sql`SELECT subject, text, headers FROM mail_outbox WHERE to_address = ${email} AND headers IS NOT NULL ORDER BY created_at`,
      )
    ).rows;
  };

  it('one email per kind, each with its own one-click unsubscribe; a kind turned off sends nothing', async () => {
    const author = await member(app, db, 'ou', 'Ana Author');
    const fan = await member(app, db, 'ou', 'Fin Fan');
    const created = await createPostAs(author.browser, { plainText: 'Standing desk, adjustable', priceCents: 9000 });
    const postId = created.json().id as string;
    expect(
      (await createPostAs(fan.browser, { plainText: 'Is the height electric?', parentId: postId })).statusCode,
    ).toBe(201);
    expect((await fan.browser.post(`/api/posts/${postId}/like`)).statusCode).toBeLessThan(300);
    const chat = await openChatWith(fan.browser, author.user.id);
    expect((await sendMessageAs(fan.browser, chat.id, { plainText: 'Still available?' })).statusCode).toBe(201);
    await author.browser.request('PATCH', URL_SETTINGS, { email: { saves: false } });

    at += MAIL_QUIET_MS + 60_000;
    await mailDueNotifications(deps, clock.now());
    const mails = await mailsTo(author.user.id);
    // Comments and messages; the save's email is off.
    expect(mails.map((m) => m.subject).sort()).toEqual(
      ['1 new notification on OU Buy / Sell', 'Fin Fan sent you new messages'].sort(),
    );
    for (const mail of mails) {
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/ou\.localhost:\d+\/api\/unsubscribe\?token=.+>$/);
      expect(mail.text).toMatch(
        /Unsubscribe from emails about (comments and replies|messages): http:\/\/ou\.localhost/,
      );
    }
    // The comments email's link turns off comments only.
    const comments = mails.find((m) => m.text.includes('comments and replies'));
    const link = new URL((comments?.headers?.['List-Unsubscribe'] ?? '').slice(1, -1));
    expect((await oneClick(link.searchParams.get('token') ?? '')).json()).toEqual({ kind: 'comments' });
    expect((await author.browser.get(URL_SETTINGS)).json().email).toEqual({ ...ALL_ON, saves: false, comments: false });
  });

  it('the master switch off sends no notification email at all', async () => {
    const author = await member(app, db, 'ou', 'Mel Muted');
    const fan = await member(app, db, 'ou', 'Moe Muted');
    await author.browser.request('PATCH', URL_SETTINGS, { emailNotifications: false });
    const chat = await openChatWith(fan.browser, author.user.id);
    await sendMessageAs(fan.browser, chat.id, { plainText: 'Hello?' });
    at += MAIL_QUIET_MS + 60_000;
    await mailDueNotifications(deps, clock.now());
    expect(await mailsTo(author.user.id)).toEqual([]);
  });
});
