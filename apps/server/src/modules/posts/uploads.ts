import { type CreatePostBody, CreatePostBodySchema, POST_FILE_LIMITS, POST_MESSAGES } from '@campus/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errors } from '../../lib/errors.ts';
import { type DetectedFileType, detectFileType } from '../../lib/file-type.ts';

export interface UploadedFile {
  bytes: Buffer;
  type: DetectedFileType;
  originalName: string;
}

export interface PostUpload {
  body: z.output<typeof CreatePostBodySchema>;
  files: UploadedFile[];
}

const onlyPhotosAndVideos = () => errors.badRequest(POST_MESSAGES.onlyPhotosAndVideos, 'ONLY_PHOTOS_AND_VIDEOS');

/** Reads one file, refusing it as soon as it passes its kind's size limit. */
async function readFile(part: MultipartFile): Promise<UploadedFile> {
  const chunks: Buffer[] = [];
  let size = 0;
  let type: DetectedFileType | null = null;
  for await (const chunk of part.file) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (!type && size >= 16) {
      // The first bytes decide the type; the name and the browser's content type do not.
      type = detectFileType(Buffer.concat(chunks).subarray(0, 64));
      if (!type) {
        part.file.resume();
        throw onlyPhotosAndVideos();
      }
    }
    const limit = type?.kind === 'video' ? POST_FILE_LIMITS.videoBytes : POST_FILE_LIMITS.imageBytes;
    if (size > limit) {
      part.file.resume();
      throw errors.badRequest(
        `Each ${type?.kind === 'video' ? 'video' : 'photo'} must be under ${limit / 1024 / 1024} MB.`,
        'FILE_TOO_LARGE',
      );
    }
  }
  const bytes = Buffer.concat(chunks);
  type ??= detectFileType(bytes);
  if (!type || part.file.truncated) throw onlyPhotosAndVideos();
  return { bytes, type, originalName: part.filename };
}

/**
 * Parses the composer's multipart request: the `post` field (JSON, checked against the
 * contract) and up to 10 `files`, each typed by its bytes and size-limited while streaming.
 */
export async function readPostUpload(request: FastifyRequest): Promise<PostUpload> {
  if (!request.isMultipart()) throw errors.badRequest('Expected a multipart form.', 'NOT_MULTIPART');
  let raw: unknown;
  const files: UploadedFile[] = [];
  let total = 0;
  const parts = request.parts({
    limits: { files: POST_FILE_LIMITS.maxFiles + 1, fileSize: POST_FILE_LIMITS.videoBytes },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname === 'post') raw = parseJson(String(part.value));
      continue;
    }
    if (files.length >= POST_FILE_LIMITS.maxFiles) {
      part.file.resume();
      throw errors.badRequest(POST_MESSAGES.tooManyFiles, 'TOO_MANY_FILES');
    }
    const file = await readFile(part);
    total += file.bytes.length;
    if (total > POST_FILE_LIMITS.totalBytes)
      throw errors.badRequest('These files are too large together.', 'POST_TOO_LARGE');
    files.push(file);
  }
  const parsed = CreatePostBodySchema.safeParse((raw ?? {}) as CreatePostBody);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw errors.badRequest(issue?.message ?? POST_MESSAGES.submitFailed, 'INVALID_POST');
  }
  return { body: parsed.data, files };
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw errors.badRequest(POST_MESSAGES.submitFailed, 'INVALID_POST');
  }
}
