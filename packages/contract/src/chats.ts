import { z } from 'zod';
import { CHAT_LIMITS } from './chat-constants.ts';
import { LISTING_STATUSES } from './listings.ts';
import { ComposerPlainTextSchema, EditorStateSchema, PostAuthorSchema, PostMediaSchema } from './posts.ts';
import { hasNulCharacter, isBlankText } from './text-length.ts';

export { CHAT_EVENT_TYPES, CHAT_LIMITS, CHAT_PREVIEW } from './chat-constants.ts';

/** Ids in paths and bodies: the row-id alphabet (UUIDv7 and older demo ids). */
export const RowIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not found.');

/**
 * What the composer sends (multipart field `message`, JSON): the editor's state, its plain text
 * (checked against the 500 rule, docs/product/community.md#post-text-limit) and an optional shared post. Text or a photo is
 * required; the server checks that once it has seen the file part.
 */
export const SendMessageBodySchema = z
  .object({
    text: EditorStateSchema,
    plainText: ComposerPlainTextSchema.transform((t) => (isBlankText(t) ? '' : t.trim())),
    /** A shared post (docs/product/messages.md#sharing-a-post-by-message). */
    postId: RowIdSchema.nullable().default(null),
  })
  .strict();
export type SendMessageBody = z.input<typeof SendMessageBodySchema>;

/** The other person of a chat, a search result, a blocked user: never their email. */
const ChatUserSchema = PostAuthorSchema;
export type ChatUser = z.infer<typeof ChatUserSchema>;

const ChatSummarySchema = z.object({
  id: z.string(),
  otherUser: ChatUserSchema,
  /** The inbox line: text, 'photo', or a heart line. */
  lastMessage: z.string(),
  lastMessageId: z.string().nullable(),
  /** The viewer has messages they have not seen (the unread marker). */
  unread: z.boolean(),
  /** Either side blocked the other: the chat can be read but not written to. */
  blocked: z.boolean(),
  /** The viewer blocked the other (the menu then offers Unblock). */
  blockedByViewer: z.boolean(),
  createdAt: z.string(),
  lastModified: z.string(),
});
export type ChatSummary = z.infer<typeof ChatSummarySchema>;

/** A shared post as the chat shows it (a card), or `deleted` when the post is gone. */
const SharedPostSchema = z.discriminatedUnion('deleted', [
  z.object({
    deleted: z.literal(false),
    id: z.string(),
    author: PostAuthorSchema,
    plainText: z.string(),
    priceCents: z.number().int().nullable(),
    category: z.string().nullable(),
    /** Where its deal stands: the card shows 'Pending' or 'Sold' as the feed card does. */
    status: z.enum(LISTING_STATUSES),
    media: PostMediaSchema.nullable(),
  }),
  z.object({ deleted: z.literal(true), id: z.string() }),
]);
export type SharedPost = z.infer<typeof SharedPostSchema>;

const MessagePhotoSchema = z.object({
  url: z.string(),
  fullUrl: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

export const MessageSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  senderId: z.string(),
  text: z.unknown().nullable(),
  plainText: z.string(),
  photo: MessagePhotoSchema.nullable(),
  sharedPost: SharedPostSchema.nullable(),
  /** An offer card (docs/product/selling.md#offers): the offer it shows (GET /api/chats/{id}/offers). */
  offerId: z.string().nullable(),
  /** A meet-up card (docs/product/safety.md#meet-ups): the meet-up it shows (GET /api/chats/{id}/meetups). */
  meetupId: z.string().nullable(),
  /**
   * The message shows a sign of a scam (docs/product/safety.md#scam-warnings): its recipient reads
   * SCAM_WARNING_TEXT under it. Always false on the viewer's own messages.
   */
  scamWarning: z.boolean(),
  likesCount: z.number().int(),
  likedByViewer: z.boolean(),
  /** For the viewer's own messages: Delivered until the other side has opened the chat since. */
  status: z.enum(['delivered', 'seen']).nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof MessageSchema>;

export const PageQuerySchema = z.object({ cursor: z.string().max(200).optional() });

export const InboxSchema = z.object({ chats: z.array(ChatSummarySchema), nextCursor: z.string().nullable() });
export type Inbox = z.infer<typeof InboxSchema>;

/** A chat with one page of messages, newest first; `nextCursor` reads older ones. */
export const ChatPageSchema = z.object({
  chat: ChatSummarySchema,
  messages: z.array(MessageSchema),
  nextCursor: z.string().nullable(),
});
export type ChatPage = z.infer<typeof ChatPageSchema>;

export const ChatIdParamsSchema = z.object({ chatId: RowIdSchema });
export const MessageIdParamsSchema = z.object({ chatId: RowIdSchema, messageId: RowIdSchema });
export const UserIdParamsSchema = z.object({ userId: RowIdSchema });

/** Open the chat with a user in either direction, or start one ('New Conversation Started'). */
export const OpenChatBodySchema = z.object({ userId: RowIdSchema }).strict();
export const OpenChatResponseSchema = z.object({ chat: ChatSummarySchema, created: z.boolean() });
export type OpenChatResponse = z.infer<typeof OpenChatResponseSchema>;

export const SeenResponseSchema = z.object({ unread: z.boolean() });
export const HeartResponseSchema = z.object({
  liked: z.boolean(),
  likesCount: z.number().int(),
  lastMessage: z.string(),
});
export type HeartResponse = z.infer<typeof HeartResponseSchema>;
export const DeleteChatResponseSchema = z.object({ deleted: z.literal(true), messages: z.number().int() });

export const UserSearchQuerySchema = z.object({
  q: z
    .string()
    .max(CHAT_LIMITS.searchQueryMax)
    .refine((q) => !hasNulCharacter(q), 'Invalid search.')
    .default(''),
});
export const UserSearchResponseSchema = z.object({ users: z.array(ChatUserSchema) });

export const BlockBodySchema = z.object({ userId: RowIdSchema }).strict();
export const BlockResponseSchema = z.object({ blocked: z.boolean() });
export type BlockResponse = z.infer<typeof BlockResponseSchema>;
export const BlockListSchema = z.object({ users: z.array(ChatUserSchema) });
