import {
  type CampusDefinition,
  CHAT_EVENT_TYPES,
  NOTIFICATION_LIMITS,
  type NotificationList,
  SYSTEM_NOTIFICATION_TYPES,
  type UnreadCounts,
} from '@campus/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { decodeCursor } from '../../lib/cursor.ts';
import { type NewEvent, publishEvent, publishEvents } from '../../lib/events.ts';
import { pageOf } from '../../lib/page.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { presentNotification } from './notifications.presenter.ts';
import {
  countUnread,
  countUnreadChats,
  deleteNotificationsBetween as deleteBetween,
  insertNotification,
  listNotifications,
  markChatNotificationsRead,
  markRead,
  type NewNotification,
} from './notifications.repo.ts';

export interface NotificationsDeps {
  db: Database;
  storage: StorageDriver;
}

/** Both badges of one user (Messages: unread chats; Notifications: unread notifications). */
export async function unreadCounts(db: DbOrTx, userId: string, campusId: string): Promise<UnreadCounts> {
  const [messages, notifications] = await Promise.all([
    countUnreadChats(db, userId, campusId),
    countUnread(db, userId, campusId),
  ]);
  return { messages, notifications };
}

/**
 * Creates a notification inside the caller's transaction and announces it with the
 * recipient's new badge counts. Never to oneself (docs/product/messages.md#who-is-notified): that is skipped here, and the
 * table refuses it too, except the app's own questions about one's listing (SYSTEM_NOTIFICATION_TYPES,
 * stored from and to the seller, decision 034). Never between two people when either blocked the other: the insert
 * itself skips them (`insertNotification`). `also`: the caller's own events of this change,
 * published first in the same statement (the campus's publish lock is then held for one round
 * trip, not several).
 */
export async function notify(tx: DbOrTx, n: NewNotification, also: NewEvent[] = []): Promise<void> {
  const toOneself = n.toUserId === n.fromUserId && !SYSTEM_NOTIFICATION_TYPES.includes(n.type);
  const row = toOneself ? undefined : await insertNotification(tx, n);
  if (!row) {
    if (also.length > 0) await publishEvents(tx, also);
    return;
  }
  const counts = await unreadCounts(tx, n.toUserId, n.campusId);
  await publishEvents(tx, [
    ...also,
    {
      campusId: n.campusId,
      userId: n.toUserId,
      type: CHAT_EVENT_TYPES.notificationCreated,
      payload: { id: row.id, type: row.type, chatId: row.chatId, postId: row.postId },
    },
    { campusId: n.campusId, userId: n.toUserId, type: CHAT_EVENT_TYPES.unreadChanged, payload: { ...counts } },
  ]);
}

/** Tells a user's tabs their badge counts (call inside the transaction that changed them). */
export async function publishUnreadCounts(tx: DbOrTx, userId: string, campusId: string): Promise<void> {
  await publishEvent(tx, {
    campusId,
    userId,
    type: CHAT_EVENT_TYPES.unreadChanged,
    payload: { ...(await unreadCounts(tx, userId, campusId)) },
  });
}

export async function listForViewer(
  deps: NotificationsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  query: { cursor?: string },
): Promise<NotificationList> {
  const limit = NOTIFICATION_LIMITS.perPage;
  const rows = await listNotifications(deps.db, {
    userId: viewer.id,
    campusId: campus.id,
    cursor: decodeCursor(query.cursor),
    limit,
  });
  const page = pageOf(rows, limit, (r) => ({ at: r.notification.createdAt, id: r.notification.id }));
  return {
    notifications: rows.map((r) => presentNotification(r, (key) => deps.storage.url(key))),
    nextCursor: page.nextCursor,
  };
}

/** Marks shown notifications read (docs/product/messages.md#reading-notifications: unread becomes read once shown). */
export async function markShownRead(
  deps: NotificationsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  ids: string[],
): Promise<{ updated: number }> {
  return deps.db.transaction(async (tx) => {
    const updated = await markRead(tx, viewer.id, campus.id, ids);
    if (updated > 0) await publishUnreadCounts(tx, viewer.id, campus.id);
    return { updated };
  });
}

/** A chat on screen is read: the user's unread notifications of that chat (messages, hearts) become read. */
export const markChatRead = (tx: DbOrTx, userId: string, chatId: string): Promise<number> =>
  markChatNotificationsRead(tx, userId, chatId);

/** When one blocks the other: every notification between the two goes, either way; how many went. */
export const deleteNotificationsBetween = (tx: DbOrTx, one: string, two: string): Promise<number> =>
  deleteBetween(tx, one, two);
