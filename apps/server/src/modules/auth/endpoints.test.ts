import { ACCOUNT_SAFETY_MESSAGES, AUTH_MESSAGES } from '@campus/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import {
  latestCode,
  latestMail,
  mailCount,
  TestBrowser,
  uniqueEmail,
  unverifiedUser,
  verifiedUser,
  wrongCode,
} from '../../../test/auth.ts';
import { completeProviderLogin, startOidcProvider } from '../../../test/oidc.ts';
import { member } from '../../../test/posts.ts';
import { accountCodeGuards, authVerifications, bannedEmails, sessions, users } from '../../db/schema/index.ts';

// Google is configured so that its sign-in and callback are in the cookie table below.
const oidc = await startOidcProvider({
  redirectUris: ['http://ou.localhost:3000/api/auth/callback/google'],
  accounts: [{ sub: 'g-cookie', email: 'cookie.google@example.com', name: 'Coo Kie' }],
});
afterAll(() => oidc.close());
const { app, db } = await createTestApp({
  GOOGLE_CLIENT_ID: oidc.clientId,
  GOOGLE_CLIENT_SECRET: oidc.clientSecret,
  GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
});

/** Endpoints better-auth mounts that the product does not use: all 404, on every campus. */
const REFUSED: Array<[method: 'GET' | 'POST', path: string, body?: Record<string, unknown>]> = [
  ['POST', '/api/auth/sign-in/email-otp', { otp: '1234' }],
  ['POST', '/api/auth/email-otp/request-password-reset'],
  ['POST', '/api/auth/forget-password/email-otp'],
  ['POST', '/api/auth/email-otp/reset-password', { otp: '1234', password: 'hijacked-1' }],
  ['POST', '/api/auth/email-otp/check-verification-otp', { otp: '1234', type: 'email-verification' }],
  ['POST', '/api/auth/email-otp/request-email-change', { newEmail: 'x@example.com' }],
  ['POST', '/api/auth/email-otp/change-email', { newEmail: 'x@example.com', otp: '1234' }],
  ['POST', '/api/auth/update-user', { image: 'javascript:alert(1)' }],
  ['POST', '/api/auth/change-email', { newEmail: 'x@example.com' }],
  ['POST', '/api/auth/delete-user'],
  ['GET', '/api/auth/delete-user/callback?token=x'],
  ['POST', '/api/auth/verify-password', { password: 'secret123' }],
  // Password change is PUT /api/me/password (the spec's messages, the lockout of decision 008).
  ['POST', '/api/auth/change-password', { currentPassword: 'secret123', newPassword: 'hijacked-1' }],
  ['GET', '/api/auth/verify-email?token=x'],
  ['POST', '/api/auth/send-verification-email'],
  ['POST', '/api/auth/update-session'],
  ['POST', '/api/auth/link-social', { provider: 'google' }],
  ['GET', '/api/auth/list-accounts'],
  ['POST', '/api/auth/unlink-account', { providerId: 'credential' }],
  ['POST', '/api/auth/refresh-token', { providerId: 'google' }],
  ['POST', '/api/auth/get-access-token', { providerId: 'google' }],
  ['GET', '/api/auth/account-info'],
  ['GET', '/api/auth/ok'],
  ['POST', '/api/auth/sign-in/oauth2', { providerId: 'google' }],
  ['POST', '/api/auth/oauth2/link', { providerId: 'google' }],
  ['GET', '/api/auth/oauth2/callback/google?code=x&state=y'],
  ['GET', '/api/auth/nonexistent'],
];

