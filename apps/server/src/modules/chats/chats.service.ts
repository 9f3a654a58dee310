import {
  type CampusDefinition,
  CHAT_EVENT_TYPES,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_PREVIEW,
  CHAT_SERVER_MESSAGES,
  type ChatPage,
  type ChatSummary,
  type ChatUser,
  type HeartResponse,
  type Inbox,
  type Message,
  type OpenChatResponse,
  POST_MESSAGES,
} from '@campus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { errors } from '../../lib/errors.ts';
import { type NewEvent, publishEvent, publishEvents } from '../../lib/events.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { mediaKeys } from '../media/keys.ts';
import { type StoredMessagePhoto, storeMessagePhoto } from '../media/media.service.ts';
import { presentUserSummary } from '../notifications/notifications.presenter.ts';
import { deleteNotificationsBetween, markChatNotificationsRead } from '../notifications/notifications.repo.ts';
import { notify, publishUnreadCounts } from '../notifications/notifications.service.ts';
import { postPolicy } from '../posts/posts.policy.ts';
import { findPost, findPosts, type MediaRow, mediaOf } from '../posts/posts.repo.ts';
import { findUser } from '../users/users.repo.ts';
import { chatPolicy } from './chats.policy.ts';
import { type MessageContext, presentChat, presentMessage } from './chats.presenter.ts';
import {
  blockedEitherWay,
  type ChatRow,
  deleteBlock,
  deleteChatRows,
  findChat,
  findChatByPair,
  findChatView,
  findMessage,
  heartedAmong,
  insertBlock,
  insertChatIfAbsent,
  insertMessage,
  isBlockedEitherWay,
  listBlocked,
  listInbox,
  listMessages,
  type MessageRow,
  markChatSeen,
  orderedPair,
  otherOf,
  searchMembers,
  toggleHeart,
  touchChat,
} from './chats.repo.ts';
import type { MessageUpload } from './uploads.ts';

export interface ChatsDeps {
  db: Database;
  storage: StorageDriver;
  clock: Clock;
  log: FastifyBaseLogger;
}

const url = (deps: ChatsDeps) => (key: string) => deps.storage.url(key);

/** The events that tell both participants' tabs something in a chat changed (inbox order, a message, Seen…). */
function bothEvents(chat: ChatRow, type: string, payload: Record<string, unknown>): NewEvent[] {
  return [chat.userA, chat.userB].map((userId) => ({
    campusId: chat.campusId,
    userId,
    type,
    payload: { chatId: chat.id, ...payload },
  }));
}

async function publishToBoth(tx: DbOrTx, chat: ChatRow, type: string, payload: Record<string, unknown>) {
  await publishEvents(tx, bothEvents(chat, type, payload));
}

async function requireChat(deps: ChatsDeps, viewer: SessionUser, campus: CampusDefinition, chatId: string) {
  chatPolicy.assertMember(viewer, campus);
  return chatPolicy.requireParticipant(await findChat(deps.db, chatId), viewer, campus);
}

async function chatSummary(db: DbOrTx, deps: ChatsDeps, chatId: string, viewerId: string): Promise<ChatSummary> {
  const view = await findChatView(db, chatId, viewerId);
  if (!view) throw errors.notFound(CHAT_MESSAGES.notFound, 'CHAT_NOT_FOUND');
  return presentChat(view, viewerId, url(deps));
}

/** A member of this campus the viewer may write to, or 404 (another campus is as if absent). */
async function requireRecipient(deps: ChatsDeps, viewer: SessionUser, campus: CampusDefinition, userId: string) {
  if (userId === viewer.id) throw errors.badRequest(CHAT_SERVER_MESSAGES.cannotMessageSelf, 'CANNOT_MESSAGE_SELF');
  const other = await findUser(deps.db, userId);
  if (!other || other.campusId !== campus.id || !other.schoolVerified) {
    throw errors.notFound(CHAT_SERVER_MESSAGES.userNotFound, 'USER_NOT_FOUND');
  }
  return other;
}

