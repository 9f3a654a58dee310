import { ACCOUNT_SAFETY_LIMITS } from '@campus/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accountCodeGuards, bannedEmails, loginLockouts } from '../../db/schema/index.ts';

/** This many password sign-ins from one address, failed in a row, pause it there for LOCK_MINUTES. */
export const MAX_FAILED_SIGN_INS = ACCOUNT_SAFETY_LIMITS.passwordFailuresPerAddress;
export const LOCK_MINUTES = ACCOUNT_SAFETY_LIMITS.passwordLockMinutes;
export const MAX_WRONG_CODE_GUESSES = ACCOUNT_SAFETY_LIMITS.codeWrongGuessesPerDay;
export const MAX_CODE_REQUESTS_PER_HOUR = ACCOUNT_SAFETY_LIMITS.codeRequestsPerHour;

// Every comparison below uses the database clock (now()), never the app's.

export async function isBanned(db: Database, email: string): Promise<boolean> {
  const row = await db.query.bannedEmails.findFirst({ where: eq(bannedEmails.email, email), columns: { email: true } });
  return row !== undefined;
}

/**
 * Counts a password attempt BEFORE the password is checked, atomically (one upsert that
 * takes the row lock): false when this address is paused for this account. The attempt that
 * reaches the limit still runs and starts the pause, so of any number of parallel guesses at
 * most MAX_FAILED_SIGN_INS are checked. A right password clears the count (clearFailures).
 */
export async function reserveSignInAttempt(db: Database, email: string, clientIp: string): Promise<boolean> {
  const expired = sql`(${loginLockouts.lockedUntil} IS NOT NULL AND ${loginLockouts.lockedUntil} <= now())`;
  const result = await db.execute(sql`
    INSERT INTO ${loginLockouts} (email, client_ip, failed_attempts, locked_until, last_failed_at)
    VALUES (${email}, ${clientIp}, 1, NULL, now())
    ON CONFLICT (email, client_ip) DO UPDATE SET
      failed_attempts = CASE WHEN ${expired} THEN 1 ELSE ${loginLockouts.failedAttempts} + 1 END,
      locked_until = CASE
        WHEN NOT ${expired} AND ${loginLockouts.failedAttempts} + 1 >= ${MAX_FAILED_SIGN_INS}
          THEN now() + make_interval(mins => ${LOCK_MINUTES})
        ELSE NULL END,
      last_failed_at = now()
    WHERE ${loginLockouts.lockedUntil} IS NULL OR ${expired}
    RETURNING failed_attempts`);
  return result.rows.length > 0;
}

/**
 * A right password clears the count of the address it came from; a password reset (no
 * address given) ends every pause of the account (spec 1 §8: 'restore it by resetting').
 */
export async function clearFailures(db: Database, email: string, clientIp?: string): Promise<void> {
  const account = eq(loginLockouts.email, email.toLowerCase());
  await db
    .delete(loginLockouts)
    .where(clientIp === undefined ? account : and(account, eq(loginLockouts.clientIp, clientIp)));
}

const guessWindowOver = sql`(${accountCodeGuards.guessesSince} IS NULL OR ${accountCodeGuards.guessesSince} <= now() - interval '24 hours')`;

/**
 * Counts a code guess BEFORE the code is checked, atomically: false once the account has
 * used its MAX_WRONG_CODE_GUESSES for the 24-hour window, from any number of addresses.
 * A right guess gives its slot back (refundCodeGuess).
 */
export async function reserveCodeGuess(db: Database, email: string): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO ${accountCodeGuards} (email, wrong_guesses, guesses_since)
    VALUES (${email}, 1, now())
    ON CONFLICT (email) DO UPDATE SET
      wrong_guesses = CASE WHEN ${guessWindowOver} THEN 1 ELSE ${accountCodeGuards.wrongGuesses} + 1 END,
      guesses_since = CASE WHEN ${guessWindowOver} THEN now() ELSE ${accountCodeGuards.guessesSince} END
    WHERE ${guessWindowOver} OR ${accountCodeGuards.wrongGuesses} < ${MAX_WRONG_CODE_GUESSES}
    RETURNING wrong_guesses`);
  return result.rows.length > 0;
}

export async function refundCodeGuess(db: Database, email: string): Promise<void> {
  await db
    .update(accountCodeGuards)
    .set({ wrongGuesses: sql`greatest(${accountCodeGuards.wrongGuesses} - 1, 0)` })
    .where(eq(accountCodeGuards.email, email));
}

/** True while the account has no code guesses left in its window. */
export async function codesLocked(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({
      locked: sql<boolean>`NOT ${guessWindowOver} AND ${accountCodeGuards.wrongGuesses} >= ${MAX_WRONG_CODE_GUESSES}`,
    })
    .from(accountCodeGuards)
    .where(eq(accountCodeGuards.email, email));
  return row?.locked === true;
}

export type CodeSendDecision = 'send' | 'recent' | 'capped' | 'locked';

/**
 * Decides whether a code may be mailed to the account now, and counts it if so (one
 * statement under the row lock):
 * - 'locked': the account used up its wrong guesses for the day;
 * - 'recent': `stillValid` and a code went out less than codeResendAfterSeconds ago — the
 *   mail already sent holds a working code, so nothing is sent (reloading /verify);
 * - 'capped': MAX_CODE_REQUESTS_PER_HOUR reached within the hour;
 * - 'send': counted; the caller sends.
 */
export async function reserveCodeSend(db: Database, email: string, stillValid: boolean): Promise<CodeSendDecision> {
  if (await codesLocked(db, email)) return 'locked';
  const sendWindowOver = sql`(${accountCodeGuards.sendsSince} IS NULL OR ${accountCodeGuards.sendsSince} <= now() - interval '1 hour')`;
  const recent = sql`(${stillValid} AND ${accountCodeGuards.lastSentAt} > now() - make_interval(secs => ${ACCOUNT_SAFETY_LIMITS.codeResendAfterSeconds}))`;
  const result = await db.execute(sql`
    INSERT INTO ${accountCodeGuards} (email, sends, sends_since, last_sent_at)
    VALUES (${email}, 1, now(), now())
    ON CONFLICT (email) DO UPDATE SET
      sends = CASE WHEN ${sendWindowOver} THEN 1 ELSE ${accountCodeGuards.sends} + 1 END,
      sends_since = CASE WHEN ${sendWindowOver} THEN now() ELSE ${accountCodeGuards.sendsSince} END,
      last_sent_at = now()
    WHERE NOT ${recent} AND (${sendWindowOver} OR ${accountCodeGuards.sends} < ${MAX_CODE_REQUESTS_PER_HOUR})
    RETURNING sends`);
  if (result.rows.length > 0) return 'send';
  const [row] = await db
    .select({ recent: sql<boolean>`${recent}` })
    .from(accountCodeGuards)
    .where(eq(accountCodeGuards.email, email));
  return row?.recent ? 'recent' : 'capped';
}
