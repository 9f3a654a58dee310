import { CHAT_LIMITS, CHAT_SERVER_MESSAGES, SendMessageBodySchema, UPLOAD_MESSAGES } from '@campus/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, errors } from '../../lib/errors.ts';
import type { PrivateMedia } from '../../plugins/storage.ts';
import { MESSAGE_FILE_RULES, mediaKeys, type ReceivedFile, readJsonUpload } from '../media/index.ts';
import { sessionWithPhotoAccess } from './message-photos.repo.ts';

export interface MessageUpload {
  body: z.output<typeof SendMessageBodySchema>;
  /** At most one photo, on disk in a temporary folder that `dispose` removes. */
  file: ReceivedFile | null;
  dispose: () => Promise<void>;
}

/** The `message` field: the editor's state of at most 500 characters is a few KB. */
const MAX_MESSAGE_FIELD_BYTES = 256 * 1024;

/**
 * Parses the chat composer's multipart request: field `message` (JSON, checked against the
 * contract) and at most one `file` (docs/product/messages.md#chat-rules: one file at a time), streamed to a temporary
 * file, typed by its bytes and size-limited while streaming. A second file is refused.
 */
export async function readMessageUpload(request: FastifyRequest): Promise<MessageUpload> {
  const { body, files, dispose } = await readJsonUpload(request, {
    ...MESSAGE_FILE_RULES,
    jsonField: 'message',
    schema: SendMessageBodySchema,
    invalidCode: 'INVALID_MESSAGE',
    maxFieldBytes: MAX_MESSAGE_FIELD_BYTES,
    fileField: 'file',
    maxFiles: CHAT_LIMITS.filesPerMessage,
    tooManyFiles: () => errors.badRequest(CHAT_SERVER_MESSAGES.onePhotoOnly, 'TOO_MANY_FILES'),
    maxTotalBytes: CHAT_LIMITS.photoBytes,
    totalTooLarge: () => new AppError(413, 'FILE_TOO_LARGE', UPLOAD_MESSAGES.photoTooLarge),
  });
  return { body, file: files[0] ?? null, dispose };
}

/**
 * Chat photos (`images/messages/{messageId}/…`) are private (security issue item 9): only the two
 * people in the chat load them, as school-verified members of the campus of the site, and only
 * the keys their message holds; to anyone else they are a 404, like a missing file. Read with
 * the session lookup in one statement.
 */
export const messagePhotos: PrivateMedia = {
  prefix: mediaKeys.messagePhotos,
  async mayView(request, key) {
    const messageId = key.slice(mediaKeys.messagePhotos.length).split('/')[0];
    const campusId = request.campus.id;
    const viewer = await request.sessionUserWith<{ inChat: boolean }>((db, token) =>
      sessionWithPhotoAccess(db, token, { messageId: messageId ?? '', campusId, key }),
    );
    return !!viewer && viewer.verified && viewer.schoolVerified && viewer.campusId === campusId && viewer.inChat;
  },
};
