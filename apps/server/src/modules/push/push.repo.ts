import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { openStreams, pushSubscriptions } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export interface NewPushSubscription {
  campusId: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  createdAt: Date;
}

/**
 * Stores a browser's subscription; the same endpoint again (the same browser, maybe another
 * member signed in there now) replaces the row's owner and keys.
 */
export async function upsertSubscription(db: DbOrTx, s: NewPushSubscription): Promise<PushSubscriptionRow> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ id: newId(), ...s })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        campusId: s.campusId,
        userId: s.userId,
        p256dh: s.p256dh,
        auth: s.auth,
        label: s.label,
        // Another member's device settings do not carry over.
        kinds: sql`CASE WHEN ${pushSubscriptions.userId} = ${s.userId} THEN ${pushSubscriptions.kinds} ELSE '{}'::jsonb END`,
        createdAt: sql`CASE WHEN ${pushSubscriptions.userId} = ${s.userId} THEN ${pushSubscriptions.createdAt} ELSE excluded.created_at END`,
      },
    })
    .returning();
  return row as PushSubscriptionRow;
}

/** Deletes a member's subscriptions past the newest `keep` on one campus. */
export async function trimSubscriptions(db: DbOrTx, userId: string, campusId: string, keep: number): Promise<void> {
  await db.execute(sql`
    DELETE FROM ${pushSubscriptions} WHERE id IN (
      SELECT id FROM ${pushSubscriptions} WHERE user_id = ${userId} AND campus_id = ${campusId}
      ORDER BY created_at DESC, id DESC OFFSET ${keep})`);
}

export async function findSubscription(db: DbOrTx, id: string): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

export async function deleteSubscription(db: DbOrTx, id: string, userId: string): Promise<number> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

/** A member's devices on one campus, oldest first. */
export async function devicesOf(db: DbOrTx, userId: string, campusId: string): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.campusId, campusId)))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

/** Merges per-kind switches into one of the member's own devices; undefined: not theirs (nothing changed). */
export async function updateDeviceKinds(
  db: DbOrTx,
  id: string,
  userId: string,
  campusId: string,
  kinds: Record<string, boolean>,
): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db
    .update(pushSubscriptions)
    .set({ kinds: sql`${pushSubscriptions.kinds} || ${JSON.stringify(kinds)}::jsonb` })
    .where(
      and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.campusId, campusId)),
    )
    .returning();
  return row;
}

/** Subscriptions the push service answered 404 or 410 for: gone for good. */
export async function deleteSubscriptionsByIds(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

/** The devices of these members, each on the campus it subscribed on. */
export async function subscriptionsOf(db: DbOrTx, userIds: string[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds))
    .orderBy(asc(pushSubscriptions.createdAt));
}

/** How long an instance's row counts after its last refresh (three SSE heartbeats and some). */
const OPEN_STREAM_FRESH_SECONDS = 90;

/** Of these members, those with a tab open on some instance (`campusId/userId` keys; database clock). */
export async function membersWithOpenTabs(
  db: DbOrTx,
  members: Array<{ campusId: string; userId: string }>,
): Promise<Set<string>> {
  if (members.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ campusId: openStreams.campusId, userId: openStreams.userId })
    .from(openStreams)
    .where(
      and(
        inArray(
          openStreams.userId,
          members.map((m) => m.userId),
        ),
        sql`${openStreams.seenAt} > now() - make_interval(secs => ${OPEN_STREAM_FRESH_SECONDS})`,
      ),
    );
  return new Set(rows.map((r) => `${r.campusId}/${r.userId}`));
}
