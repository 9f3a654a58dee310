import { type CampusDefinition, CHAT_EVENT_TYPES, CHAT_SERVER_MESSAGES, type Message } from '@campus/contract';
import { errors } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import type { SessionUser } from '../../../plugins/session.ts';
import { isBlockedEitherWay } from '../../blocks/index.ts';
import { mediaKeys, type StoredMessagePhoto, storeMessagePhoto } from '../../media/index.ts';
import { notify } from '../../notifications/index.ts';
import { getPost, postPolicy } from '../../posts/index.ts';
import { chatPolicy } from '../chats.policy.ts';
import { messagePreview, presentMessage } from '../chats.presenter.ts';
import { type ChatRow, findChat, insertMessage, otherOf, touchChat } from '../chats.repo.ts';
import { bothEvents, type ChatsDeps, messageContext, requireChat, requireProfile } from '../chats.service.ts';
import type { MessageUpload } from '../uploads.ts';

/**
 * Sends a message (text, one photo, a shared post). The photo is stored first; then, in one
 * transaction, the message, the chat's inbox line and unread side, the recipient's
 * notification and the live events. If the transaction fails the photo is removed.
 */
export async function sendMessage(
  deps: ChatsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  chatId: string,
  readUpload: () => Promise<MessageUpload>,
): Promise<Message> {
  // Who may write here is decided before the body is read: an outsider's photo never reaches disk.
  const chat = await requireChat(deps, viewer, campus, chatId);
  chatPolicy.assertNotBlocked(await isBlockedEitherWay(deps.db, viewer.id, otherOf(chat, viewer.id)));
  await requireProfile(deps, viewer);
  const upload = await readUpload();
  try {
    return await sendFromUpload(deps, viewer, campus, chat, upload);
  } finally {
    await upload.dispose();
  }
}

async function sendFromUpload(
  deps: ChatsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  chat: ChatRow,
  upload: MessageUpload,
): Promise<Message> {
  const chatId = chat.id;
  const recipientId = otherOf(chat, viewer.id);
  const { body, file } = upload;
  if (!body.plainText && !file && !body.postId) {
    throw errors.badRequest(CHAT_SERVER_MESSAGES.emptyMessage, 'EMPTY_MESSAGE');
  }
  if (body.postId) {
    // Only a post the sender can open may be shared: one of someone blocked either way is as if deleted.
    const shared = postPolicy.requireOnCampus(await getPost(deps.db, body.postId), campus);
    postPolicy.assertNotBlocked(await isBlockedEitherWay(deps.db, viewer.id, shared.post.userId));
  }

  const id = newId();
  const now = deps.clock.now();
  let photo: StoredMessagePhoto | null = null;
  try {
    if (file) photo = await storeMessagePhoto(deps.storage, id, file);
    const message = await deps.db.transaction(async (tx) => {
      const row = await insertMessage(tx, {
        id,
        campusId: campus.id,
        chatId,
        senderId: viewer.id,
        text: body.plainText ? (body.text ?? null) : null,
        plainText: body.plainText,
        postId: body.postId,
        photoPath: photo?.path ?? null,
        photoFeedPath: photo?.feedPath ?? null,
        photoWidth: photo?.width ?? null,
        photoHeight: photo?.height ?? null,
        createdAt: now,
      });
      const line = messagePreview({
        plainText: body.plainText,
        hasPhoto: photo !== null,
        sharesPost: body.postId !== null,
      });
      await touchChat(tx, chat, viewer.id, { lastMessage: line, lastMessageId: id, at: now });
      // The events last, in one statement: the campus's publish lock is held from there to commit.
      await notify(
        tx,
        {
          campusId: campus.id,
          type: 'message',
          toUserId: recipientId,
          fromUserId: viewer.id,
          chatId,
          messageId: id,
          message: line,
          createdAt: now,
        },
        bothEvents(chat, CHAT_EVENT_TYPES.messageCreated, { messageId: id }),
      );
      return row;
    });
    const fresh = (await findChat(deps.db, chatId)) ?? chat;
    return presentMessage(message, await messageContext(deps, viewer, campus, fresh, [message]));
  } catch (error) {
    if (file) {
      await deps.storage
        .deletePrefix(mediaKeys.messageFolder(id))
        .catch((cleanup: unknown) => deps.log.error({ err: cleanup }, 'chat photo cleanup failed'));
    }
    throw error;
  }
}
