import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * An emailed sign-in link works only in the browser that asked for it (login CSRF: otherwise
 * someone asks for a link to their own address and gets a victim's browser to open it, which
 * signs the victim in as them). Asking for a link sets an HttpOnly, SameSite=Lax cookie holding
 * a keyed hash of the link's token; redeeming the link requires that hash (auth.ts). The hash
 * is keyed with the server secret, so the cookie cannot be made from a token, and the token
 * cannot be read back from the cookie (holding the cookie without the mail signs nobody in).
 */

/** better-auth prefixes it like its own cookies: `campus.link_binding`. */
export const LINK_BINDING_COOKIE = 'link_binding';
/** An emailed sign-in link works for an hour; its binding lasts as long. */
export const SIGN_IN_LINK_TTL_SECONDS = 60 * 60;
/** Links asked for in one browser that each still work there ('Resend Email' mails a new one). */
const MAX_PENDING_LINKS = 5;
/** A binding is a base64url HMAC-SHA256: 43 characters. */
const BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The binding of one link's token. */
export function linkBinding(secret: string, token: string): string {
  return createHmac('sha256', secret).update(`sign-in-link:${token}`).digest('base64url');
}

/** The bindings a browser's cookie holds (anything malformed is ignored). */
export function pendingBindings(cookie: string | null | undefined): string[] {
  if (!cookie) return [];
  return cookie
    .split('.')
    .filter((b) => BINDING_PATTERN.test(b))
    .slice(-MAX_PENDING_LINKS);
}

/** The cookie's bindings with one more, the oldest dropped past the limit. */
export function withBinding(pending: string[], binding: string): string[] {
  return [...pending.filter((b) => b !== binding), binding].slice(-MAX_PENDING_LINKS);
}

export function holdsBinding(pending: string[], binding: string): boolean {
  const wanted = Buffer.from(binding);
  return pending.some((b) => {
    const given = Buffer.from(b);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  });
}
