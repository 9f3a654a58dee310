import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@campus/contract';

/**
 * One-click unsubscribe tokens (decision 040): `base64url(userId \n kind \n expiry) . base64url(HMAC-SHA256)`.
 * The key is derived from the server secret for this one purpose, so a token is never valid as
 * anything else (a session cookie's signature uses the secret itself). A token names one member
 * and one kind of email, and needs no session: a link in a mail works in any browser, and a
 * mail provider's POST (RFC 8058) carries no cookie. Tokens last long (old emails keep working)
 * but not forever.
 */
export const UNSUBSCRIBE_TOKEN_DAYS = 90;
const VERSION = 'campus-unsubscribe-v1';

const keyOf = (secret: string) => createHmac('sha256', secret).update(VERSION).digest();

function signature(secret: string, payload: string): Buffer {
  return createHmac('sha256', keyOf(secret)).update(payload).digest();
}

export function signUnsubscribeToken(
  secret: string,
  input: { userId: string; kind: NotificationKind; now: Date },
): string {
  const expires = Math.floor(input.now.getTime() / 1000) + UNSUBSCRIBE_TOKEN_DAYS * 86_400;
  const payload = `${input.userId}\n${input.kind}\n${expires}`;
  return `${Buffer.from(payload).toString('base64url')}.${signature(secret, payload).toString('base64url')}`;
}

/** The member and kind a token names, or null when it is forged, malformed or expired. */
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
  now: Date,
): { userId: string; kind: NotificationKind } | null {
  const [encoded, mac, extra] = token.split('.');
  if (!encoded || !mac || extra !== undefined) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(encoded) || !/^[A-Za-z0-9_-]+$/.test(mac)) return null;
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const given = Buffer.from(mac, 'base64url');
  const expected = signature(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userId, kind, expires, rest] = payload.split('\n');
  if (!userId || !kind || !expires || rest !== undefined) return null;
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < now.getTime()) return null;
  return { userId, kind: kind as NotificationKind };
}
