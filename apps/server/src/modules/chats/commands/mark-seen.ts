import { type CampusDefinition, CHAT_EVENT_TYPES } from '@campus/contract';
import { publishEvent } from '../../../lib/events.ts';
import type { SessionUser } from '../../../plugins/session.ts';
import { markChatRead, publishUnreadCounts } from '../../notifications/index.ts';
import { markChatSeen, otherOf } from '../chats.repo.ts';
import { type ChatsDeps, requireChat } from '../chats.service.ts';

/**
 * The viewer opened the chat, or is looking at it while something new arrives (docs/product/messages.md#reading-a-chat:
 * marked read when opened; docs/decisions/030-feed-ads-and-rough-edges.md): Seen for the other side, and the chat's own
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
    await markChatRead(tx, viewer.id, chat.id);
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
