import { baseUsername, nextUsername } from '@campus/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * First free username for a name (spec 1 §5: joined, lower-cased, alphanumerics only, then
 * -2, -3 …). The unique index still guards a simultaneous sign-up with the same name.
 */
export async function freeUsername(db: Database, firstName: string, lastName: string): Promise<string> {
  const base = baseUsername(firstName, lastName);
  const pattern = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db.select({ username: users.username }).from(users).where(sql`${users.username} LIKE ${pattern}`);
  const taken = new Set(rows.map((r) => r.username.toLowerCase()));
  return nextUsername(base, (candidate) => taken.has(candidate));
}
