import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@campus/contract';

/** Attempts allowed on one code before it stops working (a new one must be sent). */
export const MAX_CODE_ATTEMPTS = 5;

export function generateCode(): string {
  return String(randomInt(LIMITS.verificationCodeMin, LIMITS.verificationCodeMax + 1));
}

/**
 * Codes are stored as an HMAC keyed with the server secret: a leaked table does not reveal
 * them, and 9,000 possibilities cannot be tried offline without the key.
 */
export function hashCode(code: string, secret: string): string {
  return createHmac('sha256', secret).update(code).digest('base64url');
}

export function codeMatches(code: string, hash: string, secret: string): boolean {
  const a = Buffer.from(hashCode(code, secret));
  const b = Buffer.from(hash);
  return a.length === b.length && timingSafeEqual(a, b);
}