/** Spec 1 §1: a profile (picture and bio) before messaging. */
async function requireProfile(deps: ChatsDeps, viewer: SessionUser) {
  const me = await findUser(deps.db, viewer.id);
  if (!me?.profileSetUp) throw errors.forbidden(POST_MESSAGES.profileIncompleteTitle, 'PROFILE_INCOMPLETE');
  return me;
}

export async function listChats(
  deps: ChatsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  query: { cursor?: string },
): Promise<Inbox> {
  chatPolicy.assertMember(viewer, campus);
  const limit = CHAT_LIMITS.inboxPerPage;
  const rows = await listInbox(deps.db, {
    userId: viewer.id,
    campusId: campus.id,
    cursor: decodeCursor(query.cursor),
    limit,
  });
  const last = rows.at(-1);
  return {
    chats: rows.map((r) => presentChat(r, viewer.id, url(deps))),
    nextCursor: rows.length === limit && last ? encodeCursor({ at: last.chat.updatedAt, id: last.chat.id }) : null,
  };
}

/**
 * Opens the chat with a user in either direction, or starts one (spec 1 §4 'Chat'). The pair's
 * unique index makes two simultaneous starts one chat.
 */
export async function openChat(
  deps: ChatsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  userId: string,
): Promise<OpenChatResponse> {
  chatPolicy.assertMember(viewer, campus);
  const other = await requireRecipient(deps, viewer, campus, userId);
  const pair = orderedPair(viewer.id, other.id);
  const existing = await findChatByPair(deps.db, campus.id, pair);
  if (existing) return { chat: await chatSummary(deps.db, deps, existing.id, viewer.id), created: false };

  chatPolicy.assertNotBlocked(await isBlockedEitherWay(deps.db, viewer.id, other.id));
  await requireProfile(deps, viewer);
  const now = deps.clock.now();
  const id = newId();
  const created = await deps.db.transaction(async (tx) => {
    const inserted = await insertChatIfAbsent(tx, {
      id,
      campusId: campus.id,
      ...pair,
      startedBy: viewer.id,
      createdAt: now,
      updatedAt: now,
    });
    if (!inserted) return false;
    const chat = (await findChat(tx, id)) as ChatRow;
    await notify(
      tx,
      { campusId: campus.id, type: 'new chat', toUserId: other.id, fromUserId: viewer.id, chatId: id, createdAt: now },
      bothEvents(chat, CHAT_EVENT_TYPES.chatUpdated, {}),
    );
    return true;
  });
  const chat = created ? { id } : await findChatByPair(deps.db, campus.id, pair);
  if (!chat) throw errors.notFound(CHAT_MESSAGES.notFound, 'CHAT_NOT_FOUND');
  return { chat: await chatSummary(deps.db, deps, chat.id, viewer.id), created };
}

async function messageContext(
  deps: ChatsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  chat: ChatRow,
  rows: MessageRow[],
): Promise<MessageContext> {
  const postIds = [...new Set(rows.map((m) => m.postId).filter((p): p is string => p !== null))];
  const [hearted, posts, media, hidden] = await Promise.all([
    heartedAmong(
      deps.db,
      viewer.id,
      rows.map((m) => m.id),
    ),
    findPosts(deps.db, postIds),
    mediaOf(deps.db, postIds),
    postIds.length > 0 ? blockedEitherWay(deps.db, viewer.id) : Promise.resolve(new Set<string>()),
  ]);
  const firstMedia = new Map<string, MediaRow>();
  for (const m of media) if (!firstMedia.has(m.postId)) firstMedia.set(m.postId, m);
  return {
    viewerId: viewer.id,
    otherReadAt: chat.userA === viewer.id ? chat.readAtB : chat.readAtA,
    hearted,
    posts: new Map(
      posts
        // A post of someone blocked either way reads as deleted, as its own page does.
        .filter((p) => p.post.campusId === campus.id && !hidden.has(p.post.userId))
        .map((p) => [p.post.id, { post: p, media: firstMedia.get(p.post.id) }]),
    ),
    mediaUrl: url(deps),
  };
}

