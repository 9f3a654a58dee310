import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { blocks, chats, messageLikes, messages, userSummaryColumns, users } from '../../db/schema/index.ts';
import type { Cursor } from '../../lib/cursor.ts';

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type UserSummaryRow = Pick<
  typeof users.$inferSelect,
  'id' | 'username' | 'firstName' | 'lastName' | 'img' | 'verified'
>;

/** A chat as one participant sees it: the other person (read now) and the block state. */
export interface ChatView {
  chat: ChatRow;
  other: UserSummaryRow;
  blockedByViewer: boolean;
  blockedByOther: boolean;
  /**
   * Set when the chat's stored inbox line quotes a message moderation hides from the viewer
   * (decision 039): the newest message the viewer may read instead (null: none), whose preview
   * the inbox shows.
   */
  shownInstead?: ShownMessage | null;
}

/** What an inbox line is made of (chats.presenter.ts: messagePreview). */
export interface ShownMessage {
  id: string;
  plainText: string;
  hasPhoto: boolean;
  sharesPost: boolean;
}

/** The stored order of a pair (CHECK user_a < user_b). */
export function orderedPair(one: string, two: string): { userA: string; userB: string } {
  return one < two ? { userA: one, userB: two } : { userA: two, userB: one };
}

export function otherOf(chat: ChatRow, userId: string): string {
  return chat.userA === userId ? chat.userB : chat.userA;
}

type ViewRecord = Record<string, unknown>;

function toView(r: ViewRecord): ChatView {
  const date = (v: unknown) => (v === null ? null : new Date(v as string | Date));
  return {
    chat: {
      id: r.id as string,
      campusId: r.campus_id as string,
      userA: r.user_a as string,
      userB: r.user_b as string,
      startedBy: r.started_by as string,
      unreadA: r.unread_a as boolean,
      unreadB: r.unread_b as boolean,
      readAtA: date(r.read_at_a),
      readAtB: date(r.read_at_b),
      lastMessage: r.last_message as string,
      lastMessageId: (r.last_message_id as string | null) ?? null,
      createdAt: date(r.created_at) as Date,
      updatedAt: date(r.updated_at) as Date,
    },
    other: {
      id: r.o_id as string,
      username: r.o_username as string,
      firstName: r.o_first_name as string,
      lastName: r.o_last_name as string,
      img: (r.o_img as string | null) ?? null,
      verified: r.o_verified as boolean,
    },
    blockedByViewer: r.blocked_by_viewer as boolean,
    blockedByOther: r.blocked_by_other as boolean,
    ...(r.last_withheld
      ? {
          shownInstead: r.s_id
            ? {
                id: r.s_id as string,
                plainText: r.s_plain_text as string,
                hasPhoto: r.s_has_photo as boolean,
                sharesPost: r.s_shares_post as boolean,
              }
            : null,
        }
      : {}),
  };
}

/**
 * Chats (`from` is a subquery aliased c) joined to the viewer's other person and block flags.
 * The stored inbox line (`last_message`) is withheld when the message it quotes (a message, or
 * the message a heart line is about) is hidden or removed by moderation and not the viewer's own
 * (docs/product/moderation.md#auto-hide): the newest message the viewer may read is read instead,
 * backwards on messages_chat_idx, only for such chats.
 */
function viewQuery(viewerId: string, from: SQL, tail: SQL = sql``): SQL {
  return sql`
    SELECT c.id, c.campus_id, c.user_a, c.user_b, c.started_by, c.unread_a, c.unread_b, c.read_at_a,
           c.read_at_b, c.last_message, c.last_message_id, c.created_at, c.updated_at,
           u.id AS o_id, u.username AS o_username, u.first_name AS o_first_name,
           u.last_name AS o_last_name, u.img AS o_img, u.verified AS o_verified,
           EXISTS (SELECT 1 FROM ${blocks} b WHERE b.blocker_id = ${viewerId} AND b.blocked_id = u.id) AS blocked_by_viewer,
           EXISTS (SELECT 1 FROM ${blocks} b WHERE b.blocker_id = u.id AND b.blocked_id = ${viewerId}) AS blocked_by_other,
           w.withheld AS last_withheld, s.id AS s_id, s.plain_text AS s_plain_text,
           s.photo_path IS NOT NULL AS s_has_photo, s.post_id IS NOT NULL AS s_shares_post
    FROM ${from} c
    JOIN ${users} u ON u.id = CASE WHEN c.user_a = ${viewerId} THEN c.user_b ELSE c.user_a END
    CROSS JOIN LATERAL (SELECT EXISTS (
      SELECT 1 FROM ${messages} lm
      WHERE lm.id = c.last_message_id AND lm.moderation IS NOT NULL AND lm.sender_id <> ${viewerId}
    ) AS withheld) w
    LEFT JOIN LATERAL (
      SELECT m.id, m.plain_text, m.photo_path, m.post_id FROM ${messages} m
      WHERE w.withheld AND m.chat_id = c.id AND (m.moderation IS NULL OR m.sender_id = ${viewerId})
      ORDER BY m.created_at DESC, m.id DESC LIMIT 1
    ) s ON true
    ${tail}`;
}