describe('only the endpoints the product uses exist (docs/decisions/008-account-hardening.md)', () => {
  it.each(['ou.localhost:3000', 'ut.localhost:3000'])('every other endpoint answers 404 on %s', async (host) => {
    const { browser, email, user } = await verifiedUser(app, db, { host });
    for (const [method, path, body] of REFUSED) {
      const res = method === 'GET' ? await browser.get(path) : await browser.post(path, { email, ...body });
      expect(`${method} ${path} ${res.statusCode}`).toBe(`${method} ${path} 404`);
    }
    // Nothing changed: no picture set, still signed in, the password still works.
    expect((await db.query.users.findFirst({ where: eq(users.id, user.id) }))?.img).toBeNull();
    expect((await browser.get('/api/me')).json().viewer.email).toBe(email);
    const fresh = new TestBrowser(app, host);
    expect((await fresh.post('/api/auth/sign-in/email', { email, password: 'hijacked-1' })).statusCode).toBe(401);
    expect((await fresh.post('/api/auth/sign-in/email', { email, password: 'secret123' })).statusCode).toBe(200);
  });

  it('no code password reset: even with a real code from the mail the password stays (UT)', async () => {
    const { email, password } = await verifiedUser(app, db, { host: 'ut.localhost:3000' });
    const attacker = new TestBrowser(app, 'ut.localhost:3000');
    const send = await attacker.post('/api/auth/email-otp/send-verification-otp', { email, type: 'forget-password' });
    expect(send.statusCode).toBe(400);
    expect(send.json().code).toBe('INVALID_OTP_TYPE');
    const signInCode = await attacker.post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });
    expect(signInCode.statusCode).toBe(400);
    // The only code that exists is the account's own verification code, and it resets nothing.
    const code = await latestCode(db, email);
    const reset = await attacker.post('/api/auth/email-otp/reset-password', {
      email,
      otp: code,
      password: 'hijack-99',
    });
    expect(reset.statusCode).toBe(404);
    const owner = new TestBrowser(app, 'ut.localhost:3000');
    expect((await owner.post('/api/auth/sign-in/email', { email, password })).statusCode).toBe(200);
    expect((await owner.post('/api/auth/sign-in/email', { email, password: 'hijack-99' })).statusCode).toBe(401);
  });

  it('the code mail says what the code is for, and that it signs nobody in', async () => {
    const browser = new TestBrowser(app);
    const email = uniqueEmail('purpose');
    await browser.post('/api/auth/sign-up/email', { name: 'Pur Pose', email, password: 'secret123' });
    await browser.post('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' });
    const mail = await latestMail(db, email);
    expect(mail?.text).toContain('to verify your email address');
    expect(mail?.text).toContain('does not sign you in or change your password');
  });

  it('the emailed sign-in link is redeemed on OU only', async () => {
    const ut = new TestBrowser(app, 'ut.localhost:3000');
    const res = await ut.get('/api/auth/magic-link/verify?token=abc&callbackURL=/home');
    expect(res.statusCode).toBe(403);
    expect((await ut.get('/api/auth/reset-password/abcdef?callbackURL=/reset-password')).statusCode).toBe(403);
  });
});

describe('sessions end when they should (docs/decisions/008-account-hardening.md)', () => {
  it('GET /api/auth/list-sessions never returns session tokens', async () => {
    const { browser, email, password } = await verifiedUser(app, db);
    await new TestBrowser(app).post('/api/auth/sign-in/email', { email, password });
    const res = await browser.get('/api/auth/list-sessions');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    expect(list.length).toBeGreaterThanOrEqual(2);
    for (const session of list) {
      expect(session.token).toBeUndefined();
      expect(session.id).toBeTypeOf('string');
    }
  });
});

const user = { name: 'Hos Tile', password: 'secret123' };
/** Hostile bodies and URLs sent to /api/auth/*: each gets a 4xx and stores nothing. */
const HOSTILE: Array<[label: string, method: 'GET' | 'POST', url: string, payload: () => string]> = [
  [
    '10,000-character name',
    'POST',
    '/api/auth/sign-up/email',
    () => JSON.stringify({ ...user, name: `Ann ${'a'.repeat(10_000)}`, email: uniqueEmail('long') }),
  ],
  [
    '61-character name',
    'POST',
    '/api/auth/sign-up/email',
    () => JSON.stringify({ ...user, name: `Ann ${'b'.repeat(57)}`, email: uniqueEmail('long') }),
  ],
  [
    'NUL in the name',
    'POST',
    '/api/auth/sign-up/email',
    () => JSON.stringify({ ...user, name: 'Ann\u0000 Lee', email: uniqueEmail('nul') }),
  ],
  [
    'NUL in the email',
    'POST',
    '/api/auth/sign-up/email',
    () => JSON.stringify({ ...user, email: `nul\u0000${uniqueEmail('x')}` }),
  ],
  [
    'NUL in the password',
    'POST',
    '/api/auth/sign-up/email',
    () => JSON.stringify({ ...user, password: 'sec\u0000ret123', email: uniqueEmail('nul') }),
  ],
  [
    'raw NUL byte',
    'POST',
    '/api/auth/sign-up/email',
    () => `{"name":"Ann Lee","email":"${uniqueEmail('raw')}","password":"secret123","x":"\u0000"}`,
  ],
  [
    'NUL in sign-in email',
    'POST',
    '/api/auth/sign-in/email',
    () => JSON.stringify({ email: 'a\u0000@example.com', password: 'secret123' }),
  ],
  [
    'NUL in the code',
    'POST',
    '/api/auth/email-otp/verify-email',
    () => JSON.stringify({ email: uniqueEmail('c'), otp: '12\u000034' }),
  ],
  [
    'NUL in the link email',
    'POST',
    '/api/auth/sign-in/magic-link',
    () => JSON.stringify({ email: `x\u0000${uniqueEmail('m')}` }),
  ],
  [
    'NUL in the reset token',
    'POST',
    '/api/auth/reset-password',
    () => JSON.stringify({ token: 'abc\u0000', newPassword: 'secret123' }),
  ],
  ['NUL in a query token', 'GET', '/api/auth/magic-link/verify?token=ab%00cd&callbackURL=/home', () => ''],
  ['NUL in a path token', 'GET', '/api/auth/reset-password/ab%00cd', () => ''],
  ['200,000-deep JSON', 'POST', '/api/auth/sign-up/email', () => `${'['.repeat(200_000)}${']'.repeat(200_000)}`],
  [
    'deep JSON in a field',
    'POST',
    '/api/auth/sign-in/email',
    () => `{"email":${'{"a":'.repeat(50)}1${'}'.repeat(50)},"password":"x"}`,
  ],
  [
    '100 KB body',
    'POST',
    '/api/auth/sign-up/email',
    () => JSON.stringify({ ...user, email: uniqueEmail('big'), pad: 'x'.repeat(100_000) }),
  ],
  ['invalid JSON', 'POST', '/api/auth/sign-in/email', () => '{"email":'],
  [
    'email as an object',
    'POST',
    '/api/auth/sign-in/email',
    () => JSON.stringify({ email: { $ne: '' }, password: 'x' }),
  ],
  [
    'missing email',
    'POST',
    '/api/auth/email-otp/send-verification-otp',
    () => JSON.stringify({ type: 'email-verification' }),
  ],
];

