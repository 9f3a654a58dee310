import { afterEach, describe, expect, it } from 'vitest';
import {
  decideMagicLinkReturn,
  forgetSignInEmail,
  type MagicLinkParams,
  rememberSignInEmail,
  storedSignInEmail,
} from './magic-link.ts';

const link = (over: Partial<MagicLinkParams> = {}): MagicLinkParams => ({
  token: 'tok-123',
  email: 'lin.kee@ou.edu',
  first: null,
  last: null,
  ...over,
});

function redeemQuery(href: string): URLSearchParams {
  const url = new URL(href, 'http://ou.localhost');
  expect(url.pathname).toBe('/api/auth/magic-link/verify');
  return url.searchParams;
}

afterEach(() => localStorage.clear());

describe('decideMagicLinkReturn', () => {
  it('shows the waiting screen when there is no token', () => {
    expect(decideMagicLinkReturn(link({ token: null }), 'lin.kee@ou.edu')).toEqual({ kind: 'waiting' });
    expect(decideMagicLinkReturn(link({ token: '' }), null)).toEqual({ kind: 'waiting' });
  });

  it('asks for the address when this device does not know it', () => {
    expect(decideMagicLinkReturn(link(), null)).toEqual({ kind: 'ask-email' });
    expect(decideMagicLinkReturn(link(), '   ')).toEqual({ kind: 'ask-email' });
  });

  it('redeems the token when the address matches, ignoring case and spaces', () => {
    const decision = decideMagicLinkReturn(link(), '  Lin.Kee@OU.edu ');
    expect(decision.kind).toBe('redeem');
    if (decision.kind !== 'redeem') return;
    const query = redeemQuery(decision.href);
    expect(query.get('token')).toBe('tok-123');
    expect(query.get('callbackURL')).toBe('/home');
    expect(query.get('newUserCallbackURL')).toBe('/settings/account/school_email');
    // A link that fails on the server comes back to the login form with 'Failed: Wrong Email.'.
    expect(query.get('errorCallbackURL')).toBe('/login?redirect=true');
  });

  it('keeps a token with unusual characters intact', () => {
    const decision = decideMagicLinkReturn(link({ token: 'a+b/c=&d' }), 'lin.kee@ou.edu');
    expect(decision.kind === 'redeem' && redeemQuery(decision.href).get('token')).toBe('a+b/c=&d');
  });

  it('sends a login link opened with another address back to /login?redirect=true', () => {
    expect(decideMagicLinkReturn(link(), 'someone.else@ou.edu')).toEqual({
      kind: 'wrong-email',
      href: '/login?redirect=true',
    });
  });

  it('sends a registration link (first and last name) back to /register?redirect=true', () => {
    const registering = link({ first: 'Lin', last: 'Kee' });
    expect(decideMagicLinkReturn(registering, 'other@ou.edu')).toEqual({
      kind: 'wrong-email',
      href: '/register?redirect=true',
    });
    const decision = decideMagicLinkReturn(registering, 'lin.kee@ou.edu');
    expect(decision.kind === 'redeem' && redeemQuery(decision.href).get('errorCallbackURL')).toBe(
      '/register?redirect=true',
    );
  });

  it('treats a first name without a last name as a login link', () => {
    expect(decideMagicLinkReturn(link({ first: 'Lin' }), 'x@ou.edu')).toEqual({
      kind: 'wrong-email',
      href: '/login?redirect=true',
    });
  });

  it('refuses a link without an address', () => {
    expect(decideMagicLinkReturn(link({ email: null }), 'lin.kee@ou.edu').kind).toBe('wrong-email');
  });
});

describe('the remembered address', () => {
  it('is kept trimmed until it is forgotten', () => {
    expect(storedSignInEmail()).toBeNull();
    rememberSignInEmail(' lin.kee@ou.edu ');
    expect(storedSignInEmail()).toBe('lin.kee@ou.edu');
    forgetSignInEmail();
    expect(storedSignInEmail()).toBeNull();
  });
});
