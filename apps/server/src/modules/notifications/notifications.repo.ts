import type { NOTIFICATION_TYPE_VALUES } from '@campus/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type NOTIFICATION_TYPES, notifications, users } from '../../db/schema/index.ts';
import type { Cursor } from '../../lib/cursor.ts';
import { newId } from '../../lib/ids.ts';

// The table's list of types and the contract's are the same eight (checked when compiling).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const typesAgree: Same<(typeof NOTIFICATION_TYPES)[number], (typeof NOTIFICATION_TYPE_VALUES)[number]> = true;
void typesAgree;

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationType = NotificationRow['type'];
export type FromUserRow = Pick<
  typeof users.$inferSelect,
  'id' | 'username' | 'firstName' | 'lastName' | 'img' | 'verified'
>;

export interface NewNotification {
  campusId: string;
  type: NotificationType;
  toUserId: string;
  fromUserId: string;
  postId?: string | null;
  chatId?: string | null;
  message?: string;
  createdAt: Date;
}

/**
 * Inserts a notification. A 'message' notification is kept once per chat while unread: a
 * busy chat refreshes the one row (time, text) instead of adding one per message.
 */
export async function insertNotification(db: DbOrTx, n: NewNotification): Promise<NotificationRow> {
  const values = {
    id: newId(),
    campusId: n.campusId,
    type: n.type,
    toUserId: n.toUserId,
    fromUserId: n.fromUserId,
    postId: n.postId ?? null,
    chatId: n.chatId ?? null,
    message: n.message ?? '',
    createdAt: n.createdAt,
  };
  if (TOGGLE_TYPES.has(n.type)) {
    // Saving, unsaving and saving again (or a heart toggled) is one unread notification, refreshed.
    const [refreshed] = await db
      .update(notifications)
      .set({ createdAt: values.createdAt, message: values.message })
      .where(
        and(
          eq(notifications.toUserId, n.toUserId),
          eq(notifications.fromUserId, n.fromUserId),
          eq(notifications.type, n.type),
          values.postId ? eq(notifications.postId, values.postId) : sql`${notifications.postId} IS NULL`,
          values.chatId ? eq(notifications.chatId, values.chatId) : sql`${notifications.chatId} IS NULL`,
          sql`NOT ${notifications.read}`,
        ),
      )
      .returning();
    if (refreshed) return refreshed;
  }
  if (n.type === 'message' && n.chatId) {
    const [row] = await db
      .insert(notifications)
      .values(values)
      .onConflictDoUpdate({
        target: [notifications.toUserId, notifications.chatId],
        targetWhere: sql`${notifications.type} = 'message' AND NOT ${notifications.read}`,
        set: { createdAt: values.createdAt, message: values.message, fromUserId: values.fromUserId },
      })
      .returning();
    return row as NotificationRow;
  }
  const [row] = await db.insert(notifications).values(values).returning();
  return row as NotificationRow;
}

/** Types made by a toggle (save, heart): repeated toggles must not pile up notifications. */
const TOGGLE_TYPES: ReadonlySet<NotificationType> = new Set(['like', 'comment interaction', 'message like']);

const fromColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  img: users.img,
  verified: users.verified,
};

const before = (cursor: Cursor | undefined): SQL | undefined =>
  cursor
    ? sql`(${notifications.createdAt}, ${notifications.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id})`
    : undefined;

/** A user's notifications on one campus, newest first (index notifications_list_idx). */
export async function listNotifications(
  db: DbOrTx,
  options: { userId: string; campusId: string; cursor?: Cursor; limit: number },
): Promise<Array<{ notification: NotificationRow; fromUser: FromUserRow }>> {
  return db
    .select({ notification: notifications, fromUser: fromColumns })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.fromUserId))
    .where(
      and(
        eq(notifications.toUserId, options.userId),
        eq(notifications.campusId, options.campusId),
        before(options.cursor),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit);
}

/** Marks the user's own notifications among `ids` read; others' ids change nothing. */
export async function markRead(db: DbOrTx, userId: string, campusId: string, ids: string[]): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(
      and(
        eq(notifications.toUserId, userId),
        eq(notifications.campusId, campusId),
        inArray(notifications.id, ids),
        sql`NOT ${notifications.read}`,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function countUnread(db: DbOrTx, userId: string, campusId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM ${notifications}
    WHERE to_user_id = ${userId} AND campus_id = ${campusId} AND NOT read`);
  return result.rows[0]?.n ?? 0;
}