describe('hostile input to /api/auth/* gets a 4xx and stores nothing (docs/security.md#hostile-input)', () => {
  it.each(HOSTILE)('%s', async (_label, method, url, payload) => {
    const usersBefore = (await db.select({ id: users.id }).from(users)).length;
    const verificationsBefore = (await db.select({ id: authVerifications.id }).from(authVerifications)).length;
    const browser = new TestBrowser(app);
    const body = payload();
    const res =
      method === 'GET'
        ? await browser.get(url)
        : await browser.send('POST', url, Buffer.from(body), 'application/json');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect((await db.select({ id: users.id }).from(users)).length).toBe(usersBefore);
    expect((await db.select({ id: authVerifications.id }).from(authVerifications)).length).toBe(verificationsBefore);
    expect(res.cookies.some((c) => c.name.includes('session_token') && c.value !== '')).toBe(false);
  });

  it('a hostile request mails nothing', async () => {
    const email = uniqueEmail('nomail');
    const browser = new TestBrowser(app);
    await browser.send(
      'POST',
      '/api/auth/sign-in/magic-link',
      Buffer.from(JSON.stringify({ email, name: `Ann ${'a'.repeat(10_000)}` })),
      'application/json',
    );
    expect(await mailCount(db, email)).toBe(0);
  });
});

const SESSION_COOKIE = 'campus.session_token';
const LINK_COOKIE = 'campus.link_binding';
const OU = 'ou.localhost:3000';

/** What an answer does to the browser's session cookie. */
function sessionCookieEffect(res: LightMyRequestResponse): 'signs in' | 'signs out' | 'none' {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) return 'none';
  return cookie.value !== '' && (cookie.maxAge ?? 1) > 0 ? 'signs in' : 'signs out';
}

/** The other cookies an answer sets, by name. */
const otherCookies = (res: LightMyRequestResponse) =>
  res.cookies
    .map((c) => c.name)
    .filter((name) => name !== SESSION_COOKIE)
    .sort();

/** How many sessions the account of `email` has. */
async function sessionsOf(email: string): Promise<number> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(users.email, email));
  return rows.length;
}

const isVerified = async (email: string) =>
  (await db.query.users.findFirst({ where: eq(users.email, email) }))?.verified;

/** The sign-in link mailed last to `email`, and its token. */
async function mailedLink(email: string) {
  const link = new URL((await latestMail(db, email))?.text.match(/https?:\/\/\S+/)?.[0] ?? '');
  return { link, token: link.searchParams.get('token') ?? '' };
}
const redeemUrl = (token: string, extra = '') =>
  `/api/auth/magic-link/verify?token=${encodeURIComponent(token)}&callbackURL=/home${extra}`;

/** The reset link's token mailed to `email` (OU). */
async function resetToken(email: string): Promise<string> {
  const request = await new TestBrowser(app).post('/api/auth/request-password-reset', {
    email,
    redirectTo: '/reset-password',
  });
  if (request.statusCode !== 200) throw new Error(`reset not sent: ${request.body}`);
  const link = (await latestMail(db, email))?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
  return new URL(link).pathname.split('/').pop() ?? '';
}

/** A verified account signed in on two browsers (the sign-up's and a second one). */
async function twoSessions() {
  const account = await verifiedUser(app, db);
  const second = new TestBrowser(app);
  await second.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
  return { ...account, second };
}

/** Google's sign-in as far as the redirect back to the app (the callback's URL). */
async function googleCallbackUrl(browser: TestBrowser): Promise<string> {
  const start = await browser.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/home' });
  const back = new URL(await completeProviderLogin(start.json().url, 'g-cookie'));
  return `${back.pathname}${back.search}`;
}

/** Signing out clears better-auth's session cache and 'remember me' cookies with the session's. */
const CLEARED_WITH_SESSION = ['campus.dont_remember', 'campus.session_data'];

