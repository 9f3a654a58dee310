import {
  type CreatePostBody,
  CreatePostBodySchema,
  POST_FILE_LIMITS,
  POST_MESSAGES,
  UPLOAD_MESSAGES,
} from '@campus/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, errors } from '../../lib/errors.ts';
import { POST_FILE_RULES } from '../media/media.service.ts';
import { readMultipart } from '../media/multipart.ts';
import type { ReceivedFile } from '../media/receive.ts';
import { createTempFolder } from '../media/temp-files.ts';

export type UploadedFile = ReceivedFile;

export interface PostUpload {
  body: z.output<typeof CreatePostBodySchema>;
  /** On disk, in a temporary folder that {@link PostUpload.dispose} removes. */
  files: UploadedFile[];
  /** Removes the temporary files; the consumer calls it once done, whatever happened. */
  dispose: () => Promise<void>;
}

/**
 * The `post` field: the rich text (a few KB for 500 characters) and the other fields. Bigger
 * is not a post the composer made.
 */
const MAX_POST_FIELD_BYTES = 256 * 1024;

/**
 * Parses the composer's multipart request: the `post` field (JSON, checked against the
 * contract) and up to 10 `files`, each streamed to a temporary file, typed by its bytes and
 * size-limited while streaming. On any refusal the temporary files are already gone.
 */
export async function readPostUpload(request: FastifyRequest): Promise<PostUpload> {
  const folder = await createTempFolder();
  try {
    const { fields, files } = await readMultipart(request, folder, {
      ...POST_FILE_RULES,
      fileField: 'files',
      maxFiles: POST_FILE_LIMITS.maxFiles,
      tooManyFiles: () => errors.badRequest(POST_MESSAGES.tooManyFiles, 'TOO_MANY_FILES'),
      fields: ['post'],
      maxFieldBytes: MAX_POST_FIELD_BYTES,
      maxTotalBytes: POST_FILE_LIMITS.totalBytes,
      totalTooLarge: () => new AppError(413, 'POST_TOO_LARGE', UPLOAD_MESSAGES.postTooLarge),
    });
    const raw = fields.has('post') ? parseJson(fields.get('post') as string) : {};
    const parsed = CreatePostBodySchema.safeParse(raw as CreatePostBody);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw errors.badRequest(issue?.message ?? POST_MESSAGES.submitFailed, 'INVALID_POST');
    }
    return { body: parsed.data, files, dispose: folder.dispose };
  } catch (error) {
    await folder.dispose();
    throw error;
  }
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw errors.badRequest(POST_MESSAGES.submitFailed, 'INVALID_POST');
  }
}
