import { paths } from '@/config/paths.ts';

/**
 * The emailed sign-in link (docs/product/accounts.md#emailed-sign-in-link): the address is kept on this device when the link is
 * requested; the link opens /login/sent, which redeems it only if that address matches the
 * one in the link. A link forwarded to (or opened on) another device asks for the address
 * again, so a stolen link alone is not enough to sign in.
 */
const STORAGE_KEY = 'campus:email-for-sign-in';

export function rememberSignInEmail(email: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, email.trim());
  } catch {
    // Storage can be unavailable (private mode); the link then asks for the address again.
  }
}

export function storedSignInEmail(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function forgetSignInEmail(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** What /login/sent received from the link. */
export interface MagicLinkParams {
  token: string | null;
  email: string | null;
  first: string | null;
  last: string | null;
}

export type MagicLinkReturn =
  /** No token: the 'Your magic link is on its way!' screen. */
  | { kind: 'waiting' }
  /** A token, but this device does not know which address asked for it. */
  | { kind: 'ask-email' }
  /** The address matches: a full page load of this address redeems the token on the server. */
  | { kind: 'redeem'; href: string }
  /** The address differs: back to the form, which shows 'Failed: Wrong Email.'. */
  | { kind: 'wrong-email'; href: string };

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** First and last name in the link mean the link registers a new account (docs/product/accounts.md#emailed-sign-in-link). */
export function isRegistrationLink(params: Pick<MagicLinkParams, 'first' | 'last'>): boolean {
  return Boolean(params.first && params.last);
}

/**
 * Decides what /login/sent does with a link, given the address this device remembers (or
 * the one the person typed in when asked).
 */
export function decideMagicLinkReturn(params: MagicLinkParams, knownEmail: string | null): MagicLinkReturn {
  if (!params.token) return { kind: 'waiting' };
  const registering = isRegistrationLink(params);
  const failedHref = registering ? paths.register.getHref({ redirect: true }) : paths.login.getHref({ redirect: true });
  if (!params.email) return { kind: 'wrong-email', href: failedHref };
  if (!knownEmail?.trim()) return { kind: 'ask-email' };
  if (!sameEmail(knownEmail, params.email)) return { kind: 'wrong-email', href: failedHref };

  const query = new URLSearchParams({
    token: params.token,
    callbackURL: paths.home.getHref(),
    // Emailed links exist on OU only, never the hub: a new member's next step is joining it.
    newUserCallbackURL: paths.settings.schoolEmail.getHref(),
    errorCallbackURL: failedHref,
  });
  return { kind: 'redeem', href: `/api/auth/magic-link/verify?${query}` };
}
