import { ACCOUNT_SAFETY_LIMITS } from '@campus/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import {
  accountCodeGuards,
  bannedEmails,
  loginLockouts,
  passwordAccountGuards,
  passwordKnownAddresses,
  sessions,
  users,
} from '../../db/schema/index.ts';

/** This many password sign-ins from one address, failed in a row, pause it there for LOCK_MINUTES. */
export const MAX_FAILED_SIGN_INS = ACCOUNT_SAFETY_LIMITS.passwordFailuresPerAddress;
const LOCK_MINUTES = ACCOUNT_SAFETY_LIMITS.passwordLockMinutes;
export const MAX_WRONG_CODE_GUESSES = ACCOUNT_SAFETY_LIMITS.codeWrongGuessesPerDay;
const MAX_CODE_REQUESTS_PER_HOUR = ACCOUNT_SAFETY_LIMITS.codeRequestsPerHour;
/** Failures at one account, from addresses it never proved itself from, before checks are spaced out. */
export const MAX_ACCOUNT_FAILURES = ACCOUNT_SAFETY_LIMITS.passwordFailuresPerAccount;
export const ACCOUNT_DELAY_FIRST_SECONDS = ACCOUNT_SAFETY_LIMITS.passwordAccountDelayFirstSeconds;
export const ACCOUNT_DELAY_MAX_SECONDS = ACCOUNT_SAFETY_LIMITS.passwordAccountDelayMaxSeconds;
const KNOWN_ADDRESS_DAYS = ACCOUNT_SAFETY_LIMITS.passwordKnownAddressDays;

// Every comparison below uses the database clock (now()), never the app's.

export async function isBanned(db: DbOrTx, email: string): Promise<boolean> {
  const row = await db.query.bannedEmails.findFirst({ where: eq(bannedEmails.email, email), columns: { email: true } });
  return row !== undefined;
}

