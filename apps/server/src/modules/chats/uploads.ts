import {
  CHAT_LIMITS,
  CHAT_SERVER_MESSAGES,
  POST_MESSAGES,
  type SendMessageBody,
  SendMessageBodySchema,
  UPLOAD_MESSAGES,
} from '@campus/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, errors } from '../../lib/errors.ts';
import { MESSAGE_FILE_RULES } from '../media/media.service.ts';
import { readMultipart } from '../media/multipart.ts';
import type { ReceivedFile } from '../media/receive.ts';
import { createTempFolder } from '../media/temp-files.ts';

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
 * contract) and at most one `file` (spec 1 §5: one file at a time), streamed to a temporary
 * file, typed by its bytes and size-limited while streaming. A second file is refused.
 */
export async function readMessageUpload(request: FastifyRequest): Promise<MessageUpload> {
  const folder = await createTempFolder();
  try {
    const { fields, files } = await readMultipart(request, folder, {
      ...MESSAGE_FILE_RULES,
      fileField: 'file',
      maxFiles: CHAT_LIMITS.filesPerMessage,
      tooManyFiles: () => errors.badRequest(CHAT_SERVER_MESSAGES.onePhotoOnly, 'TOO_MANY_FILES'),
      fields: ['message'],
      maxFieldBytes: MAX_MESSAGE_FIELD_BYTES,
      maxTotalBytes: CHAT_LIMITS.photoBytes,
      totalTooLarge: () => new AppError(413, 'FILE_TOO_LARGE', UPLOAD_MESSAGES.photoTooLarge),
    });
    const raw = fields.has('message') ? parseJson(fields.get('message') as string) : {};
    const parsed = SendMessageBodySchema.safeParse(raw as SendMessageBody);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw errors.badRequest(issue?.message ?? POST_MESSAGES.submitFailed, 'INVALID_MESSAGE');
    }
    return { body: parsed.data, file: files[0] ?? null, dispose: folder.dispose };
  } catch (error) {
    await folder.dispose();
    throw error;
  }
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw errors.badRequest(POST_MESSAGES.submitFailed, 'INVALID_MESSAGE');
  }
}