/** A chat and one page of its messages, newest first (15 a page, spec 1 §9). */
export async function getChatPage(
  deps: ChatsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  chatId: string,
  query: { cursor?: string },
): Promise<ChatPage> {
  const chat = await requireChat(deps, viewer, campus, chatId);
  const limit = CHAT_LIMITS.messagesPerPage;
  const rows = await listMessages(deps.db, { chatId, cursor: decodeCursor(query.cursor), limit });
  const ctx = await messageContext(deps, viewer, campus, chat, rows);
  const last = rows.at(-1);
  return {
    chat: await chatSummary(deps.db, deps, chatId, viewer.id),
    messages: rows.map((m) => presentMessage(m, ctx)),
    nextCursor: rows.length === limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}

function preview(text: string, hasPhoto: boolean, sharesPost: boolean): string {
  if (text) return [...text].slice(0, CHAT_PREVIEW.maxChars).join('');
  if (hasPhoto) return CHAT_PREVIEW.photo;
  return sharesPost ? CHAT_PREVIEW.sharedPost : '';
}

/**
 * Sends a message (text, one photo, a shared post). The photo is stored first; then, in one
 * transaction, the message, the chat's inbox line and unread side, the recipient's
 * notification and the live events. If the transaction fails the photo is removed.
 */
export async function sendMessage(
  deps: ChatsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  chatId: string,
  readUpload: () => Promise<MessageUpload>,
): Promise<Message> {
  // Who may write here is decided before the body is read: an outsider's photo never reaches disk.
  const chat = await requireChat(deps, viewer, campus, chatId);
  chatPolicy.assertNotBlocked(await isBlockedEitherWay(deps.db, viewer.id, otherOf(chat, viewer.id)));
  await requireProfile(deps, viewer);
  const upload = await readUpload();
  try {
    return await sendFromUpload(deps, viewer, campus, chat, upload);
  } finally {
    await upload.dispose();
  }
}

async function sendFromUpload(
  deps: ChatsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  chat: ChatRow,
  upload: MessageUpload,
): Promise<Message> {
  const chatId = chat.id;
  const recipientId = otherOf(chat, viewer.id);
  const { body, file } = upload;
  if (!body.plainText && !file && !body.postId) {
    throw errors.badRequest(CHAT_SERVER_MESSAGES.emptyMessage, 'EMPTY_MESSAGE');
  }
  if (body.postId) {
    // Only a post the sender can open may be shared: one of someone blocked either way is as if deleted.
    const shared = postPolicy.requireOnCampus(await findPost(deps.db, body.postId), campus);
    postPolicy.assertNotBlocked(await isBlockedEitherWay(deps.db, viewer.id, shared.post.userId));
  }

  const id = newId();
  const now = deps.clock.now();
  let photo: StoredMessagePhoto | null = null;
  try {
    if (file) photo = await storeMessagePhoto(deps.storage, id, file);
    const message = await deps.db.transaction(async (tx) => {
      const row = await insertMessage(tx, {
        id,
        campusId: campus.id,
        chatId,
        senderId: viewer.id,
        text: body.plainText ? (body.text ?? null) : null,
        plainText: body.plainText,
        postId: body.postId,
        photoPath: photo?.path ?? null,
        photoFeedPath: photo?.feedPath ?? null,
        photoWidth: photo?.width ?? null,
        photoHeight: photo?.height ?? null,
        createdAt: now,
      });
      const line = preview(body.plainText, photo !== null, body.postId !== null);
      await touchChat(tx, chat, viewer.id, { lastMessage: line, lastMessageId: id, at: now });
      // The events last, in one statement: the campus's publish lock is held from there to commit.
      await notify(
        tx,
        {
          campusId: campus.id,
          type: 'message',
          toUserId: recipientId,
          fromUserId: viewer.id,
          chatId,
          message: line,
          createdAt: now,
        },
        bothEvents(chat, CHAT_EVENT_TYPES.messageCreated, { messageId: id }),
      );
      return row;
    });
    const fresh = (await findChat(deps.db, chatId)) ?? chat;
    return presentMessage(message, await messageContext(deps, viewer, campus, fresh, [message]));
  } catch (error) {
    if (file) {
      await deps.storage
        .deletePrefix(mediaKeys.messageFolder(id))
        .catch((cleanup: unknown) => deps.log.error({ err: cleanup }, 'chat photo cleanup failed'));
    }
    throw error;
  }
}

/**
 * The viewer opened the chat, or is looking at it while something new arrives (spec 1 §4 'Chat':
 * marked read when opened; issue 24 item 3): Seen for the other side, and the chat's own
 * notifications (its messages and hearts) read too, so neither badge counts what is on screen.
 */
export async function markSeen(
  deps: ChatsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  chatId: string,
): Promise<{ unread: boolean }> {
  const chat = await requireChat(deps, viewer, campus, chatId);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await markChatSeen(tx, chat, viewer.id, now);
    await markChatNotificationsRead(tx, viewer.id, chat.id);
    await publishEvent(tx, {
      campusId: campus.id,
      userId: otherOf(chat, viewer.id),
      type: CHAT_EVENT_TYPES.chatSeen,
      payload: { chatId, readAt: now.toISOString() },
    });
    await publishUnreadCounts(tx, viewer.id, campus.id);
  });
  return { unread: false };
}

