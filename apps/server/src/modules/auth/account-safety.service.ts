import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bannedEmails, sessions, users } from '../../db/schema/index.ts';

/**
 * Bans an address: it can no longer sign up or sign in by any route (auth.ts hooks), and
 * every session of its account ends now — the rows go, and session resolution (plugins/
 * session.ts) also refuses a banned address, should a session be created in a race.
 */
export async function banAccount(db: Database, email: string, reason?: string): Promise<void> {
  const address = email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    await tx
      .insert(bannedEmails)
      .values({ email: address, reason: reason ?? null })
      .onConflictDoNothing();
    await tx
      .delete(sessions)
      .where(sql`${sessions.userId} IN (SELECT ${users.id} FROM ${users} WHERE ${eq(users.email, address)})`);
  });
}
