import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, authVerifications, sessions } from '../../db/schema/index.ts';

/**
 * The account's sign-in material in better-auth's tables: its password credential, its
 * sessions and its pending email codes. Settings > Account changes them; better-auth reads them.
 */

/** The account's password credential (absent for an account made with Google or an emailed link). */
export async function passwordCredentialOf(
  db: DbOrTx,
  userId: string,
): Promise<{ id: string; password: string | null } | undefined> {
  const [credential] = await db
    .select({ id: accounts.id, password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .limit(1);
  return credential;
}

export async function setPasswordHash(db: DbOrTx, credentialId: string, hash: string): Promise<void> {
  await db.update(accounts).set({ password: hash, updatedAt: new Date() }).where(eq(accounts.id, credentialId));
}

/** Ends every session of the account but `keepToken`'s (all of them when it is null). */
export async function endOtherSessions(db: DbOrTx, userId: string, keepToken: string | null): Promise<void> {
  await db
    .delete(sessions)
    .where(keepToken ? and(eq(sessions.userId, userId), ne(sessions.token, keepToken)) : eq(sessions.userId, userId));
}

/** The email verification codes (and links) better-auth made for `email` stop working. */
export async function dropEmailVerifications(db: DbOrTx, email: string): Promise<void> {
  await db.delete(authVerifications).where(sql`${authVerifications.identifier} = ${`email-verification-otp-${email}`}`);
}
