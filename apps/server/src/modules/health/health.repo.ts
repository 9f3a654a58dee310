import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** One round trip to the database; throws while it is down. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
