/**
 * Chat limits, the inbox preview words and the live event names: constants only, without Zod,
 * so the web app's entry can use them (decision 022). chats.ts re-exports them.
 */
import { LIMITS, PAGE_SIZES } from './constants.ts';

/** Limits of chats (docs/product/messages.md#chat-rules, docs/product/community.md#limits): 15 messages a page, one file a message, the 500 rule. */
export const CHAT_LIMITS = {
  messagesPerPage: PAGE_SIZES.messages,
  inboxPerPage: 20,
  filesPerMessage: LIMITS.filesPerChatMessage,
  textMax: LIMITS.postTextMax,
  /** New-message user search: at most this many results, queries of at most this length. */
  searchResults: 10,
  searchQueryMax: 50,
  /** One chat photo (same size limit as a post photo). */
  photoBytes: 25 * 1024 * 1024,
} as const;

/** The inbox line of a message without text (our wording; 'photo' as in the spec's heart line). */
export const CHAT_PREVIEW = {
  photo: 'photo',
  sharedPost: 'Shared a post',
  /** Longest inbox line kept (the spec's post preview length). */
  maxChars: LIMITS.postPreviewChars,
} as const;

/**
 * Live events the chats and notifications modules publish (through the events outbox, to each
 * recipient's /api/events stream). Payloads carry ids only; the web refetches what it shows.
 */
export const CHAT_EVENT_TYPES = {
  /** A chat appeared or changed for the recipient (new chat). Payload: { chatId }. */
  chatUpdated: 'chat.updated',
  /** A message was sent in a chat (to both sides). Payload: { chatId, messageId }. */
  messageCreated: 'message.created',
  /** A heart was added or removed (to both sides). Payload: { chatId, messageId, likesCount }. */
  messageHearted: 'message.hearted',
  /** The other side opened the chat: the viewer's messages up to readAt are Seen. Payload: { chatId, readAt }. */
  chatSeen: 'chat.seen',
  /** The chat was deleted by either side (to both). Payload: { chatId }. */
  chatDeleted: 'chat.deleted',
  /** A block between the recipient and userId was added or removed. Payload: { userId }. */
  blockChanged: 'block.changed',
  /** A new notification for the recipient. Payload: { id, type, chatId, postId }. */
  notificationCreated: 'notification.created',
  /** The recipient's badges changed. Payload: UnreadCounts ({ messages, notifications }). */
  unreadChanged: 'unread.changed',
} as const;
