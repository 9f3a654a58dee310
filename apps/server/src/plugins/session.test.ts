import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { TestBrowser, verifiedUser } from '../../test/auth.ts';
import { AppError } from '../lib/errors.ts';
import { banAccount } from '../modules/auth/account-safety.service.ts';
import {
  requireSchoolVerifiedUser,
  requireUser,
  requireVerifiedUser,
  type SessionUser,
  verifiedSessionToken,
} from './session.ts';

const requestAs = (user: SessionUser | null, suspendedUntil?: Date) =>
  ({
    sessionUser: async () => user,
    suspendedSession: () => (suspendedUntil ? { userId: 'u-suspended', until: suspendedUntil } : null),
    campus: { slug: 'ou' },
  }) as unknown as FastifyRequest;
const user = (state: Partial<SessionUser>): SessionUser => ({
  id: 'u1',
  email: 'u1@example.com',
  verified: false,
  schoolVerified: false,
  campusId: null,
  ...state,
});

async function codeOf(guard: (r: FastifyRequest) => Promise<SessionUser>, who: SessionUser | null) {
  try {
    await guard(requestAs(who));
    return 'ALLOWED';
  } catch (error) {
    return error instanceof AppError ? `${error.statusCode} ${error.code}` : 'CRASH';
  }
}

describe('guards: nobody passes without the state the route requires', () => {
  const visitor = null;
  const unverified = user({});
  const verified = user({ verified: true });
  const member = user({ verified: true, schoolVerified: true, campusId: 'c1' });

  it.each([
    ['requireUser', requireUser, ['401 UNAUTHENTICATED', 'ALLOWED', 'ALLOWED', 'ALLOWED']],
    [
      'requireVerifiedUser',
      requireVerifiedUser,
      ['401 UNAUTHENTICATED', '403 EMAIL_NOT_VERIFIED', 'ALLOWED', 'ALLOWED'],
    ],
    [
      'requireSchoolVerifiedUser',
      requireSchoolVerifiedUser,
      ['401 UNAUTHENTICATED', '403 EMAIL_NOT_VERIFIED', '403 SCHOOL_NOT_VERIFIED', 'ALLOWED'],
    ],
  ] as const)('%s', async (_name, guard, expected) => {
    const results = [];
    for (const who of [visitor, unverified, verified, member]) results.push(await codeOf(guard, who));
    expect(results).toEqual(expected);
  });

  it('a suspended member’s session gets 403 ACCOUNT_SUSPENDED from every guard, not a sign-in prompt', async () => {
    const until = new Date(Date.now() + 86_400_000);
    for (const guard of [requireUser, requireVerifiedUser, requireSchoolVerifiedUser]) {
      await expect(guard(requestAs(null, until))).rejects.toMatchObject({ statusCode: 403, code: 'ACCOUNT_SUSPENDED' });
    }
  });
});

describe('the session cookie', () => {
  const secret = 'x'.repeat(32);
  const sign = (token: string) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

  it('is accepted only with its signature, and only a well-formed token is looked up', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    expect(verifiedSessionToken(sign(token), secret)).toBe(token);
    expect(verifiedSessionToken(sign(token), 'y'.repeat(32))).toBeNull();
    expect(verifiedSessionToken(`${token}.AAAA`, secret)).toBeNull();
    expect(verifiedSessionToken(sign('abc\u0000def-ghijklmnopqrstu'), secret)).toBeNull();
    expect(verifiedSessionToken(sign("x' OR 1=1 --aaaaaaaaaaaa"), secret)).toBeNull();
    expect(verifiedSessionToken(token, secret)).toBeNull();
    expect(verifiedSessionToken(undefined, secret)).toBeNull();
  });
});

describe('sessions end when they should (docs/decisions/008-account-hardening.md)', async () => {
  const { app, db } = await createTestApp();

  it('a copied cookie is refused right after sign-out', async () => {
    const { browser } = await verifiedUser(app, db);
    const thief = browser.copy();
    expect((await thief.get('/api/me')).json().viewer).not.toBeNull();
    expect((await browser.post('/api/auth/sign-out')).statusCode).toBe(200);
    expect((await thief.get('/api/me')).json().viewer).toBeNull();
    expect((await thief.get('/api/auth/get-session')).json()).toBeNull();
  });

  it('a password change ends every other session; this one goes on', async () => {
    const { browser, email, password } = await verifiedUser(app, db);
    const laptop = new TestBrowser(app);
    expect((await laptop.post('/api/auth/sign-in/email', { email, password })).statusCode).toBe(200);
    const change = await browser.request('PUT', '/api/me/password', {
      currentPassword: password,
      newPassword: 'brand-new-2',
      repeatPassword: 'brand-new-2',
    });
    expect(change.statusCode).toBe(204);
    expect((await laptop.get('/api/me')).json().viewer).toBeNull();
    expect((await browser.get('/api/me')).json().viewer?.email).toBe(email);
  });

  it("a banned account's existing session is refused on /api/me at once", async () => {
    const { browser, email } = await verifiedUser(app, db);
    await banAccount(db, email);
    const me = await browser.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().viewer).toBeNull();
  });

  it('a tampered or NUL-laden cookie is a visitor, never a 5xx', async () => {
    for (const value of ['abc\u0000', 'a'.repeat(5000), '%00.%00', 'x.y.z']) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { host: 'ou.localhost:3000', cookie: `campus.session_token=${encodeURIComponent(value)}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().viewer).toBeNull();
    }
  });
});