/**
 * A heart on a message, as a toggle (spec 1 §4 'Like'): the chat's line becomes
 * '{first name} reacted with a heart: {text or photo}' or '{first name} removed a heart'.
 */
export async function toggleMessageHeart(
  deps: ChatsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  chatId: string,
  messageId: string,
): Promise<HeartResponse> {
  const chat = await requireChat(deps, viewer, campus, chatId);
  const message = await findMessage(deps.db, messageId);
  if (!message || message.chatId !== chat.id) {
    throw errors.notFound(CHAT_SERVER_MESSAGES.messageNotFound, 'MESSAGE_NOT_FOUND');
  }
  const otherId = otherOf(chat, viewer.id);
  chatPolicy.assertNotBlocked(await isBlockedEitherWay(deps.db, viewer.id, otherId));
  chatPolicy.assertNotOwnMessage(message.senderId, viewer);
  const me = await requireProfile(deps, viewer);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { liked, likesCount } = await toggleHeart(tx, message, viewer.id, now);
    const line = liked
      ? CHAT_MESSAGES.reactedWithHeart(me.firstName, message.plainText || null)
      : CHAT_MESSAGES.removedHeart(me.firstName);
    await touchChat(tx, chat, viewer.id, { lastMessage: line, lastMessageId: message.id, at: now });
    await publishToBoth(tx, chat, CHAT_EVENT_TYPES.messageHearted, { messageId, likesCount });
    if (liked) {
      await notify(tx, {
        campusId: campus.id,
        type: 'message like',
        toUserId: message.senderId,
        fromUserId: viewer.id,
        chatId,
        message: message.plainText || CHAT_PREVIEW.photo,
        createdAt: now,
      });
    } else {
      await publishUnreadCounts(tx, otherId, campus.id);
    }
    return { liked, likesCount, lastMessage: line };
  });
}

/**
 * Deletes a conversation for both sides (spec 1 §2 'Messaging'): the rows go in one
 * transaction; the photo folders after the commit ("Couldn't delete all chat messages" is
 * logged for any that could not be removed).
 */
