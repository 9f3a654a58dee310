import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bannedEmails, loginLockouts } from '../../db/schema/index.ts';

/** This many failed password sign-ins in a row disable password sign-in for LOCK_MINUTES. */
export const MAX_FAILED_SIGN_INS = 5;
export const LOCK_MINUTES = 15;

export async function isBanned(db: Database, email: string): Promise<boolean> {
  const row = await db.query.bannedEmails.findFirst({ where: eq(bannedEmails.email, email), columns: { email: true } });
  return row !== undefined;
}

export async function isLocked(db: Database, email: string): Promise<boolean> {
  const row = await db.query.loginLockouts.findFirst({
    where: eq(loginLockouts.email, email),
    columns: { lockedUntil: true },
  });
  return row?.lockedUntil != null && row.lockedUntil > new Date();
}

/** Counts a failure; the one that reaches the limit locks the account. A lock that ran out starts over. */
export async function recordFailure(db: Database, email: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${loginLockouts} (email, failed_attempts, last_failed_at)
    VALUES (${email}, 1, now())
    ON CONFLICT (email) DO UPDATE SET
      failed_attempts = CASE WHEN ${loginLockouts.lockedUntil} IS NOT NULL AND ${loginLockouts.lockedUntil} <= now()
                             THEN 1 ELSE ${loginLockouts.failedAttempts} + 1 END,
      locked_until = CASE
        WHEN ${loginLockouts.lockedUntil} IS NOT NULL AND ${loginLockouts.lockedUntil} <= now() THEN NULL
        WHEN ${loginLockouts.failedAttempts} + 1 >= ${MAX_FAILED_SIGN_INS}
          THEN now() + make_interval(mins => ${LOCK_MINUTES})
        ELSE ${loginLockouts.lockedUntil} END,
      last_failed_at = now()`);
}

export async function clearFailures(db: Database, email: string): Promise<void> {
  await db.delete(loginLockouts).where(eq(loginLockouts.email, email.toLowerCase()));
}
