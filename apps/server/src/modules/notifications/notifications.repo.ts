import { type NOTIFICATION_TYPE_VALUES, PUSH_NOTIFICATION_TYPES, SYSTEM_NOTIFICATION_TYPES } from '@campus/contract';
import { and, desc, eq, getTableColumns, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  blocks,
  chats,
  messages,
  type NOTIFICATION_TYPES,
  notifications,
  posts,
  userSummaryColumns,
  users,
} from '../../db/schema/index.ts';
import type { Cursor } from '../../lib/cursor.ts';
import { newId } from '../../lib/ids.ts';

// The table's list of types and the contract's are the same eight (checked when compiling).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const typesAgree: Same<(typeof NOTIFICATION_TYPES)[number], (typeof NOTIFICATION_TYPE_VALUES)[number]> = true;
void typesAgree;

export type NotificationRow = typeof notifications.$inferSelect;
type NotificationType = NotificationRow['type'];
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
  /** The chat message the notification quotes, if any (its preview is withheld while it is moderated). */
  messageId?: string | null;
  message?: string;
  createdAt: Date;
}

/**
 * No notification passes between two people when either blocked the other (a block stops
 * everything between them): every insert and refresh below checks it in its own statement,
 * so no notification type, present or future, can forget it.
 */
const pairNotBlocked = (toUserId: string, fromUserId: string): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM ${blocks} b
    WHERE (b.blocker_id = ${toUserId} AND b.blocked_id = ${fromUserId})
       OR (b.blocker_id = ${fromUserId} AND b.blocked_id = ${toUserId}))`;

/**
 * The text a notification shows its recipient (`n` is the notifications row's alias): its stored
 * preview, or '' while the message, post or comment it quotes is hidden or removed by moderation
 * and the recipient did not write it (docs/product/moderation.md#auto-hide, decision 039). Read at
 * every use (the list, the email, the push), so a restore shows the text again. The app's own
 * notifications quote nothing.
 */
const shownTextOf = (n: SQL): SQL<string> => sql<string>`CASE
    WHEN ${n}.type NOT IN (${sql.join(
      SYSTEM_NOTIFICATION_TYPES.map((type) => sql`${type}`),
      sql`, `,
    )}) AND (
      EXISTS (SELECT 1 FROM ${messages} m
              WHERE m.id = ${n}.message_id AND m.moderation IS NOT NULL AND m.sender_id <> ${n}.to_user_id)
      OR EXISTS (SELECT 1 FROM ${posts} p
              WHERE p.id = ${n}.post_id AND p.moderation IS NOT NULL AND p.user_id <> ${n}.to_user_id))
    THEN '' ELSE ${n}.message END`;

/** What notify() announces of a notification created or refreshed. */
export type StoredNotification = Pick<NotificationRow, 'id' | 'type' | 'chatId' | 'postId'>;

/**
 * Inserts a notification, or nothing when the two blocked each other (undefined). A 'message'
 * notification is kept once per chat while unread: a busy chat refreshes the one row (time,
 * text) instead of adding one per message.
 */
export async function insertNotification(db: DbOrTx, n: NewNotification): Promise<StoredNotification | undefined> {
  const id = newId();
  const postId = n.postId ?? null;
  const chatId = n.chatId ?? null;
  const messageId = n.messageId ?? null;
  const message = n.message ?? '';
  const at = n.createdAt.toISOString();
  const stored = (rowId: string): StoredNotification => ({ id: rowId, type: n.type, chatId, postId });
  if (TOGGLE_TYPES.has(n.type)) {
    // Saving, unsaving and saving again (or a heart toggled) is one unread notification, refreshed.
    const [refreshed] = await db
      .update(notifications)
      .set({
        createdAt: n.createdAt,
        message,
        messageId,
        // A refresh keeps the start of the unmailed stretch (the sweep's maximum delay counts from it).
        emailPendingSince: sql`coalesce(${notifications.emailPendingSince}, ${at}::timestamptz)`,
      })
      .where(
        and(
          eq(notifications.toUserId, n.toUserId),
          eq(notifications.fromUserId, n.fromUserId),
          eq(notifications.type, n.type),
          postId ? eq(notifications.postId, postId) : sql`${notifications.postId} IS NULL`,
          chatId ? eq(notifications.chatId, chatId) : sql`${notifications.chatId} IS NULL`,
          sql`NOT ${notifications.read}`,
          pairNotBlocked(n.toUserId, n.fromUserId),
        ),
      )
      .returning({ id: notifications.id });
    if (refreshed) return stored(refreshed.id);
  }
  const refreshUnreadMessage =
    n.type === 'message' && chatId
      ? sql`ON CONFLICT (to_user_id, chat_id) WHERE type = 'message' AND NOT read DO UPDATE SET
          created_at = excluded.created_at, message = excluded.message, message_id = excluded.message_id,
          from_user_id = excluded.from_user_id,
          push_pending_since = excluded.push_pending_since,
          email_pending_since = coalesce(${notifications}.email_pending_since, excluded.email_pending_since)`
      : sql``;
  // `email_pending_since`: waits for the email sweep (jobs/notification-mail.ts), which checks the
  // recipient's settings. Saved-search matches are mailed by their daily digest instead (decision 040).
  // `push_pending_since`: waits for the push job (jobs/push.ts), which checks for open tabs and devices.
  const emailAt = n.type === 'saved search' ? null : at;
  const pushAt = PUSH_NOTIFICATION_TYPES.includes(n.type) ? at : null;
  const result = await db.execute<{ id: string }>(sql`
    INSERT INTO ${notifications}
      (id, campus_id, type, to_user_id, from_user_id, post_id, chat_id, message_id, message, created_at,
       email_pending_since, push_pending_since)
    SELECT ${id}, ${n.campusId}, ${n.type}, ${n.toUserId}, ${n.fromUserId}, ${postId}::text, ${chatId}::text,
      ${messageId}::text, ${message}, ${at}::timestamptz, ${emailAt}::timestamptz, ${pushAt}::timestamptz
    WHERE ${pairNotBlocked(n.toUserId, n.fromUserId)}
    ${refreshUnreadMessage}
    RETURNING id`);
  const row = result.rows[0];
  return row ? stored(row.id) : undefined;
}

/** Deletes every notification between two people, either way (when one blocks the other); how many went. */
export async function deleteNotificationsBetween(db: DbOrTx, one: string, two: string): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(
      or(
        and(eq(notifications.toUserId, one), eq(notifications.fromUserId, two)),
        and(eq(notifications.toUserId, two), eq(notifications.fromUserId, one)),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Types made by a toggle (save, heart): repeated toggles must not pile up notifications. */
const TOGGLE_TYPES: ReadonlySet<NotificationType> = new Set(['like', 'comment interaction', 'message like']);

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
    .select({
      notification: { ...getTableColumns(notifications), message: shownTextOf(sql`${notifications}`) },
      fromUser: userSummaryColumns,
    })
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

/** A chat on screen is read: the user's unread notifications of that chat (messages, hearts) become read. */
export async function markChatNotificationsRead(db: DbOrTx, userId: string, chatId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.toUserId, userId), eq(notifications.chatId, chatId), sql`NOT ${notifications.read}`))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The Messages badge: chats of this campus where the user has unread messages. */
export async function countUnreadChats(db: DbOrTx, userId: string, campusId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    SELECT (SELECT count(*) FROM ${chats} WHERE campus_id = ${campusId} AND user_a = ${userId} AND unread_a)::int
         + (SELECT count(*) FROM ${chats} WHERE campus_id = ${campusId} AND user_b = ${userId} AND unread_b)::int AS n`);
  return result.rows[0]?.n ?? 0;
}