interface CookieCase {
  endpoint: string;
  when: string;
  /** Makes the state the call needs; returns the account to count sessions of, and the call. */
  arrange: () => Promise<{ email: string; act: () => Promise<LightMyRequestResponse> }>;
  status: number;
  session: 'signs in' | 'signs out' | 'none';
  /** Change in the account's session rows. */
  sessions: number;
  /** Cookies other than the session's that the answer sets. */
  others?: string[];
}

/**
 * Every allowed /api/auth endpoint, and when it may set the session cookie (docs/security.md
 * 'Accounts and sessions'): only password sign-up and sign-in, a sign-in link redeemed in the
 * browser that asked for it, and Google's callback start a session. A code never does.
 */
const COOKIE_CASES: CookieCase[] = [
  {
    endpoint: 'POST /sign-up/email',
    when: 'a new address',
    arrange: async () => {
      const email = uniqueEmail('cookie-new');
      return {
        email,
        act: () =>
          new TestBrowser(app).post('/api/auth/sign-up/email', { name: 'New Comer', email, password: 'secret123' }),
      };
    },
    status: 200,
    session: 'signs in',
    sessions: 1,
  },
  {
    endpoint: 'POST /sign-up/email',
    when: 'an address already taken',
    arrange: async () => {
      const { email } = await verifiedUser(app, db);
      return {
        email,
        act: () =>
          new TestBrowser(app).post('/api/auth/sign-up/email', { name: 'Copy Cat', email, password: 'other-pass1' }),
      };
    },
    status: 422,
    session: 'none',
    sessions: 0,
  },
  {
    endpoint: 'POST /sign-in/email',
    when: 'the right password',
    arrange: async () => {
      const { email, password } = await verifiedUser(app, db);
      return { email, act: () => new TestBrowser(app).post('/api/auth/sign-in/email', { email, password }) };
    },
    status: 200,
    session: 'signs in',
    sessions: 1,
  },
  {
    endpoint: 'POST /sign-in/email',
    when: 'a wrong password',
    arrange: async () => {
      const { email } = await verifiedUser(app, db);
      return {
        email,
        act: () => new TestBrowser(app).post('/api/auth/sign-in/email', { email, password: 'wrong-one1' }),
      };
    },
    status: 401,
    session: 'none',
    sessions: 0,
  },
  {
    endpoint: 'POST /sign-out',
    when: 'signed in',
    arrange: async () => {
      const { browser, email } = await verifiedUser(app, db);
      return { email, act: () => browser.post('/api/auth/sign-out') };
    },
    status: 200,
    session: 'signs out',
    sessions: -1,
    others: CLEARED_WITH_SESSION,
  },
  {
    endpoint: 'GET /get-session',
    when: 'signed in',
    arrange: async () => {
      const { browser, email } = await verifiedUser(app, db);
      return { email, act: () => browser.get('/api/auth/get-session') };
    },
    status: 200,
    session: 'none',
    sessions: 0,
  },
  {
    endpoint: 'GET /get-session',
    when: 'a session last refreshed over a day ago (its cookie renewed, no new session)',
    arrange: async () => {
      const { browser, email, user } = await verifiedUser(app, db);
      // better-auth reads a session's age from its expiry (30 days after its last refresh).
      const refreshedDayAndMoreAgo = new Date(Date.now() + (30 * 24 - 25) * 60 * 60 * 1000);
      await db.update(sessions).set({ expiresAt: refreshedDayAndMoreAgo }).where(eq(sessions.userId, user.id));
      return { email, act: () => browser.get('/api/auth/get-session') };
    },
    status: 200,
    session: 'signs in',
    sessions: 0,
  },
  {
    endpoint: 'GET /list-sessions',
    when: 'signed in',
    arrange: async () => {
      const { browser, email } = await verifiedUser(app, db);
      return { email, act: () => browser.get('/api/auth/list-sessions') };
    },
    status: 200,
    session: 'none',
    sessions: 0,
  },
  {
    endpoint: 'POST /revoke-session',
    when: "the caller's own session",
    arrange: async () => {
      const { browser, email, user } = await verifiedUser(app, db);
      const [own] = await db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, user.id));
      return { email, act: () => browser.post('/api/auth/revoke-session', { token: own?.token }) };
    },
    status: 200,
    session: 'signs out',
    sessions: -1,
    others: CLEARED_WITH_SESSION,
  },
  {
    endpoint: 'POST /revoke-sessions',
    when: 'signed in on two browsers',
    arrange: async () => {
      const { browser, email } = await twoSessions();
      return { email, act: () => browser.post('/api/auth/revoke-sessions') };
    },
    status: 200,
    session: 'signs out',
    sessions: -2,
    others: CLEARED_WITH_SESSION,
  },
  {
    endpoint: 'POST /revoke-other-sessions',
    when: 'signed in on two browsers',
    arrange: async () => {
      const { browser, email } = await twoSessions();
      return { email, act: () => browser.post('/api/auth/revoke-other-sessions') };
    },
    status: 200,
    session: 'none',
    sessions: -1,
  },
  {
    endpoint: 'POST /request-password-reset',
    when: 'a known address (OU)',
    arrange: async () => {
      const { email } = await verifiedUser(app, db);
      return { email, act: () => new TestBrowser(app).post('/api/auth/request-password-reset', { email }) };
    },
    status: 200,
    session: 'none',
    sessions: 0,
  },
  {
    endpoint: 'GET /reset-password/:token',
    when: 'the mailed link',
    arrange: async () => {
      const { email } = await verifiedUser(app, db);
      const token = await resetToken(email);
      return {
        email,
        act: () => new TestBrowser(app).get(`/api/auth/reset-password/${token}?callbackURL=/reset-password`),
      };
    },
    status: 302,
    session: 'none',
    sessions: 0,
  },
  {
    endpoint: 'POST /reset-password',
    when: 'the mailed token, signed in on two browsers',
    arrange: async () => {
      const { email } = await twoSessions();
      const token = await resetToken(email);
      return {
        email,
        act: () => new TestBrowser(app).post('/api/auth/reset-password', { token, newPassword: 'brand-new-2' }),
      };
    },
    status: 200,
    session: 'none',
    sessions: -2,
  },
  {
    endpoint: 'POST /email-otp/send-verification-otp',
    when: 'the signed-in unverified owner',
    arrange: async () => {
      const { browser, email } = await unverifiedUser(app, db);
      return {
        email,
        act: () => browser.post('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' }),
      };
    },
    status: 200,
    session: 'none',
    sessions: 0,
  },
  {
    endpoint: 'POST /email-otp/verify-email',
    when: 'the signed-in unverified owner (verified; the session goes on)',
    arrange: async () => {
      const { browser, email } = await unverifiedUser(app, db);
      await browser.post('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' });
      const otp = await latestCode(db, email);
      return { email, act: () => browser.post('/api/auth/email-otp/verify-email', { email, otp }) };
    },
    status: 200,
    session: 'none',
    sessions: 0,
  },
  {
    endpoint: 'POST /email-otp/verify-email',
    when: 'anonymous, an unverified account (verified, nobody signed in)',
    arrange: async () => {
      const { browser, email } = await unverifiedUser(app, db);
      await browser.post('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' });
      const otp = await latestCode(db, email);
      return { email, act: () => new TestBrowser(app).post('/api/auth/email-otp/verify-email', { email, otp }) };
    },
    status: 200,
    session: 'none',
    sessions: 0,
  },
  {
    endpoint: 'POST /email-otp/verify-email',
    when: 'anonymous, a verified account, with a code mailed before it was verified',
    arrange: async () => {
      const { browser, email } = await unverifiedUser(app, db);
      await browser.post('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' });
      const otp = await latestCode(db, email);
      await db.update(users).set({ verified: true }).where(eq(users.email, email));
      return { email, act: () => new TestBrowser(app).post('/api/auth/email-otp/verify-email', { email, otp }) };
    },
    status: 400,
    session: 'none',
    sessions: 0,
  },
  {
    endpoint: 'POST /sign-in/magic-link',
    when: 'a known address (OU)',
    arrange: async () => {
      const { email } = await verifiedUser(app, db);
      return { email, act: () => new TestBrowser(app).post('/api/auth/sign-in/magic-link', { email }) };
    },
    status: 200,
    session: 'none',
    sessions: 0,
    others: [LINK_COOKIE],
  },
  {
    endpoint: 'GET /magic-link/verify',
    when: 'the browser that asked for the link',
    arrange: async () => {
      const { email } = await verifiedUser(app, db);
      const asker = new TestBrowser(app);
      await asker.post('/api/auth/sign-in/magic-link', { email });
      const { token } = await mailedLink(email);
      return { email, act: () => asker.get(redeemUrl(token)) };
    },
    status: 302,
    session: 'signs in',
    sessions: 1,
    others: [LINK_COOKIE], // the spent binding is cleared
  },
  {
    endpoint: 'GET /magic-link/verify',
    when: 'a browser that did not ask for the link',
    arrange: async () => {
      const { email } = await verifiedUser(app, db);
      await new TestBrowser(app).post('/api/auth/sign-in/magic-link', { email });
      const { token } = await mailedLink(email);
      return { email, act: () => new TestBrowser(app).get(redeemUrl(token)) };
    },
    status: 302,
    session: 'none',
    sessions: 0,
  },
  {
    endpoint: 'POST /sign-in/social',
    when: 'Google',
    arrange: async () => ({
      email: 'cookie.google@example.com',
      act: () => new TestBrowser(app).post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/home' }),
    }),
    status: 200,
    session: 'none',
    sessions: 0,
    others: ['campus.state'],
  },
  {
    endpoint: 'GET /callback/google',
    when: "the provider's answer",
    arrange: async () => {
      const browser = new TestBrowser(app);
      const url = await googleCallbackUrl(browser);
      return { email: 'cookie.google@example.com', act: () => browser.get(url) };
    },
    status: 302,
    session: 'signs in',
    sessions: 1,
    others: ['campus.state'],
  },
  {
    endpoint: 'GET /error',
    when: 'anyone',
    arrange: async () => ({
      email: 'nobody@example.com',
      act: () => new TestBrowser(app).get('/api/auth/error?error=x'),
    }),
    status: 200,
    session: 'none',
    sessions: 0,
  },
];

