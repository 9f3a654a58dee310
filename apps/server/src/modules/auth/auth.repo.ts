import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, authRateLimits, authVerifications, sessions, users } from '../../db/schema/index.ts';

/** better-auth's own reads and writes: its models on our tables, through Drizzle. */
export function betterAuthDatabase(db: Database) {
  return drizzleAdapter(db, {
    provider: 'pg',
    schema: {
      user: users,
      session: sessions,
      account: accounts,
      verification: authVerifications,
      rateLimit: authRateLimits,
    },
  });
}

/** Whether an account signs in with this email. */
export async function accountExists(db: Database, email: string): Promise<boolean> {
  const user = await db.query.users.findFirst({ where: eq(users.email, email), columns: { id: true } });
  return user !== undefined;
}

/** Whether an account with this email exists and is not verified yet. */
export async function awaitsVerification(db: Database, email: string): Promise<boolean> {
  const [account] = await db.select({ verified: users.verified }).from(users).where(eq(users.email, email)).limit(1);
  return account?.verified === false;
}

/** Whether the account's email verification code still works (unexpired, fewer than `maxAttempts` tries). */
export async function hasUsableCode(db: Database, email: string, maxAttempts: number): Promise<boolean> {
  const v = authVerifications;
  const [row] = await db
    .select({ id: v.id })
    .from(v)
    .where(
      and(
        eq(v.identifier, `email-verification-otp-${email}`),
        gt(v.expiresAt, sql`now()`),
        sql`coalesce(substring(${v.value} from ':([0-9]+)$')::int, 0) < ${maxAttempts}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The usernames that start with `prefix` (LIKE wildcards in it are taken literally). */
export async function usernamesStartingWith(db: Database, prefix: string): Promise<string[]> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db.select({ username: users.username }).from(users).where(sql`${users.username} LIKE ${pattern}`);
  return rows.map((r) => r.username);
}
