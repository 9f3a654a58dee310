import { ACCOUNT_SAFETY_MESSAGES, AUTH_MESSAGES } from '@campus/contract';
import { APIError } from 'better-auth/api';
import type { Database, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  type AttemptAdmission,
  banSchoolEmailOf,
  clearFailures,
  deleteSessionsOfEmail,
  insertBannedEmail,
  purgeCodeGuards,
  purgeLoginLockouts,
  purgePasswordGuards,
  refundCodeGuess,
  reserveCodeGuess,
  reserveCodeSend,
  reserveSignInAttempt,
} from './account-safety.repo.ts';
import { hashingBusy, passwordHasher } from './passwords.ts';

/**
 * Bans an address: it can no longer sign up or sign in by any route (auth.ts hooks), and
 * every session of its account ends now — the rows go, and session resolution (plugins/
 * session.ts) also refuses a banned address, should a session be created in a race. The
 * account's verified school email is banned with it, so the same school mailbox cannot join
 * again through a new account (school-email.service.ts).
 */
export async function banAccount(db: DbOrTx, email: string, reason?: string): Promise<void> {
  const address = email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    await insertBannedEmail(tx, address, reason ?? null);
    await banSchoolEmailOf(tx, address, reason ?? null);
    await deleteSessionsOfEmail(tx, address);
  });
}

/**
 * Before a password is checked (sign-in, change password): refused at once, counting nothing,
 * while the hashing queue is full (503, passwords.ts); otherwise the attempt is counted and
 * admitted or refused by the per-address and per-account limits (reserveSignInAttempt).
 */
export async function admitPasswordAttempt(db: Database, email: string, clientIp: string): Promise<AttemptAdmission> {
  if (passwordHasher.isFull()) throw hashingBusy();
  return reserveSignInAttempt(db, email, clientIp);
}

/** A right password: the failures it was counted as are given back (account-safety.repo.ts). */
export function passwordSucceeded(db: Database, email: string, clientIp?: string): Promise<void> {
  return clearFailures(db, email, clientIp);
}

/** better-auth's answer to a refused attempt: 'too many attempts' and when to try again. */
export function accountLocked(retryAfterSeconds: number): APIError {
  return new APIError(
    'TOO_MANY_REQUESTS',
    { message: AUTH_MESSAGES.tooManyAttempts, code: 'ACCOUNT_LOCKED' },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** The account spent the day's wrong guesses (decision 008): no more codes or checks today. */
const guessesExceeded = () => new AppError(429, 'CODE_GUESSES_EXCEEDED', ACCOUNT_SAFETY_MESSAGES.codeGuessesExceeded);

/**
 * Counts a code about to be mailed against the account's code budget (decision 008): refused
 * once the day's wrong guesses are used up, or past the sends allowed per hour.
 */
export async function spendCodeSend(db: Database, accountEmail: string): Promise<void> {
  const decision = await reserveCodeSend(db, accountEmail.toLowerCase(), false);
  if (decision === 'locked') throw guessesExceeded();
  if (decision !== 'send') {
    throw new AppError(429, 'CODE_REQUESTS_EXCEEDED', ACCOUNT_SAFETY_MESSAGES.codeRequestsExceeded);
  }
}

/**
 * Counts a code guess BEFORE the code is checked, so that parallel guesses cannot exceed the
 * account's budget; refused once the day's wrong guesses are used up. A right guess (or a
 * refusal that was no guess) gives the slot back with refundGuess().
 */
export async function spendGuess(db: Database, accountEmail: string): Promise<void> {
  if (!(await reserveCodeGuess(db, accountEmail))) throw guessesExceeded();
}

export function refundGuess(db: Database, accountEmail: string): Promise<void> {
  return refundCodeGuess(db, accountEmail);
}

/** The purge job's share of account safety: guard rows nothing reads any more. */
export async function purgeAccountSafety(
  db: DbOrTx,
): Promise<{ loginLockouts: number; accountCodeGuards: number; passwordGuards: number }> {
  const loginLockouts = await purgeLoginLockouts(db);
  const accountCodeGuards = await purgeCodeGuards(db);
  const passwordGuards = await purgePasswordGuards(db);
  return { loginLockouts, accountCodeGuards, passwordGuards };
}
