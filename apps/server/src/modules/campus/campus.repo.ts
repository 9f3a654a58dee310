import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export async function countMembers(db: Database, campusId: string): Promise<number> {
  const [row] = await db
    .select({ members: count() })
    .from(users)
    .where(and(eq(users.campusId, campusId), eq(users.schoolVerified, true)));
  return row?.members ?? 0;
}
