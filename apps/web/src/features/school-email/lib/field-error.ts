import { ApiError } from '@/lib/api-client.ts';

/**
 * Refusals about the school email itself: the field shows their message (a bad address or code,
 * an address another account holds verified, a banned address). Anything else is an alert.
 */
const ABOUT_THE_ADDRESS = new Set(['SCHOOL_EMAIL_TAKEN', 'ACCOUNT_BANNED']);

export function fieldErrorOf(failure: unknown): string | null {
  if (!(failure instanceof ApiError)) return null;
  return failure.status === 400 || ABOUT_THE_ADDRESS.has(failure.code) ? failure.message : null;
}
