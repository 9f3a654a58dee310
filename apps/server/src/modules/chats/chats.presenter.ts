import { CHAT_PREVIEW, type ChatSummary, type Message, type SharedPost, showsScamSigns } from '@campus/contract';
import { presentUserSummary } from '../notifications/index.ts';
import type { PostMediaJson, PostWithAuthor } from '../posts/index.ts';
import type { ChatView, MessageRow, ShownMessage } from './chats.repo.ts';

export type MediaUrl = (key: string) => string;

/** A message's inbox line (docs/product/messages.md): its text cut short, else 'photo' or 'Shared a post'. */
export function messagePreview(message: Omit<ShownMessage, 'id'>): string {
  if (message.plainText) return [...message.plainText].slice(0, CHAT_PREVIEW.maxChars).join('');
  if (message.hasPhoto) return CHAT_PREVIEW.photo;
  return message.sharesPost ? CHAT_PREVIEW.sharedPost : '';
}

export function presentChat(view: ChatView, viewerId: string, mediaUrl: MediaUrl): ChatSummary {
  const { chat, shownInstead } = view;
  // The stored line quotes a message moderation hides from this viewer (chats.repo.ts: viewQuery).
  const line =
    shownInstead === undefined
      ? { lastMessage: chat.lastMessage, lastMessageId: chat.lastMessageId }
      : { lastMessage: shownInstead ? messagePreview(shownInstead) : '', lastMessageId: shownInstead?.id ?? null };
  return {
    id: chat.id,
    otherUser: presentUserSummary(view.other, mediaUrl),
    ...line,
    unread: chat.userA === viewerId ? chat.unreadA : chat.unreadB,
    blocked: view.blockedByViewer || view.blockedByOther,
    blockedByViewer: view.blockedByViewer,
    createdAt: chat.createdAt.toISOString(),
    lastModified: chat.updatedAt.toISOString(),
  };
}

export interface MessageContext {
  viewerId: string;
  /** When the other participant last opened the chat (Seen for the viewer's messages up to then). */
  otherReadAt: Date | null;
  hearted: Set<string>;
  /** Shared posts found on this campus, by id (a missing one reads '* Post deleted **'). */
  posts: Map<string, { post: PostWithAuthor; media: PostMediaJson | undefined }>;
  mediaUrl: MediaUrl;
  /** The campus site's host: links to it are the app's own, not another site. */
  ownHost: string;
}

function presentSharedPost(postId: string, ctx: MessageContext): SharedPost {
  const found = ctx.posts.get(postId);
  if (!found) return { deleted: true, id: postId };
  const { post, author } = found.post;
  const media = found.media;
  return {
    deleted: false,
    id: post.id,
    author: presentUserSummary(author, ctx.mediaUrl),
    plainText: post.plainText,
    priceCents: post.priceCents,
    category: post.category,
    status: post.status,
    media: media
      ? {
          kind: media.kind,
          url: ctx.mediaUrl(media.feedPath),
          fullUrl: ctx.mediaUrl(media.path),
          width: media.width,
          height: media.height,
        }
      : null,
  };
}

export function presentMessage(message: MessageRow, ctx: MessageContext): Message {
  const own = message.senderId === ctx.viewerId;
  return {
    id: message.id,
    chatId: message.chatId,
    senderId: message.senderId,
    text: message.text ?? null,
    plainText: message.plainText,
    photo:
      message.photoPath && message.photoFeedPath
        ? {
            url: ctx.mediaUrl(message.photoFeedPath),
            fullUrl: ctx.mediaUrl(message.photoPath),
            width: message.photoWidth,
            height: message.photoHeight,
          }
        : null,
    sharedPost: message.postId ? presentSharedPost(message.postId, ctx) : null,
    offerId: message.offerId,
    meetupId: message.meetupId,
    // Read at presentation, never stored: the recipient only, and the rules of today apply to
    // old messages too (docs/decisions/038-meetups-and-scam-warnings.md). Cards are the app's own.
    scamWarning:
      !own &&
      message.offerId === null &&
      message.meetupId === null &&
      showsScamSigns(message.plainText, { ownHost: ctx.ownHost }),
    likesCount: message.likesCount,
    likedByViewer: ctx.hearted.has(message.id),
    status: own
      ? ctx.otherReadAt && ctx.otherReadAt.getTime() >= message.createdAt.getTime()
        ? 'seen'
        : 'delivered'
      : null,
    createdAt: message.createdAt.toISOString(),
  };
}
