import {
  CreatePostBodySchema,
  EditPostBodySchema,
  POST_FILE_LIMITS,
  POST_MESSAGES,
  UPLOAD_MESSAGES,
} from '@campus/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, errors } from '../../lib/errors.ts';
import { type JsonUpload, POST_FILE_RULES, readJsonUpload } from '../media/index.ts';

export type PostUpload = JsonUpload<z.output<typeof CreatePostBodySchema>>;
export type PostEditUpload = JsonUpload<z.output<typeof EditPostBodySchema>>;

/**
 * The `post` field: the rich text (a few KB for 500 characters) and the other fields. Bigger
 * is not a post the composer made.
 */
const MAX_POST_FIELD_BYTES = 256 * 1024;

/**
 * Parses the composer's multipart request: the `post` field (JSON, checked against the
 * contract) and up to 10 `files`, each streamed to a temporary file, typed by its bytes and
 * size-limited while streaming.
 */
export function readPostUpload(request: FastifyRequest): Promise<PostUpload> {
  return readJsonUpload(request, {
    ...POST_FILE_RULES,
    jsonField: 'post',
    schema: CreatePostBodySchema,
    invalidCode: 'INVALID_POST',
    maxFieldBytes: MAX_POST_FIELD_BYTES,
    fileField: 'files',
    maxFiles: POST_FILE_LIMITS.maxFiles,
    tooManyFiles: () => errors.badRequest(POST_MESSAGES.tooManyFiles, 'TOO_MANY_FILES'),
    maxTotalBytes: POST_FILE_LIMITS.totalBytes,
    totalTooLarge: () => new AppError(413, 'POST_TOO_LARGE', UPLOAD_MESSAGES.postTooLarge),
  });
}

/**
 * The edit form's multipart request (docs/product/selling.md#editing-a-listing): the `post` field
 * with the listing's new state and photo order, and up to 10 new `files`, read like the composer's.
 */
export function readPostEditUpload(request: FastifyRequest): Promise<PostEditUpload> {
  return readJsonUpload(request, {
    ...POST_FILE_RULES,
    jsonField: 'post',
    schema: EditPostBodySchema,
    invalidCode: 'INVALID_POST',
    maxFieldBytes: MAX_POST_FIELD_BYTES,
    fileField: 'files',
    maxFiles: POST_FILE_LIMITS.maxFiles,
    tooManyFiles: () => errors.badRequest(POST_MESSAGES.tooManyFiles, 'TOO_MANY_FILES'),
    maxTotalBytes: POST_FILE_LIMITS.totalBytes,
    totalTooLarge: () => new AppError(413, 'POST_TOO_LARGE', UPLOAD_MESSAGES.postTooLarge),
  });
}