describe('which auth endpoint may set the session cookie', () => {
  it.each(COOKIE_CASES)('$endpoint, $when: $status, session cookie $session', async (c) => {
    const { email, act } = await c.arrange();
    const before = await sessionsOf(email);
    const res = await act();
    expect(res.statusCode).toBe(c.status);
    expect(sessionCookieEffect(res)).toBe(c.session);
    expect(await sessionsOf(email)).toBe(before + c.sessions);
    expect(otherCookies(res)).toEqual(c.others ?? []);
    // No answer hands a session token to page scripts.
    expect(JSON.stringify(res.body)).not.toMatch(/"token":"[A-Za-z0-9]{32}"/);
  });
});

/** Rows a refused code request or check could have written. */
async function codeRows(email: string) {
  const codes = await db
    .select({ id: authVerifications.id })
    .from(authVerifications)
    .where(eq(authVerifications.identifier, `email-verification-otp-${email}`));
  const guards = await db.select().from(accountCodeGuards).where(eq(accountCodeGuards.email, email));
  return { codes: codes.length, guards };
}

describe('the email verification code never signs anyone in (security issue, critical)', () => {
  it("a stranger cannot get a verified account's code, nor a session from a code; nothing is mailed or stored", async () => {
    const victim = await verifiedUser(app, db);
    expect(await sessionsOf(victim.email)).toBe(1);
    const mailsBefore = await mailCount(db, victim.email);
    const rowsBefore = await codeRows(victim.email);
    const attacker = new TestBrowser(app, 'ut.localhost:3000');

    // Asking: the answer an unknown address gets, and no mail, code or counter.
    const send = await attacker.post('/api/auth/email-otp/send-verification-otp', {
      email: victim.email,
      type: 'email-verification',
    });
    expect(send.statusCode).toBe(200);
    expect(send.json()).toEqual({ success: true });
    const unknown = await attacker.post('/api/auth/email-otp/send-verification-otp', {
      email: uniqueEmail('ghost'),
      type: 'email-verification',
    });
    expect(unknown.json()).toEqual(send.json());
    expect(await mailCount(db, victim.email)).toBe(mailsBefore);
    expect(await codeRows(victim.email)).toEqual(rowsBefore);

    // Checking any code: refused like a wrong code, no cookie, no session, no counter.
    for (const otp of ['1234', '9876']) {
      const verify = await attacker.post('/api/auth/email-otp/verify-email', { email: victim.email, otp });
      expect(verify.statusCode).toBe(400);
      expect(verify.json()).toEqual({ code: 'INVALID_OTP', message: 'Invalid OTP' });
      expect(verify.cookies).toEqual([]);
    }
    expect(await sessionsOf(victim.email)).toBe(1);
    expect(await codeRows(victim.email)).toEqual(rowsBefore);
    expect((await attacker.get('/api/me')).json().viewer).toBeNull();
  });

  it('a code still valid from before the account was verified another way opens nothing', async () => {
    const { browser, email } = await unverifiedUser(app, db);
    await browser.post('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' });
    const otp = await latestCode(db, email);
    // Verified meanwhile (an emailed link or Google verifies too); the code row is still there.
    await db.update(users).set({ verified: true }).where(eq(users.email, email));
    const stranger = new TestBrowser(app);
    const verify = await stranger.post('/api/auth/email-otp/verify-email', { email, otp });
    expect(verify.statusCode).toBe(400);
    expect(verify.cookies).toEqual([]);
    expect(await sessionsOf(email)).toBe(1);
    expect((await stranger.get('/api/me')).json().viewer).toBeNull();
    // Even the signed-in owner gets no second session out of it.
    const own = await browser.post('/api/auth/email-otp/verify-email', { email, otp });
    expect(own.statusCode).toBe(400);
    expect(await sessionsOf(email)).toBe(1);
  });

  it('/verify as the web uses it: the signed-in owner is verified in the same session, and the answer holds no user', async () => {
    const { browser, email, user } = await unverifiedUser(app, db);
    const [session] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    await browser.post('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' });
    const wrong = await browser.post('/api/auth/email-otp/verify-email', {
      email,
      otp: wrongCode(await latestCode(db, email)),
    });
    expect(wrong.json().code).toBe('INVALID_OTP');
    const right = await browser.post('/api/auth/email-otp/verify-email', { email, otp: await latestCode(db, email) });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ status: true });
    expect(right.cookies).toEqual([]);
    expect(await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).toEqual([session]);
    expect((await browser.get('/api/me')).json().viewer).toMatchObject({ email, verified: true });
    // Verified now: no further code is mailed.
    const mails = await mailCount(db, email);
    await browser.post('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' });
    expect(await mailCount(db, email)).toBe(mails);
  });

  it('someone else holding the code of an unverified account verifies it, and is signed in to nothing', async () => {
    const { browser, email } = await unverifiedUser(app, db);
    await browser.post('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' });
    const other = await verifiedUser(app, db);
    const verify = await other.browser.post('/api/auth/email-otp/verify-email', {
      email,
      otp: await latestCode(db, email),
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.cookies).toEqual([]);
    expect(await isVerified(email)).toBe(true);
    expect(await sessionsOf(email)).toBe(1);
    expect((await other.browser.get('/api/me')).json().viewer.email).toBe(other.email);
  });
});

