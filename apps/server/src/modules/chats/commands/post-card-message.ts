import { CHAT_EVENT_TYPES } from '@campus/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';
import { notify } from '../../notifications/index.ts';
import { type ChatRow, findChat, insertMessage, otherOf, touchChat } from '../chats.repo.ts';
import { bothEvents } from '../chats.service.ts';

/** What a card message names: an offer or a meet-up. */
type CardRef = { offerId: string } | { meetupId: string };

/**
 * A card in a chat: a message from its maker that names the offer or meet-up it shows, with its
 * line ('Offered $40', 'Meet-up: …') as the text, so the inbox, the notification and its email
 * read like any message. Runs in the caller's transaction: the card's row and its message
 * commit together.
 */
async function postCardMessage(
  tx: DbOrTx,
  card: { chatId: string; senderId: string; line: string; at: Date },
  ref: CardRef,
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
    ...ref,
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
      messageId: id,
      message: card.line,
      createdAt: card.at,
    },
    bothEvents(chat, CHAT_EVENT_TYPES.messageCreated, { messageId: id }),
  );
  return id;
}

/** An offer card (docs/product/selling.md#offers). */
export async function postOfferMessage(
  tx: DbOrTx,
  card: { chatId: string; senderId: string; offerId: string; line: string; at: Date },
): Promise<string> {
  return postCardMessage(tx, card, { offerId: card.offerId });
}

/** A meet-up card (docs/product/safety.md#meet-ups). */
export async function postMeetupMessage(
  tx: DbOrTx,
  card: { chatId: string; senderId: string; meetupId: string; line: string; at: Date },
): Promise<string> {
  return postCardMessage(tx, card, { meetupId: card.meetupId });
}
