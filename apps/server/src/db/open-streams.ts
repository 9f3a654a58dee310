import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { openStreams } from './schema/index.ts';

/**
 * The SSE plugin's record of who has a tab open on this instance (table `open_streams`,
 * decision 041): the push job sends only to members with no row seen lately on any instance.
 */

/** A member's first stream on this instance opened. */
export async function markStreamOpen(db: DbOrTx, instanceId: string, campusId: string, userId: string) {
  await db
    .insert(openStreams)
    .values({ instanceId, campusId, userId })
    .onConflictDoUpdate({
      target: [openStreams.userId, openStreams.campusId, openStreams.instanceId],
      set: { seenAt: sql`now()` },
    });
}

/** A member's last stream on this instance closed. */
export async function markStreamsClosed(db: DbOrTx, instanceId: string, campusId: string, userId: string) {
  await db
    .delete(openStreams)
    .where(
      and(eq(openStreams.instanceId, instanceId), eq(openStreams.campusId, campusId), eq(openStreams.userId, userId)),
    );
}

/**
 * The instance is alive: its rows become exactly `members`, all seen now (a write of an open or a
 * close that failed is mended here).
 */
export async function refreshOpenStreams(
  db: DbOrTx,
  instanceId: string,
  members: Array<{ campusId: string; userId: string }>,
) {
  // Each list as one array parameter: a plain array in Drizzle's sql`` becomes a list of
  // parameters, `($1, $2)::text[]`, which PostgreSQL refuses (and `()` when empty).
  const users = sql.param(members.map((m) => m.userId));
  const campuses = sql.param(members.map((m) => m.campusId));
  await db.execute(sql`
    WITH current AS (
      SELECT * FROM unnest(${users}::text[], ${campuses}::uuid[]) AS c(user_id, campus_id)
    ), gone AS (
      DELETE FROM ${openStreams} o WHERE o.instance_id = ${instanceId}
        AND NOT EXISTS (SELECT 1 FROM current c WHERE c.user_id = o.user_id AND c.campus_id = o.campus_id)
    )
    INSERT INTO ${openStreams} (instance_id, campus_id, user_id, seen_at)
    SELECT ${instanceId}, campus_id, user_id, now() FROM current
    ON CONFLICT (user_id, campus_id, instance_id) DO UPDATE SET seen_at = now()`);
}

/** The instance stops (shutdown): none of its rows count any more. */
export async function forgetInstanceStreams(db: DbOrTx, instanceId: string) {
  await db.delete(openStreams).where(eq(openStreams.instanceId, instanceId));
}
