import { AUTH_MESSAGES } from '@campus/contract';
import { APIError } from 'better-auth/api';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bannedEmails, sessions, users } from '../../db/schema/index.ts';
import { type AttemptAdmission, reserveSignInAttempt } from './account-safety.repo.ts';
import { hashingBusy, passwordHasher } from './passwords.ts';

/**
 * Bans an address: it can no longer sign up or sign in by any route (auth.ts hooks), and
 * every session of its account ends now — the rows go, and session resolution (plugins/
 * session.ts) also refuses a banned address, should a session be created in a race. The
 * account's verified school email is banned with it, so the same school mailbox cannot join
 * again through a new account (school-email.service.ts).
 */
export async function banAccount(db: Database, email: string, reason?: string): Promise<void> {
  const address = email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    await tx
      .insert(bannedEmails)
      .values({ email: address, reason: reason ?? null })
      .onConflictDoNothing();
    await tx.execute(sql`
      INSERT INTO ${bannedEmails} (email, reason)
      SELECT ${users.schoolEmail}, ${reason ?? null} FROM ${users}
      WHERE ${users.email} = ${address} AND ${users.schoolVerified} AND ${users.schoolEmail} IS NOT NULL
      ON CONFLICT DO NOTHING`);
    await tx
      .delete(sessions)
      .where(sql`${sessions.userId} IN (SELECT ${users.id} FROM ${users} WHERE ${eq(users.email, address)})`);
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

/** better-auth's answer to a refused attempt: 'too many attempts' and when to try again. */
export function accountLocked(retryAfterSeconds: number): APIError {
  return new APIError(
    'TOO_MANY_REQUESTS',
    { message: AUTH_MESSAGES.tooManyAttempts, code: 'ACCOUNT_LOCKED' },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}
