import {
  type CampusDefinition,
  CHAT_EVENT_TYPES,
  CHAT_MESSAGES,
  CHAT_PREVIEW,
  CHAT_SERVER_MESSAGES,
  type HeartResponse,
} from '@campus/contract';
import { errors } from '../../../lib/errors.ts';
import type { SessionUser } from '../../../plugins/session.ts';
import { isBlockedEitherWay } from '../../blocks/index.ts';
import { notify, publishUnreadCounts } from '../../notifications/index.ts';
import { chatPolicy } from '../chats.policy.ts';
import { findMessage, otherOf, toggleHeart, touchChat } from '../chats.repo.ts';
import { type ChatsDeps, publishToBoth, requireChat, requireProfile } from '../chats.service.ts';

/**
 * A heart on a message, as a toggle (docs/product/messages.md#hearts-on-messages): the chat's line becomes
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
  // A message moderation hides from the viewer is as if missing (a heart line would quote it).
  const hiddenFromViewer = message?.moderation != null && message.senderId !== viewer.id;
  if (!message || message.chatId !== chat.id || hiddenFromViewer) {
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
        messageId: message.id,
        message: message.plainText || CHAT_PREVIEW.photo,
        createdAt: now,
      });
    } else {
      await publishUnreadCounts(tx, otherId, campus.id);
    }
    return { liked, likesCount, lastMessage: line };
  });
}
