import { AUTH_MESSAGES } from '@campus/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { TestBrowser } from '../../../test/auth.ts';
import { completeProviderLogin, startOidcProvider } from '../../../test/oidc.ts';
import { bannedEmails, users } from '../../db/schema/index.ts';
import { banAccount } from './account-safety.service.ts';

const accounts = [
  { sub: 'g-100', email: 'riley.google@example.com', name: 'Riley Quinn' },
  { sub: 'g-200', email: 'banned.google@example.com', name: 'Banned Person' },
];
const oidc = await startOidcProvider({
  redirectUris: ['http://ou.localhost:3000/api/auth/callback/google'],
  accounts,
});
afterAll(() => oidc.close());

const { app, db } = await createTestApp({
  GOOGLE_CLIENT_ID: oidc.clientId,
  GOOGLE_CLIENT_SECRET: oidc.clientSecret,
  GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
});

async function signInWithGoogle(browser: TestBrowser, accountId: string) {
  const start = await browser.post('/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: '/home',
    errorCallbackURL: '/login',
  });
  expect(start.statusCode).toBe(200);
  const back = new URL(await completeProviderLogin(start.json().url, accountId));
  expect(back.host).toBe('ou.localhost:3000');
  return browser.get(`${back.pathname}${back.search}`);
}

describe('Google sign-in through OpenID discovery', () => {
  it('is offered when configured', async () => {
    const campus = (await new TestBrowser(app).get('/api/campus')).json();
    expect(campus.signIn.google).toBe(true);
  });

  it('creates a verified account with names from the profile and signs the user in', async () => {
    const browser = new TestBrowser(app);
    const callback = await signInWithGoogle(browser, 'g-100');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/home');
    const viewer = (await browser.get('/api/me')).json().viewer;
    expect(viewer).toMatchObject({
      email: 'riley.google@example.com',
      firstName: 'Riley',
      lastName: 'Quinn',
      username: 'rileyquinn',
      verified: true,
    });
  });

  it('refuses a banned email and creates no account', async () => {
    await db.insert(bannedEmails).values({ email: 'banned.google@example.com' });
    const browser = new TestBrowser(app);
    const callback = await signInWithGoogle(browser, 'g-200');
    expect(callback.statusCode).toBe(302);
    const location = new URL(callback.headers.location as string, 'http://ou.localhost:3000');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('ACCOUNT_BANNED');
    expect((await browser.get('/api/me')).json().viewer).toBeNull();
    expect(await db.query.users.findFirst({ where: eq(users.email, 'banned.google@example.com') })).toBeUndefined();
    expect(AUTH_MESSAGES.banned).toBe('Account has been banned');
  });

  it('refuses an existing Google account once its email is banned, and ends its sessions', async () => {
    const before = new TestBrowser(app);
    await signInWithGoogle(before, 'g-100');
    expect((await before.get('/api/me')).json().viewer?.email).toBe('riley.google@example.com');
    await banAccount(db, 'riley.google@example.com');
    expect((await before.get('/api/me')).json().viewer).toBeNull();

    const browser = new TestBrowser(app);
    const callback = await signInWithGoogle(browser, 'g-100');
    expect(callback.statusCode).toBe(302);
    const location = new URL(callback.headers.location as string, 'http://ou.localhost:3000');
    expect(location.searchParams.get('error')).toBe('ACCOUNT_BANNED');
    expect((await browser.get('/api/me')).json().viewer).toBeNull();
  });
});