/** Whether the account a session is being made for has a banned address. */
export async function ownerIsBanned(db: DbOrTx, userId: string): Promise<boolean> {
  const [owner] = await db
    .select({
      banned: sql<boolean>`EXISTS (SELECT 1 FROM ${bannedEmails} b WHERE b.email = ${users}.email)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return owner?.banned === true;
}

/** Bans one address (again: nothing changes). */
export async function insertBannedEmail(db: DbOrTx, address: string, reason: string | null): Promise<void> {
  await db.insert(bannedEmails).values({ email: address, reason }).onConflictDoNothing();
}

/** Bans the verified school email of the account signing in with `address`, if it has one. */
export async function banSchoolEmailOf(db: DbOrTx, address: string, reason: string | null): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${bannedEmails} (email, reason)
    SELECT ${users.schoolEmail}, ${reason} FROM ${users}
    WHERE ${users.email} = ${address} AND ${users.schoolVerified} AND ${users.schoolEmail} IS NOT NULL
    ON CONFLICT DO NOTHING`);
}

/** Ends every session of the account signing in with `address`. */
export async function deleteSessionsOfEmail(db: DbOrTx, address: string): Promise<void> {
  await db
    .delete(sessions)
    .where(sql`${sessions.userId} IN (SELECT ${users.id} FROM ${users} WHERE ${eq(users.email, address)})`);
}

/** Whether a password may be checked now; if not, how long until it may (Retry-After). */
export type AttemptAdmission = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const knownAddress = (email: string, clientIp: string) => sql`EXISTS (
  SELECT 1 FROM ${passwordKnownAddresses} k
  WHERE k.email = ${email} AND k.client_ip = ${clientIp}
    AND k.proved_at > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS}))`;

/**
 * Counts a password attempt BEFORE the password is checked and says whether it may be:
 * - per account + address (login_lockouts): MAX_FAILED_SIGN_INS failures in a row pause the
 *   address for LOCK_MINUTES; the attempt that reaches the limit still runs and starts the pause;
 * - per account, from addresses it never proved itself from (password_account_guards): the
 *   failure that reaches MAX_ACCOUNT_FAILURES, and each one after it, puts the next check a
 *   delay ahead — ACCOUNT_DELAY_FIRST_SECONDS · 2^(failures − MAX_ACCOUNT_FAILURES), at most
 *   ACCOUNT_DELAY_MAX_SECONDS — and until then every attempt is refused. A day without
 *   failures starts the count again.
 * One statement: each upsert takes its row's lock, so of any number of parallel guesses at most
 * the limits are checked, and the lock is held for this statement only. A refused attempt
 * counts nowhere (the owner's own refused tries do not pause their address) — except when two
 * tries from one address race for its last slot: then the account count errs on the safe side.
 */
export async function reserveSignInAttempt(db: Database, email: string, clientIp: string): Promise<AttemptAdmission> {
  const l = loginLockouts;
  const g = passwordAccountGuards;
  const expired = sql`(${l.lockedUntil} IS NOT NULL AND ${l.lockedUntil} <= now())`;
  const stale = sql`(${g.lastFailedAt} <= now() - interval '24 hours')`;
  const failures = sql`(CASE WHEN ${stale} THEN 1 ELSE ${g.failures} + 1 END)`;
  // The exponent is capped first so that the power stays small however long the attack.
  const nextCheck = (n: SQL) => sql`CASE WHEN ${n} >= ${MAX_ACCOUNT_FAILURES} THEN now() + make_interval(secs =>
    least(${ACCOUNT_DELAY_MAX_SECONDS}, ${ACCOUNT_DELAY_FIRST_SECONDS} * power(2, least(${n} - ${MAX_ACCOUNT_FAILURES}, 20))))
    END`;
  const result = await db.execute<{ allowed: boolean; wait: number }>(sql`
    WITH state AS (
      SELECT
        EXISTS (SELECT 1 FROM ${l} WHERE email = ${email} AND client_ip = ${clientIp} AND locked_until > now()) AS paused,
        ${knownAddress(email, clientIp)} AS known
    ),
    account AS (
      INSERT INTO ${g} (email, failures, next_check_at, last_failed_at)
      SELECT ${email}, 1, ${nextCheck(sql`1`)}, now() FROM state WHERE NOT paused AND NOT known
      ON CONFLICT (email) DO UPDATE SET
        failures = ${failures},
        next_check_at = ${nextCheck(failures)},
        last_failed_at = now()
      WHERE ${g.nextCheckAt} IS NULL OR ${g.nextCheckAt} <= now() OR ${stale}
      RETURNING 1
    ),
    address AS (
      INSERT INTO ${l} (email, client_ip, failed_attempts, locked_until, last_failed_at)
      SELECT ${email}, ${clientIp}, 1, NULL, now() FROM state
      WHERE NOT paused AND (known OR EXISTS (SELECT 1 FROM account))
      ON CONFLICT (email, client_ip) DO UPDATE SET
        failed_attempts = CASE WHEN ${expired} THEN 1 ELSE ${l.failedAttempts} + 1 END,
        locked_until = CASE
          WHEN NOT ${expired} AND ${l.failedAttempts} + 1 >= ${MAX_FAILED_SIGN_INS}
            THEN now() + make_interval(mins => ${LOCK_MINUTES})
          ELSE NULL END,
        last_failed_at = now()
      WHERE ${l.lockedUntil} IS NULL OR ${expired}
      RETURNING 1
    )
    SELECT EXISTS (SELECT 1 FROM address) AS allowed,
      -- Seconds until the pause or the delay ends, by the statement's snapshot: a slot taken by
      -- a parallel request meanwhile shows as 1 (the retry then learns the new time).
      coalesce(greatest(1, ceil(extract(epoch FROM (
        SELECT CASE WHEN paused
          THEN (SELECT locked_until FROM ${l} WHERE email = ${email} AND client_ip = ${clientIp})
          ELSE (SELECT next_check_at FROM ${g} WHERE email = ${email}) END
        FROM state) - now())))::int, 1) AS wait`);
  const row = result.rows[0];
  return row?.allowed ? { allowed: true } : { allowed: false, retryAfterSeconds: Number(row?.wait ?? 1) };
}

/**
 * A right password clears the count of the address it came from, gives back the account-wide
 * failure its attempt was counted as (none was, from an address already known), and remembers
 * the address as the account's: spared the per-account delay from now on. A password reset
 * (no address given) ends every pause of the account, the per-account delay included
 * (docs/product/accounts.md#sign-in-errors: 'restore it by resetting'); rememberAddress then spares the address it came from.
 */
export async function clearFailures(db: Database, email: string, clientIp?: string): Promise<void> {
  const address = email.toLowerCase();
  const account = eq(loginLockouts.email, address);
  const g = passwordAccountGuards;
  if (clientIp === undefined) {
    await db.delete(loginLockouts).where(account);
    await db.delete(g).where(eq(g.email, address));
    return;
  }
  await db.delete(loginLockouts).where(and(account, eq(loginLockouts.clientIp, clientIp)));
  await db.execute(sql`
    UPDATE ${g} SET
      failures = greatest(${g.failures} - 1, 0),
      next_check_at = CASE WHEN ${g.failures} - 1 < ${MAX_ACCOUNT_FAILURES} THEN NULL ELSE ${g.nextCheckAt} END
    WHERE ${g.email} = ${address} AND NOT ${knownAddress(address, clientIp)}`);
  await rememberAddress(db, address, clientIp);
}

/** Records that the account proved itself from this address (now). */
export async function rememberAddress(db: Database, email: string, clientIp: string): Promise<void> {
  if (!clientIp) return;
  await db
    .insert(passwordKnownAddresses)
    .values({ email: email.toLowerCase(), clientIp })
    .onConflictDoUpdate({
      target: [passwordKnownAddresses.email, passwordKnownAddresses.clientIp],
      set: { provedAt: sql`now()` },
    });
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
async function codesLocked(db: Database, email: string): Promise<boolean> {
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

/**
 * Seconds until a code asked for again would be mailed (docs/decisions/030-feed-ads-and-rough-edges.md): what the verify screen
 * counts down after a 'recent' answer, from when the last code went (at least 1).
 */
export async function secondsUntilResend(db: Database, email: string): Promise<number> {
  const [row] = await db
    .select({
      seconds: sql<number>`greatest(1, ceil(extract(epoch FROM ${accountCodeGuards.lastSentAt} + make_interval(secs => ${ACCOUNT_SAFETY_LIMITS.codeResendAfterSeconds}) - now())))::int`,
    })
    .from(accountCodeGuards)
    .where(eq(accountCodeGuards.email, email));
  return row?.seconds ?? ACCOUNT_SAFETY_LIMITS.codeResendAfterSeconds;
}

/**
 * Password guard rows nothing reads any more: an account's failures with none for 24 h (the
 * count starts over then anyway) and addresses proved more than 90 days ago (ignored after that).
 */
export async function purgePasswordGuards(db: DbOrTx): Promise<number> {
  const guards = await db.execute(
    sql`DELETE FROM ${passwordAccountGuards} WHERE ${passwordAccountGuards.lastFailedAt} < now() - interval '24 hours'`,
  );
  const addresses = await db.execute(
    sql`DELETE FROM ${passwordKnownAddresses} WHERE ${passwordKnownAddresses.provedAt} < now() - interval '90 days'`,
  );
  return (guards.rowCount ?? 0) + (addresses.rowCount ?? 0);
}

/**
 * login_lockouts whose pause has ended (the next failure would start from 1 anyway), or that
 * count failures but saw none for 7 days.
 */
export async function purgeLoginLockouts(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM ${loginLockouts}
    WHERE (locked_until IS NOT NULL AND locked_until <= now())
       OR (locked_until IS NULL AND last_failed_at < now() - interval '7 days')`);
  return result.rowCount ?? 0;
}

/** account_code_guards whose windows are all over (24 h): the next use starts fresh anyway. */
export async function purgeCodeGuards(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM ${accountCodeGuards}
    WHERE (guesses_since IS NULL OR guesses_since <= now() - interval '24 hours')
      AND (sends_since IS NULL OR sends_since <= now() - interval '24 hours')
      AND (last_sent_at IS NULL OR last_sent_at <= now() - interval '24 hours')`);
  return result.rowCount ?? 0;
}