export async function findChat(db: DbOrTx, id: string): Promise<ChatRow | undefined> {
  const [row] = await db.select().from(chats).where(eq(chats.id, id));
  return row;
}

export async function findChatView(db: DbOrTx, id: string, viewerId: string): Promise<ChatView | undefined> {
  const result = await db.execute<ViewRecord>(viewQuery(viewerId, sql`(SELECT * FROM ${chats} WHERE id = ${id})`));
  const row = result.rows[0];
  return row ? toView(row) : undefined;
}

export async function findChatByPair(
  db: DbOrTx,
  campusId: string,
  pair: { userA: string; userB: string },
): Promise<ChatRow | undefined> {
  const [row] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.campusId, campusId), eq(chats.userA, pair.userA), eq(chats.userB, pair.userB)));
  return row;
}

/** Inserts the pair's chat unless it exists (a concurrent start of the same pair wins once). */
export async function insertChatIfAbsent(db: DbOrTx, values: typeof chats.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(chats).values(values).onConflictDoNothing().returning({ id: chats.id });
  return inserted.length > 0;
}

/**
 * The inbox: a user's chats on one campus, newest-modified first. The user is user_a in some
 * chats and user_b in others; each side is read from its own index (backwards, at most
 * `limit` rows) and the two are merged, instead of an OR that would sort every chat.
 */
export async function listInbox(
  db: DbOrTx,
  options: { userId: string; campusId: string; cursor?: Cursor; limit: number },
): Promise<ChatView[]> {
  const { userId, campusId, cursor, limit } = options;
  const after = cursor ? sql`AND (updated_at, id) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id})` : sql``;
  const from = sql`(
    (SELECT * FROM ${chats} WHERE campus_id = ${campusId} AND user_a = ${userId} ${after}
      ORDER BY updated_at DESC, id DESC LIMIT ${limit})
    UNION ALL
    (SELECT * FROM ${chats} WHERE campus_id = ${campusId} AND user_b = ${userId} ${after}
      ORDER BY updated_at DESC, id DESC LIMIT ${limit})
  )`;
  const result = await db.execute<ViewRecord>(
    viewQuery(userId, from, sql`ORDER BY c.updated_at DESC, c.id DESC LIMIT ${limit}`),
  );
  return result.rows.map(toView);
}

/** After a message or a heart: the inbox line, order and who has something unread. */
export async function touchChat(
  db: DbOrTx,
  chat: ChatRow,
  actorId: string,
  change: { lastMessage: string; lastMessageId: string; at: Date },
): Promise<void> {
  const actorIsA = chat.userA === actorId;
  await db
    .update(chats)
    .set({
      lastMessage: change.lastMessage,
      lastMessageId: change.lastMessageId,
      updatedAt: change.at,
      // The other side has something new; the actor has seen everything up to now.
      ...(actorIsA
        ? { unreadB: true, unreadA: false, readAtA: change.at }
        : { unreadA: true, unreadB: false, readAtB: change.at }),
    })
    .where(eq(chats.id, chat.id));
}

/** The user opened the chat: nothing unread for them, Seen for the other's messages until now. */
export async function markChatSeen(db: DbOrTx, chat: ChatRow, userId: string, at: Date): Promise<void> {
  await db
    .update(chats)
    .set(chat.userA === userId ? { unreadA: false, readAtA: at } : { unreadB: false, readAtB: at })
    .where(eq(chats.id, chat.id));
}

/** Deletes a chat (its messages, hearts and notifications cascade); returns the ids of messages with photos. */
export async function deleteChatRows(db: DbOrTx, chatId: string): Promise<{ messages: number; photoIds: string[] }> {
  const rows = await db
    .select({ id: messages.id, photo: messages.photoPath })
    .from(messages)
    .where(eq(messages.chatId, chatId));
  await db.delete(chats).where(eq(chats.id, chatId));
  return { messages: rows.length, photoIds: rows.filter((r) => r.photo !== null).map((r) => r.id) };
}

export async function insertMessage(db: DbOrTx, values: typeof messages.$inferInsert): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  return row as MessageRow;
}