export async function deleteChat(
  deps: ChatsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  chatId: string,
): Promise<{ deleted: true; messages: number }> {
  const chat = await requireChat(deps, viewer, campus, chatId);
  const removed = await deps.db.transaction(async (tx) => {
    const result = await deleteChatRows(tx, chat.id);
    await publishToBoth(tx, chat, CHAT_EVENT_TYPES.chatDeleted, {});
    await publishUnreadCounts(tx, chat.userA, campus.id);
    await publishUnreadCounts(tx, chat.userB, campus.id);
    return result;
  });
  const failures = await Promise.allSettled(
    removed.photoIds.map((messageId) => deps.storage.deletePrefix(mediaKeys.messageFolder(messageId))),
  );
  for (const failure of failures) {
    if (failure.status === 'rejected') deps.log.error({ err: failure.reason }, CHAT_MESSAGES.deleteMessagesFailed);
  }
  return { deleted: true, messages: removed.messages };
}

/** The new-message search: this campus only, never oneself or a blocked user (either way). */
export async function searchRecipients(
  deps: ChatsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  query: string,
): Promise<{ users: ChatUser[] }> {
  chatPolicy.assertMember(viewer, campus);
  const q = query.trim();
  if (!q) return { users: [] };
  const rows = await searchMembers(deps.db, {
    viewerId: viewer.id,
    campusId: campus.id,
    query: q,
    limit: CHAT_LIMITS.searchResults,
  });
  return { users: rows.map((u) => presentUserSummary(u, url(deps))) };
}

/** Both sides' open chats and searches change with a block. */
async function publishBlockChange(tx: DbOrTx, campusId: string, blockerId: string, blockedId: string) {
  for (const [userId, otherId] of [
    [blockerId, blockedId],
    [blockedId, blockerId],
  ] as const) {
    await publishEvent(tx, { campusId, userId, type: CHAT_EVENT_TYPES.blockChanged, payload: { userId: otherId } });
  }
}

/** Blocks a member of this campus (issue 9 item 9); blocking twice is the same as once. */
export async function blockUser(
  deps: ChatsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  userId: string,
): Promise<{ blocked: boolean }> {
  chatPolicy.assertMember(viewer, campus);
  if (userId === viewer.id) throw errors.badRequest(CHAT_SERVER_MESSAGES.cannotBlockSelf, 'CANNOT_BLOCK_SELF');
  const other = await findUser(deps.db, userId);
  if (!other || other.campusId !== campus.id)
    throw errors.notFound(CHAT_SERVER_MESSAGES.userNotFound, 'USER_NOT_FOUND');
  await deps.db.transaction(async (tx) => {
    await insertBlock(tx, {
      campusId: campus.id,
      blockerId: viewer.id,
      blockedId: userId,
      createdAt: deps.clock.now(),
    });
    // Nothing passes between the two any more, and what passed before goes: their notifications
    // about each other (both ways) are deleted with the block, so no badge, list or email shows them.
    if ((await deleteNotificationsBetween(tx, viewer.id, userId)) > 0) {
      await publishUnreadCounts(tx, viewer.id, campus.id);
      await publishUnreadCounts(tx, userId, campus.id);
    }
    await publishBlockChange(tx, campus.id, viewer.id, userId);
  });
  return { blocked: true };
}

export async function unblockUser(
  deps: ChatsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  userId: string,
): Promise<{ blocked: boolean }> {
  chatPolicy.assertMember(viewer, campus);
  await deps.db.transaction(async (tx) => {
    if ((await deleteBlock(tx, viewer.id, userId)) > 0) await publishBlockChange(tx, campus.id, viewer.id, userId);
  });
  return { blocked: false };
}

export async function listBlockedUsers(
  deps: ChatsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
): Promise<{ users: ChatUser[] }> {
  chatPolicy.assertMember(viewer, campus);
  const rows = await listBlocked(deps.db, viewer.id, campus.id);
  return { users: rows.map((u) => presentUserSummary(u, url(deps))) };
}
