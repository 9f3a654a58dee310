import { type CampusDefinition, CHAT_EVENT_TYPES, CHAT_MESSAGES } from '@campus/contract';
import type { SessionUser } from '../../../plugins/session.ts';
import { mediaKeys } from '../../media/index.ts';
import { publishUnreadCounts } from '../../notifications/index.ts';
import { deleteChatRows } from '../chats.repo.ts';
import { type ChatsDeps, publishToBoth, requireChat } from '../chats.service.ts';

/**
 * Deletes a conversation for both sides (docs/product/messages.md#inbox-and-chat): the rows go in one
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
