/**
 * Chats, messages and blocks (docs/product/messages.md). Part of the message catalogue
 * (../messages.ts).
 */

/** Chats and messages (docs/product/messages.md#inbox-and-chat, docs/product/messages.md#hearts-on-messages, docs/product/messages.md#starting-a-chat, docs/product/messages.md#chat-rules, docs/product/community.md#alerts, docs/product/messages.md#start-conversation-modal). */
export const CHAT_MESSAGES = {
  notFound: "This conversation doesn't exist",
  noUsers: 'No Users',
  selectUser: 'Please select a user!',
  delivered: 'Delivered',
  seen: 'Seen',
  chatDeleted: 'Chat deleted',
  deleteMessagesFailed: "Couldn't delete all chat messages",
  deleteFailed: 'Something went wrong',
  /** Marking a chat read failed (answered with status 500). */
  markReadFailed: 'Something went wrong',
  newConversation: 'New Conversation Started',
  reactionSent: 'Reaction sent.',
  startConversationTitle: 'Start Conversation?',
  startConversation: 'Start Conversation',
  startPrivateConversation: (name: string) => `Start a private conversation with ${name}`,
  /**
   * The chat's last message after a heart: '{first name} reacted with a heart: {text or photo}'.
   * A photo-only message has no text, so the word 'photo' stands in for it.
   */
  reactedWithHeart: (firstName: string, text: string | null) => `${firstName} reacted with a heart: ${text || 'photo'}`,
  removedHeart: (firstName: string) => `${firstName} removed a heart`,
} as const;

/**
 * Chat and block refusals the spec has no words for (docs/decisions/015-chats-notifications-blocks.md): our wording, not the spec's.
 * A chat someone may not see answers CHAT_MESSAGES.notFound, as if it did not exist.
 */
export const CHAT_SERVER_MESSAGES = {
  /** docs/product/messages.md#chat-rules: a chat message needs text or a file. */
  emptyMessage: 'Write a message or add a photo.',
  onePhotoOnly: 'Please choose one photo.',
  cannotMessageSelf: "You can't message yourself.",
  userNotFound: "This user doesn't exist.",
  /** Either side blocked the other (docs/decisions/015-chats-notifications-blocks.md). */
  blocked: "You can't message this user.",
  cannotBlockSelf: "You can't block yourself.",
  messageNotFound: "This message doesn't exist.",
  /** docs/decisions/030-feed-ads-and-rough-edges.md: hearts are for the other person's messages (our wording). */
  cannotHeartOwnMessage: "You can't heart your own message.",
} as const;

/** Block menu (docs/decisions/015-chats-notifications-blocks.md): our wording. */
export const BLOCK_TEXTS = {
  block: (name: string) => `Block ${name}`,
  unblock: (name: string) => `Unblock ${name}`,
  confirm: (name: string) => `Block ${name}? They won't be able to message you or see your posts.`,
} as const;
