import {
  type CampusDefinition,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_SERVER_MESSAGES,
  type ChatPage,
  type ChatSummary,
  type ChatUser,
  type Inbox,
  POST_MESSAGES,
} from '@campus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor } from '../../lib/cursor.ts';
import { errors } from '../../lib/errors.ts';
import { type NewEvent, publishEvents } from '../../lib/events.ts';
import { pageOf } from '../../lib/page.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { blockedEitherWay } from '../blocks/index.ts';
import { presentUserSummary } from '../notifications/index.ts';
import { getPostsWithMedia, hiddenFromViewer, type PostMediaJson } from '../posts/index.ts';
import { findUser } from '../users/index.ts';
import { chatPolicy } from './chats.policy.ts';
import { type MessageContext, presentChat, presentMessage } from './chats.presenter.ts';
import {
  type ChatRow,
  findChat,
  findChatView,
  heartedAmong,
  listInbox,
  listMessages,
  type MessageRow,
  peopleWhoWroteTo,
  searchMembers,
} from './chats.repo.ts';

/*
 * What the chat commands (commands/*.ts) share, and the reads: the inbox, a chat's page and
 * the new-message search.
 */

export interface ChatsDeps {
  db: Database;
  storage: StorageDriver;
  clock: Clock;
  log: FastifyBaseLogger;
}

const url = (deps: ChatsDeps) => (key: string) => deps.storage.url(key);

/** The events that tell both participants' tabs something in a chat changed (inbox order, a message, Seen…). */
export function bothEvents(chat: ChatRow, type: string, payload: Record<string, unknown>): NewEvent[] {
  return [chat.userA, chat.userB].map((userId) => ({
    campusId: chat.campusId,
    userId,
    type,
    payload: { chatId: chat.id, ...payload },
  }));
}

export async function publishToBoth(tx: DbOrTx, chat: ChatRow, type: string, payload: Record<string, unknown>) {
  await publishEvents(tx, bothEvents(chat, type, payload));
}

export async function requireChat(deps: ChatsDeps, viewer: SessionUser, campus: CampusDefinition, chatId: string) {
  chatPolicy.assertMember(viewer, campus);
  return chatPolicy.requireParticipant(await findChat(deps.db, chatId), viewer, campus);
}

export async function chatSummary(db: DbOrTx, deps: ChatsDeps, chatId: string, viewerId: string): Promise<ChatSummary> {
  const view = await findChatView(db, chatId, viewerId);
  if (!view) throw errors.notFound(CHAT_MESSAGES.notFound, 'CHAT_NOT_FOUND');
  return presentChat(view, viewerId, url(deps));
}

/** A member of this campus the viewer may write to, or 404 (another campus is as if absent). */
export async function requireRecipient(deps: ChatsDeps, viewer: SessionUser, campus: CampusDefinition, userId: string) {
  if (userId === viewer.id) throw errors.badRequest(CHAT_SERVER_MESSAGES.cannotMessageSelf, 'CANNOT_MESSAGE_SELF');
  const other = await findUser(deps.db, userId);
  if (!other || other.campusId !== campus.id || !other.schoolVerified) {
    throw errors.notFound(CHAT_SERVER_MESSAGES.userNotFound, 'USER_NOT_FOUND');
  }
  return other;
}

/** docs/product/community.md#what-members-do: a profile (picture and bio) before messaging. */
export async function requireProfile(deps: ChatsDeps, viewer: SessionUser) {
  const me = await findUser(deps.db, viewer.id);
  if (!me?.profileSetUp) throw errors.forbidden(POST_MESSAGES.profileIncompleteTitle, 'PROFILE_INCOMPLETE');
  return me;
}

export async function messageContext(
  deps: ChatsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  chat: ChatRow,
  rows: MessageRow[],
): Promise<MessageContext> {
  const postIds = [...new Set(rows.map((m) => m.postId).filter((p): p is string => p !== null))];
  const [hearted, posts, hidden, moderated] = await Promise.all([
    heartedAmong(
      deps.db,
      viewer.id,
      rows.map((m) => m.id),
    ),
    getPostsWithMedia(deps.db, postIds),
    postIds.length > 0 ? blockedEitherWay(deps.db, viewer.id) : Promise.resolve(new Set<string>()),
    hiddenFromViewer(deps.db, viewer.id, postIds),
  ]);
  return {
    viewerId: viewer.id,
    otherReadAt: chat.userA === viewer.id ? chat.readAtB : chat.readAtA,
    hearted,
    posts: new Map(
      posts
        // A post of someone blocked either way reads as deleted, as its own page does; so does
        // one moderation hides, but for its author (docs/product/moderation.md#auto-hide).
        .filter((p) => p.post.campusId === campus.id && !hidden.has(p.post.userId) && !moderated.has(p.post.id))
        .map((p) => [p.post.id, { post: p, media: p.media[0] as PostMediaJson | undefined }]),
    ),
    mediaUrl: url(deps),
    ownHost: new URL(campus.url).host,
  };
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
  const page = pageOf(rows, limit, (r) => ({ at: r.chat.updatedAt, id: r.chat.id }));
  return { chats: rows.map((r) => presentChat(r, viewer.id, url(deps))), nextCursor: page.nextCursor };
}

/** A chat and one page of its messages, newest first (15 a page, docs/product/community.md#limits). */
export async function getChatPage(
  deps: ChatsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  chatId: string,
  query: { cursor?: string },
): Promise<ChatPage> {
  const chat = await requireChat(deps, viewer, campus, chatId);
  const limit = CHAT_LIMITS.messagesPerPage;
  const rows = await listMessages(deps.db, { chatId, viewerId: viewer.id, cursor: decodeCursor(query.cursor), limit });
  const ctx = await messageContext(deps, viewer, campus, chat, rows);
  const page = pageOf(rows, limit, (m) => ({ at: m.createdAt, id: m.id }));
  return {
    chat: await chatSummary(deps.db, deps, chatId, viewer.id),
    messages: rows.map((m) => presentMessage(m, ctx)),
    nextCursor: page.nextCursor,
  };
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

/**
 * The people who may be picked as a listing's buyer (docs/decisions/035-deals-and-offers.md):
 * who wrote to its owner since it was posted; `onlyUserId` asks about one person.
 */
export async function buyerCandidates(
  db: DbOrTx,
  listing: { ownerId: string; campusId: string; postedAt: Date },
  options: { limit: number; onlyUserId?: string },
) {
  return peopleWhoWroteTo(db, {
    ownerId: listing.ownerId,
    campusId: listing.campusId,
    since: listing.postedAt,
    limit: options.limit,
    onlyUserId: options.onlyUserId,
  });
}
