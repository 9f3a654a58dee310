import type { DbOrTx } from '../../db/client.ts';
import { runNamed } from '../../db/named-statements.ts';
import { sessionLookupText } from '../../db/session-lookup.ts';

/**
 * The session of `token` with whether its user is in the chat of the message whose photo `key`
 * is (one of its two sizes), on this campus: a chat photo is loaded with one statement.
 */
export async function sessionWithPhotoAccess<U extends object>(
  db: DbOrTx,
  token: string,
  photo: { messageId: string; campusId: string; key: string },
): Promise<(U & { inChat: boolean }) | undefined> {
  const [row] = await runNamed<U & { inChat: boolean }>(
    db,
    'session_with_message_photo',
    () =>
      sessionLookupText(`EXISTS (
        SELECT 1 FROM messages m JOIN chats c ON c.id = m.chat_id
        WHERE m.id = $2 AND m.campus_id = $3 AND $4 IN (m.photo_path, m.photo_feed_path)
          AND u.id IN (c.user_a, c.user_b)) AS "inChat"`),
    [token, photo.messageId, photo.campusId, photo.key],
  );
  return row;
}
