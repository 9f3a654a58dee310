import { CHAT_EVENT_TYPES } from '@campus/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';
import { notify } from '../../notifications/index.ts';
import { type ChatRow, findChat, insertMessage, otherOf, touchChat } from '../chats.repo.ts';
import { bothEvents } from '../chats.service.ts';

/**
 * An offer card in a chat (docs/product/selling.md#offers): a message from the offer's maker
 * that names the offer (`offer_id`), with its line ('Offered $40') as the text, so the inbox,
 * the notification and its email read like any message. Runs in the caller's transaction: the
 * offer and its card commit together.
 */
export async function postOfferMessage(
  tx: DbOrTx,
  card: { chatId: string; senderId: string; offerId: string; line: string; at: Date },
): Promise<string> {
  const chat = (await findChat(tx, card.chatId)) as ChatRow;
  const id = newId();
  await insertMessage(tx, {
    id,
    campusId: chat.campusId,
    chatId: chat.id,
    senderId: card.senderId,
    text: null,
    plainText: card.line,
    offerId: card.offerId,
    createdAt: card.at,
  });
  await touchChat(tx, chat, card.senderId, { lastMessage: card.line, lastMessageId: id, at: card.at });
  await notify(
    tx,
    {
      campusId: chat.campusId,
      type: 'message',
      toUserId: otherOf(chat, card.senderId),
      fromUserId: card.senderId,
      chatId: chat.id,
      message: card.line,
      createdAt: card.at,
    },
    bothEvents(chat, CHAT_EVENT_TYPES.messageCreated, { messageId: id }),
  );
  return id;
}