describe("a banned account's remaining session gets nothing from /api/auth", () => {
  it('get-session, list-sessions and revoke-* answer as to a visitor, and change nothing', async () => {
    const { browser, email, user } = await twoSessions();
    // Banned with its session rows left in place (a ban written straight into the table).
    await db.insert(bannedEmails).values({ email });
    const rows = async () =>
      (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).length;
    expect(await rows()).toBe(2);

    const session = await browser.get('/api/auth/get-session');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toBeNull();
    const list = await browser.get('/api/auth/list-sessions');
    expect(list.statusCode).toBe(401);
    expect(list.body).not.toContain(user.id);
    const [own] = await db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, user.id));
    for (const [path, body] of [
      ['/api/auth/revoke-session', { token: own?.token }],
      ['/api/auth/revoke-sessions', {}],
      ['/api/auth/revoke-other-sessions', {}],
    ] as const) {
      const res = await browser.post(path, body);
      expect(`${path} ${res.statusCode}`).toBe(`${path} 401`);
      expect(res.body).not.toContain(email);
    }
    for (const res of [session, list]) expect(sessionCookieEffect(res)).toBe('none');
    expect(await rows()).toBe(2);
    expect((await browser.get('/api/me')).json().viewer).toBeNull();
  });

  it("the same calls still answer an unbanned member's session", async () => {
    const { browser, email } = await verifiedUser(app, db);
    expect((await browser.get('/api/auth/get-session')).json().user.email).toBe(email);
    expect((await browser.get('/api/auth/list-sessions')).statusCode).toBe(200);
  });
});