export async function findMessage(db: DbOrTx, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

/**
 * A chat's messages newest first; `(created_at, id) < cursor` as a row comparison (index messages_chat_idx).
 * A message hidden or removed by moderation is read by its sender only (docs/product/moderation.md).
 */
export async function listMessages(
  db: DbOrTx,
  options: { chatId: string; viewerId: string; cursor?: Cursor; limit: number },
): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.chatId, options.chatId),
        or(isNull(messages.moderation), eq(messages.senderId, options.viewerId)),
        options.cursor
          ? sql`(${messages.createdAt}, ${messages.id}) < (${options.cursor.at.toISOString()}::timestamptz, ${options.cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(options.limit);
}

export async function heartedAmong(db: DbOrTx, userId: string, messageIds: string[]): Promise<Set<string>> {
  if (messageIds.length === 0) return new Set();
  const rows = await db
    .select({ id: messageLikes.messageId })
    .from(messageLikes)
    .where(and(eq(messageLikes.userId, userId), inArray(messageLikes.messageId, messageIds)));
  return new Set(rows.map((r) => r.id));
}

/** Adds the user's heart, or removes it when there was one (a toggle); returns the new state. */
export async function toggleHeart(
  db: DbOrTx,
  message: MessageRow,
  userId: string,
  at: Date,
): Promise<{ liked: boolean; likesCount: number }> {
  const inserted = await db
    .insert(messageLikes)
    .values({ messageId: message.id, userId, campusId: message.campusId, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: messageLikes.messageId });
  const liked = inserted.length > 0;
  if (!liked) {
    await db.delete(messageLikes).where(and(eq(messageLikes.messageId, message.id), eq(messageLikes.userId, userId)));
  }
  const [row] = await db
    .update(messages)
    .set({ likesCount: sql`greatest(${messages.likesCount} ${liked ? sql`+` : sql`-`} 1, 0)` })
    .where(eq(messages.id, message.id))
    .returning({ likesCount: messages.likesCount });
  return { liked, likesCount: row?.likesCount ?? 0 };
}

/** `text` as a LIKE prefix: its wildcards matched literally. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The new-message search (docs/product/messages.md#new-message): school-verified members of this campus
 * whose first name, last name, full name or username starts with `query`; never the viewer,
 * never someone either side blocked.
 */
export async function searchMembers(
  db: DbOrTx,
  options: { viewerId: string; campusId: string; query: string; limit: number },
): Promise<UserSummaryRow[]> {
  const prefix = likePrefix(options.query);
  return db
    .select(userSummaryColumns)
    .from(users)
    .where(
      and(
        eq(users.campusId, options.campusId),
        eq(users.schoolVerified, true),
        sql`${users.id} <> ${options.viewerId}`,
        sql`(${users.firstName} ILIKE ${prefix} OR ${users.lastName} ILIKE ${prefix}
          OR ${users.username} ILIKE ${prefix} OR (${users.firstName} || ' ' || ${users.lastName}) ILIKE ${prefix})`,
        sql`NOT EXISTS (SELECT 1 FROM ${blocks} b
          WHERE (b.blocker_id = ${options.viewerId} AND b.blocked_id = ${users.id})
             OR (b.blocker_id = ${users.id} AND b.blocked_id = ${options.viewerId}))`,
      ),
    )
    .orderBy(users.firstName, users.lastName, users.id)
    .limit(options.limit);
}

/**
 * The buyer candidates of a listing (docs/decisions/035-deals-and-offers.md): school-verified
 * members of the campus who sent its owner a message (text, photo, a shared post or an offer)
 * since the listing was posted, never someone either side blocked; latest writer first.
 * `onlyUserId` narrows the answer to one person (is this buyer a candidate?).
 */
export async function peopleWhoWroteTo(
  db: DbOrTx,
  options: { ownerId: string; campusId: string; since: Date; limit: number; onlyUserId?: string },
): Promise<(UserSummaryRow & { lastAt: Date })[]> {
  const since = options.since.toISOString();
  const only = options.onlyUserId ? sql`AND u.id = ${options.onlyUserId}` : sql``;
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT u.id, u.username, u.first_name, u.last_name, u.img, u.verified, max(m.created_at) AS last_at
    FROM ${chats} c
    JOIN ${messages} m ON m.chat_id = c.id AND m.sender_id <> ${options.ownerId} AND m.created_at >= ${since}::timestamptz
    JOIN ${users} u ON u.id = m.sender_id
    WHERE c.campus_id = ${options.campusId}
      AND (c.user_a = ${options.ownerId} OR c.user_b = ${options.ownerId})
      AND u.campus_id = ${options.campusId} AND u.school_verified
      AND NOT EXISTS (SELECT 1 FROM ${blocks} b
        WHERE (b.blocker_id = ${options.ownerId} AND b.blocked_id = u.id)
           OR (b.blocker_id = u.id AND b.blocked_id = ${options.ownerId}))
      ${only}
    GROUP BY u.id
    ORDER BY last_at DESC, u.id
    LIMIT ${options.limit}`);
  return result.rows.map((r) => ({
    id: String(r.id),
    username: String(r.username),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    img: (r.img as string | null) ?? null,
    verified: Boolean(r.verified),
    lastAt: new Date(String(r.last_at)),
  }));
}