export async function countUnread(db: DbOrTx, userId: string, campusId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM ${notifications}
    WHERE to_user_id = ${userId} AND campus_id = ${campusId} AND NOT read`);
  return result.rows[0]?.n ?? 0;
}

/** A notification waiting to be emailed, with what its email needs; rows locked by the caller. */
export interface PendingMailRow {
  id: string;
  campusId: string;
  toUserId: string;
  chatId: string | null;
  postId: string | null;
  type: NotificationType;
  message: string;
  read: boolean;
  createdAt: Date;
  emailPendingSince: Date;
  /** The recipient's sign-in email and their email_notifications flag, read now. */
  toEmail: string;
  emailNotifications: boolean;
  /** The kinds whose email the recipient turned off (notification settings, decision 040). */
  emailOff: string[];
  fromFirstName: string;
  fromLastName: string;
  /** When the recipient last opened the chat (null: never, or not a chat notification). */
  chatSeenAt: Date | null;
}

type PendingMailDbRow = {
  id: string;
  campus_id: string;
  to_user_id: string;
  chat_id: string | null;
  post_id: string | null;
  type: NotificationType;
  message: string;
  read: boolean;
  created_at: string | Date;
  email_pending_since: string | Date;
  to_email: string;
  email_notifications: boolean;
  email_off: string[] | null;
  from_first_name: string;
  from_last_name: string;
  chat_seen_at: string | Date | null;
};

const asDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * Locks every unmailed notification of up to `limit` mail groups that are due: a group is one
 * recipient's notifications of one chat, or all their notifications about posts (chat_id null);
 * it is due when its newest activity is older than `quietBefore` or its oldest unmailed one
 * waits since `waitedBefore`. Only unmailed rows are read (partial index; they are minutes
 * old). FOR UPDATE, not SKIP LOCKED: a message being sent into the chat right now is waited
 * for, and the caller re-checks the group on the locked (latest) rows. Locked in id order.
 */
export async function lockPendingMailGroups(
  tx: DbOrTx,
  options: { quietBefore: Date; waitedBefore: Date; limit: number },
): Promise<PendingMailRow[]> {
  const result = await tx.execute<PendingMailDbRow>(sql`
    WITH groups AS (
      SELECT to_user_id, campus_id, chat_id FROM ${notifications}
      WHERE email_pending_since IS NOT NULL
      GROUP BY to_user_id, campus_id, chat_id
      HAVING max(created_at) <= ${options.quietBefore.toISOString()}::timestamptz
          OR min(email_pending_since) <= ${options.waitedBefore.toISOString()}::timestamptz
      ORDER BY min(email_pending_since)
      LIMIT ${options.limit}
    )
    SELECT n.id, n.campus_id, n.to_user_id, n.chat_id, n.post_id, n.type, ${shownTextOf(sql`n`)} AS message,
           n.read, n.created_at,
           n.email_pending_since, u.email AS to_email, u.email_notifications, ns.email_off,
           f.first_name AS from_first_name, f.last_name AS from_last_name,
           CASE WHEN c.user_a = n.to_user_id THEN c.read_at_a ELSE c.read_at_b END AS chat_seen_at
    FROM ${notifications} n
    JOIN groups g ON g.to_user_id = n.to_user_id AND g.campus_id = n.campus_id
                 AND g.chat_id IS NOT DISTINCT FROM n.chat_id
    JOIN users u ON u.id = n.to_user_id
    JOIN users f ON f.id = n.from_user_id
    LEFT JOIN chats c ON c.id = n.chat_id
    LEFT JOIN notification_settings ns ON ns.user_id = n.to_user_id
    WHERE n.email_pending_since IS NOT NULL
    ORDER BY n.id
    FOR UPDATE OF n`);
  return result.rows.map((r) => ({
    id: r.id,
    campusId: r.campus_id,
    toUserId: r.to_user_id,
    chatId: r.chat_id,
    postId: r.post_id,
    type: r.type,
    message: r.message,
    read: r.read,
    createdAt: asDate(r.created_at),
    emailPendingSince: asDate(r.email_pending_since),
    toEmail: r.to_email,
    emailNotifications: r.email_notifications,
    emailOff: r.email_off ?? [],
    fromFirstName: r.from_first_name,
    fromLastName: r.from_last_name,
    chatSeenAt: r.chat_seen_at === null ? null : asDate(r.chat_seen_at),
  }));
}

/** Takes claimed rows out of the email queue; `mailedIds` were put in an email queued at `at`. */
export async function markMailClaimed(db: DbOrTx, ids: string[], mailedIds: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({
      emailPendingSince: null,
      mailedAt: mailedIds.length
        ? sql`CASE WHEN ${inArray(notifications.id, mailedIds)} THEN ${at.toISOString()}::timestamptz ELSE ${notifications.mailedAt} END`
        : notifications.mailedAt,
    })
    .where(inArray(notifications.id, ids));
}

/** A notification the push job claimed (jobs/push.ts, decision 041), with the sender's name. */
export interface PushClaimRow {
  id: string;
  campusId: string;
  toUserId: string;
  type: NotificationType;
  chatId: string | null;
  postId: string | null;
  message: string;
  read: boolean;
  fromFirstName: string;
  fromLastName: string;
}

/**
 * Takes up to `limit` notifications waiting to be pushed out of the queue (SKIP LOCKED: two
 * instances never take the same one) and answers them. Called in its own short transaction:
 * the pushes are sent after it commits.
 */
export async function claimPendingPushes(tx: DbOrTx, limit: number): Promise<PushClaimRow[]> {
  const result = await tx.execute<{
    id: string;
    campus_id: string;
    to_user_id: string;
    type: NotificationType;
    chat_id: string | null;
    post_id: string | null;
    message: string;
    read: boolean;
    from_first_name: string;
    from_last_name: string;
  }>(sql`
    WITH due AS (
      SELECT id FROM ${notifications} WHERE push_pending_since IS NOT NULL
      ORDER BY push_pending_since LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE ${notifications} n SET push_pending_since = NULL
    FROM due, ${users} f
    WHERE n.id = due.id AND f.id = n.from_user_id
    RETURNING n.id, n.campus_id, n.to_user_id, n.type, n.chat_id, n.post_id, ${shownTextOf(sql`n`)} AS message, n.read,
              f.first_name AS from_first_name, f.last_name AS from_last_name`);
  return result.rows.map((r) => ({
    id: r.id,
    campusId: r.campus_id,
    toUserId: r.to_user_id,
    type: r.type,
    chatId: r.chat_id,
    postId: r.post_id,
    message: r.message,
    read: r.read,
    fromFirstName: r.from_first_name,
    fromLastName: r.from_last_name,
  }));
}