describe('an emailed sign-in link works only in the browser that asked for it (login CSRF)', () => {
  it("a link asked for by someone else, opened in this browser, is refused and signs nobody in; the asker's browser still can", async () => {
    const attacker = new TestBrowser(app, OU);
    const attackerEmail = uniqueEmail('csrf-attacker');
    const asked = await attacker.post('/api/auth/sign-in/magic-link', { email: attackerEmail, name: 'Eve Attacker' });
    expect(asked.statusCode).toBe(200);
    const binding = asked.cookies.find((c) => c.name === LINK_COOKIE);
    expect(binding).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth', maxAge: 3600 });
    const { token } = await mailedLink(attackerEmail);
    expect(binding?.value).not.toContain(token);

    const victim = new TestBrowser(app, OU);
    const opened = await victim.get(redeemUrl(token, '&errorCallbackURL=%2Flogin%3Fredirect%3Dtrue'));
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('http://ou.localhost:3000/login?redirect=true&error=LINK_FROM_OTHER_BROWSER');
    expect(opened.cookies).toEqual([]);
    expect((await victim.get('/api/me')).json().viewer).toBeNull();
    // The link made no account and no session; the token was not spent.
    expect(await db.query.users.findFirst({ where: eq(users.email, attackerEmail) })).toBeUndefined();
    const redeemed = await attacker.get(redeemUrl(token));
    expect(sessionCookieEffect(redeemed)).toBe('signs in');
    expect((await attacker.get('/api/me')).json().viewer.email).toBe(attackerEmail);
    expect(ACCOUNT_SAFETY_MESSAGES.linkFromOtherBrowser).toBe('Open the link in the same browser you asked for it in.');
  });

  it("another browser's binding, a forged one, the token itself or none opens nothing; no error address leads off the site", async () => {
    const { email } = await verifiedUser(app, db);
    const asker = new TestBrowser(app, OU);
    await asker.post('/api/auth/sign-in/magic-link', { email });
    const { token } = await mailedLink(email);
    const other = new TestBrowser(app, OU);
    await other.post('/api/auth/sign-in/magic-link', { email: uniqueEmail('other-asker') });
    const attempts = [
      { cookie: other.cookieHeader(), errorCallbackURL: 'https://evil.example/phish' },
      { cookie: `${LINK_COOKIE}=${'A'.repeat(43)}`, errorCallbackURL: '//evil.example' },
      { cookie: `${LINK_COOKIE}=${token}`, errorCallbackURL: '/.//evil.example/x' },
      { cookie: '', errorCallbackURL: '/\\evil.example' },
    ];
    for (const { cookie, errorCallbackURL } of attempts) {
      const res = await app.inject({
        method: 'GET',
        url: redeemUrl(token, `&errorCallbackURL=${encodeURIComponent(errorCallbackURL)}`),
        remoteAddress: '10.250.0.1',
        headers: { host: OU, cookie },
      });
      expect(res.statusCode).toBe(302);
      // Absolute on this site: even '/.//evil.example/x' stays a path of ou.localhost.
      const location = new URL(String(res.headers.location));
      expect(location.origin).toBe('http://ou.localhost:3000');
      expect(location.searchParams.get('error')).toBe('LINK_FROM_OTHER_BROWSER');
      expect(sessionCookieEffect(res)).toBe('none');
    }
    expect(await sessionsOf(email)).toBe(1);
    expect(sessionCookieEffect(await asker.get(redeemUrl(token)))).toBe('signs in');
  });

  it("'Resend Email': each link asked for in this browser works here", async () => {
    const email = uniqueEmail('resend');
    const browser = new TestBrowser(app, OU);
    await browser.post('/api/auth/sign-in/magic-link', { email, name: 'Re Send' });
    const first = await mailedLink(email);
    await browser.post('/api/auth/sign-in/magic-link', { email, name: 'Re Send' });
    const second = await mailedLink(email);
    expect(second.token).not.toBe(first.token);
    // The first mail's link, opened after the second was asked for, signs in.
    expect(sessionCookieEffect(await browser.get(redeemUrl(first.token)))).toBe('signs in');
    expect((await browser.get('/api/me')).json().viewer.email).toBe(email);
  });

  it("'Claim this account': the link works in the claiming browser only", async () => {
    const target = await member(app, db, 'ou', 'Cla Imed');
    await db.update(users).set({ verified: false }).where(eq(users.id, target.user.id));
    const targetEmail = (await db.query.users.findFirst({ where: eq(users.id, target.user.id) }))?.email ?? '';
    const username = (await db.query.users.findFirst({ where: eq(users.id, target.user.id) }))?.username;
    const claimer = (await member(app, db, 'ou', 'Clay Mer')).browser;

    const claim = await claimer.post(`/api/profiles/${username}/claim`);
    expect(claim.statusCode).toBe(200);
    expect(claim.cookies.map((c) => c.name)).toEqual([LINK_COOKIE]);
    const { token } = await mailedLink(targetEmail);

    const elsewhere = new TestBrowser(app, OU);
    const refused = await elsewhere.get(redeemUrl(token));
    expect(refused.headers.location).toContain('error=LINK_FROM_OTHER_BROWSER');
    expect(sessionCookieEffect(refused)).toBe('none');
    expect(sessionCookieEffect(await claimer.get(redeemUrl(token)))).toBe('signs in');
    expect((await claimer.get('/api/me')).json().viewer).toMatchObject({ id: target.user.id, verified: true });
  });
});

