import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { blocks, userSummaryColumns, users } from '../../db/schema/index.ts';

export type BlockedUserRow = Pick<
  typeof users.$inferSelect,
  'id' | 'username' | 'firstName' | 'lastName' | 'img' | 'verified'
>;

/** True when either user has blocked the other. */
export async function isBlockedEitherWay(db: DbOrTx, one: string, two: string): Promise<boolean> {
  const result = await db.execute<{ blocked: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM ${blocks}
      WHERE (blocker_id = ${one} AND blocked_id = ${two}) OR (blocker_id = ${two} AND blocked_id = ${one})) AS blocked`);
  return result.rows[0]?.blocked === true;
}

/** Everyone the user blocked or was blocked by (few per user): hidden from their threads. */
export async function blockedEitherWay(db: DbOrTx, userId: string): Promise<Set<string>> {
  const result = await db.execute<{ id: string }>(sql`
    SELECT blocked_id AS id FROM ${blocks} WHERE blocker_id = ${userId}
    UNION SELECT blocker_id AS id FROM ${blocks} WHERE blocked_id = ${userId}`);
  return new Set(result.rows.map((r) => r.id));
}

export async function insertBlock(
  db: DbOrTx,
  values: { campusId: string; blockerId: string; blockedId: string; createdAt: Date },
): Promise<void> {
  await db.insert(blocks).values(values).onConflictDoNothing();
}

export async function deleteBlock(db: DbOrTx, blockerId: string, blockedId: string): Promise<number> {
  const rows = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ id: blocks.blockedId });
  return rows.length;
}

export async function listBlocked(db: DbOrTx, blockerId: string, campusId: string): Promise<BlockedUserRow[]> {
  return db
    .select(userSummaryColumns)
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.campusId, campusId)))
    .orderBy(desc(blocks.createdAt));
}
