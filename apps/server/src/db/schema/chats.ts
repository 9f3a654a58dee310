import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { campusIdColumn, ts } from './columns.ts';
import { posts } from './posts.ts';
import { users } from './users.ts';

/**
 * A private conversation between two members of one campus (docs/product/messages.md#chat-record). The pair is
 * stored ordered (`user_a < user_b`) with a unique index, so there is one chat per pair per
 * campus whoever started it. `unread_a` / `unread_b` are the spec's `read` list (who has unread
 * messages); `read_at_a` / `read_at_b` say up to when each side has seen the chat (Seen state).
 */
export const chats = pgTable(
  'chats',
  {
    id: text('id').primaryKey(),
    campusId: campusIdColumn(),
    userA: text('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: text('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who opened the conversation (spec's from_user). */
    startedBy: text('started_by').notNull(),
    unreadA: boolean('unread_a').notNull().default(false),
    unreadB: boolean('unread_b').notNull().default(false),
    readAtA: ts('read_at_a'),
    readAtB: ts('read_at_b'),
    /** The inbox line: the last message's text, 'photo', or a heart line. */
    lastMessage: text('last_message').notNull().default(''),
    lastMessageId: text('last_message_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** lastModified: raised by every message and heart; the inbox is ordered by it. */
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('chats_pair_ordered', sql`${t.userA} < ${t.userB}`),
    uniqueIndex('chats_pair_idx').on(t.campusId, t.userA, t.userB),
    // The inbox: one index per side, each scanned backwards; the two are merged (chats.repo.ts).
    index('chats_inbox_a_idx').on(t.campusId, t.userA, t.updatedAt, t.id),
    index('chats_inbox_b_idx').on(t.campusId, t.userB, t.updatedAt, t.id),
    // Unread counts (the Messages badge).
    index('chats_unread_a_idx').on(t.campusId, t.userA).where(sql`${t.unreadA}`),
    index('chats_unread_b_idx').on(t.campusId, t.userB).where(sql`${t.unreadB}`),
  ],
);

/** A message of a chat (docs/product/messages.md#message-record): text, one optional photo, an optional shared post. */
export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    campusId: campusIdColumn(),
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The editor's serialized state; null for a photo-only or plain message. */
    text: jsonb('text'),
    plainText: text('plain_text').notNull().default(''),
    /**
     * A shared post. No foreign key on purpose: the message stays when the post is deleted and
     * then reads '* Post deleted **'.
     */
    postId: text('post_id'),
    /**
     * An offer card (docs/product/selling.md#offers): the offer this message shows. No foreign
     * key (the offers table refers to chats); offers go with their chat.
     */
    offerId: text('offer_id'),
    /**
     * A meet-up card (docs/product/safety.md#meet-ups): the meet-up this message shows. No foreign
     * key, as for offers; meet-ups go with their chat.
     */
    meetupId: text('meetup_id'),
    /** Storage keys of the photo's variants (images/messages/{messageId}/…), or null. */
    photoPath: text('photo_path'),
    photoFeedPath: text('photo_feed_path'),
    photoWidth: integer('photo_width'),
    photoHeight: integer('photo_height'),
    likesCount: integer('likes_count').notNull().default(0),
    /** Moderation (docs/product/moderation.md): 'hidden' pending review or 'removed'; shown to its sender only. */
    moderation: text('moderation', { enum: ['hidden', 'removed'] }),
    moderatedAt: ts('moderated_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('messages_moderation_known', sql`${t.moderation} IS NULL OR ${t.moderation} IN ('hidden', 'removed')`),
    // A chat's messages, newest first, keyset `(created_at, id) < ($1, $2)` scanned backwards.
    index('messages_chat_idx').on(t.chatId, t.createdAt, t.id),
  ],
);

/** Hearts on messages (docs/product/messages.md#hearts-on-messages). */
export const messageLikes = pgTable(
  'message_likes',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campusId: campusIdColumn(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('message_likes_user_idx').on(t.userId)],
);

/** One user blocking another on a campus (docs/decisions/015-chats-notifications-blocks.md): hides both ways. */
export const blocks = pgTable(
  'blocks',
  {
    campusId: campusIdColumn(),
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
    index('blocks_blocked_idx').on(t.blockedId),
  ],
);

/** The contract's NOTIFICATION_TYPE_VALUES (checked when compiling, notifications.repo.ts). */
export const NOTIFICATION_TYPES = [
  'message',
  'comment',
  'comment reply',
  'comment interaction',
  'post interaction',
  'like',
  'message like',
  'new chat',
  'listing sold',
  'offer accepted',
  'review due',
  'price drop',
  'still available',
  'saved search',
  'content removed',
  'content hidden',
  'warning',
  'suspended',
] as const;

/** Notifications the app sends (from and to the recipient): the contract's SYSTEM_NOTIFICATION_TYPES. */
const SYSTEM_TYPES_SQL = sql.raw(`('still available', 'content removed', 'content hidden', 'warning', 'suspended')`);

/**
 * In-app notifications (docs/product/messages.md#notification-record); never to oneself (CHECK),
 * except the app's own question about a seller's listing ('still available', decision 034).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    campusId: campusIdColumn(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    toUserId: text('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromUserId: text('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    chatId: text('chat_id').references(() => chats.id, { onDelete: 'cascade' }),
    /** A short preview (the message or comment text). */
    message: text('message').notNull().default(''),
    /**
     * The chat message a 'message' or 'message like' notification quotes: its preview is withheld
     * while moderation hides the message (decision 039). No foreign key: a message goes only with
     * its chat, and the chat's notifications go with it (chat_id).
     */
    messageId: text('message_id'),
    read: boolean('read').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * Set (app clock) when the notification is created or refreshed and not yet emailed;
     * cleared when the email sweep claims it (jobs/notification-mail.ts). Null: nothing to mail.
     */
    emailPendingSince: ts('email_pending_since'),
    /** When the last email about this notification was queued. */
    mailedAt: ts('mailed_at'),
    /**
     * Set when a notification of a type that pushes (PUSH_NOTIFICATION_TYPES) is created or
     * refreshed; cleared when the push job claims it (jobs/push.ts, decision 041). A trigger
     * announces it on `campus_push` at commit.
     */
    pushPendingSince: ts('push_pending_since'),
  },
  (t) => [
    check('notifications_not_self', sql`${t.toUserId} <> ${t.fromUserId} OR ${t.type} IN ${SYSTEM_TYPES_SQL}`),
    // The list: newest first, keyset `(created_at, id) < ($1, $2)`.
    index('notifications_list_idx').on(t.toUserId, t.campusId, t.createdAt, t.id),
    // The Notifications badge.
    index('notifications_unread_idx').on(t.toUserId, t.campusId).where(sql`NOT ${t.read}`),
    // A busy chat keeps one unread 'message' notification per recipient, refreshed by each message.
    uniqueIndex('notifications_unread_message_idx')
      .on(t.toUserId, t.chatId)
      .where(sql`${t.type} = 'message' AND NOT ${t.read}`),
    // Deleting a chat removes its notifications (cascade) through this index.
    index('notifications_chat_idx').on(t.chatId),
    // The email sweep finds what waits to be mailed.
    index('notifications_email_pending_idx').on(t.emailPendingSince).where(sql`${t.emailPendingSince} IS NOT NULL`),
    // The push job finds what waits to be pushed.
    index('notifications_push_pending_idx').on(t.pushPendingSince).where(sql`${t.pushPendingSince} IS NOT NULL`),
  ],
);
