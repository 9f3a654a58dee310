import { type CampusDefinition, CHAT_EVENT_TYPES, CHAT_MESSAGES, type OpenChatResponse } from '@campus/contract';
import { errors } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import type { SessionUser } from '../../../plugins/session.ts';
import { isBlockedEitherWay } from '../../blocks/index.ts';
import { notify } from '../../notifications/index.ts';
import { chatPolicy } from '../chats.policy.ts';
import { type ChatRow, findChat, findChatByPair, insertChatIfAbsent, orderedPair } from '../chats.repo.ts';
import { bothEvents, type ChatsDeps, chatSummary, requireProfile, requireRecipient } from '../chats.service.ts';

/**
 * Opens the chat with a user in either direction, or starts one (docs/product/messages.md#starting-a-chat). The pair's
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