describe('sign-up with a taken address', () => {
  it("says only the spec's words, under our code, and stores nothing", async () => {
    const { email } = await verifiedUser(app, db);
    const before = await db.$count(users);
    const res = await new TestBrowser(app).post('/api/auth/sign-up/email', {
      name: 'Copy Cat',
      email: email.toUpperCase(),
      password: 'other-pass1',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'EMAIL_IN_USE', message: AUTH_MESSAGES.emailInUse });
    expect(res.body).not.toMatch(/USER_ALREADY_EXISTS|already exists/i);
    expect(await db.$count(users)).toBe(before);
    expect(await sessionsOf(email)).toBe(1);
  });
});

describe('links in mails name the campus site, never a Host header it does not know', () => {
  it.each(['evil.example', 'ou.campusbuysell.app.evil.example', 'evil.example:3000'])(
    'a sign-in link, a reset link and a code mail asked for with Host %s lead to the OU site',
    async (host) => {
      const attacker = new TestBrowser(app, host);
      const linkFor = uniqueEmail('linked');
      expect((await attacker.post('/api/auth/sign-in/magic-link', { email: linkFor })).statusCode).toBe(200);
      const { email: resetFor } = await verifiedUser(app, db);
      expect(
        (await attacker.post('/api/auth/request-password-reset', { email: resetFor, redirectTo: '/reset-password' }))
          .statusCode,
      ).toBe(200);
      const { email: codeFor } = await unverifiedUser(app, db);
      expect(
        (
          await attacker.post('/api/auth/email-otp/send-verification-otp', {
            email: codeFor,
            type: 'email-verification',
          })
        ).statusCode,
      ).toBe(200);
      for (const email of [linkFor, resetFor, codeFor]) {
        const mail = await latestMail(db, email);
        expect(mail?.text).toContain('https://ou.campusbuysell.app');
        expect(`${mail?.text} ${mail?.html}`).not.toContain('evil.example');
      }
    },
  );
});
