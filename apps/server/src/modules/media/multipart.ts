import { type ErrorCode, POST_MESSAGES, UPLOAD_MESSAGES } from '@campus/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, errors } from '../../lib/errors.ts';
import { discardRestOfBody } from './drain.ts';
import { type ReceivedFile, type ReceiveRules, receiveFile } from './receive.ts';
import { createTempFolder, type TempFolder } from './temp-files.ts';

export interface MultipartRules extends ReceiveRules {
  /** The one field name files may come in. */
  fileField: string;
  maxFiles: number;
  /** The error once a request carries more than `maxFiles`. */
  tooManyFiles: () => AppError;
  /** Text fields accepted (others are ignored) and the most bytes one may have. */
  fields: readonly string[];
  maxFieldBytes: number;
  /** All files together; past it, `totalTooLarge`. */
  maxTotalBytes: number;
  totalTooLarge: () => AppError;
}

export interface MultipartUpload {
  fields: Map<string, string>;
  files: ReceivedFile[];
}

const unreadable = () => errors.badRequest(UPLOAD_MESSAGES.unreadableUpload, 'UNREADABLE_UPLOAD');

/**
 * Reads a multipart request, streaming each file into `folder` (see receive.ts). Whatever goes
 * wrong — a refused file, a malformed or cut-off body, a client that goes away — the rest of the
 * body is discarded (drain.ts) so the answer reaches the browser at once, the files received so
 * far are removed, and the error is an AppError (4xx), never a parser's 500.
 */
export async function readMultipart(
  request: FastifyRequest,
  folder: TempFolder,
  rules: MultipartRules,
): Promise<MultipartUpload> {
  const fields = new Map<string, string>();
  const files: ReceivedFile[] = [];
  let total = 0;
  try {
    if (!request.isMultipart()) throw unreadable();
    const parts = request.parts({
      limits: {
        files: rules.maxFiles + 1,
        fields: rules.fields.length + 4,
        fieldSize: rules.maxFieldBytes,
        // The receive rules refuse earlier; this only stops the parser if they did not.
        fileSize: rules.maxTotalBytes + 1,
        parts: rules.maxFiles + rules.fields.length + 8,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw unreadable();
        if (rules.fields.includes(part.fieldname)) fields.set(part.fieldname, String(part.value));
        continue;
      }
      if (part.fieldname !== rules.fileField) throw unreadable();
      if (files.length >= rules.maxFiles) throw rules.tooManyFiles();
      const file = await receiveFile(part.file, folder.file(), part.filename, rules);
      files.push(file);
      total += file.size;
      if (total > rules.maxTotalBytes) throw rules.totalTooLarge();
    }
    return { fields, files };
  } catch (error) {
    discardRestOfBody(request);
    if (error instanceof AppError) throw error;
    // Everything else here is the multipart parser's: no boundary, a wrong boundary, a body
    // that ends early, a connection that closed — the request's fault, so 400.
    request.log.info({ err: error }, 'unreadable multipart request');
    throw unreadable();
  }
}

export interface JsonUploadRules<S extends z.ZodType> extends Omit<MultipartRules, 'fields'> {
  /** The text field that carries the JSON body, checked against `schema`. */
  jsonField: string;
  schema: S;
  /** The code of a body that is not JSON or that the schema refuses. */
  invalidCode: ErrorCode;
}

export interface JsonUpload<T> {
  body: T;
  /** On disk, in a temporary folder that `dispose` removes. */
  files: ReceivedFile[];
  /** Removes the temporary files; the consumer calls it once done, whatever happened. */
  dispose: () => Promise<void>;
}

/**
 * The composers' requests (a post, a chat message): one JSON field checked against the
 * contract, plus files streamed into a temporary folder of their own. On any refusal the
 * temporary files are already gone.
 */
export async function readJsonUpload<S extends z.ZodType>(
  request: FastifyRequest,
  rules: JsonUploadRules<S>,
): Promise<JsonUpload<z.output<S>>> {
  const folder = await createTempFolder();
  try {
    const { fields, files } = await readMultipart(request, folder, { ...rules, fields: [rules.jsonField] });
    const text = fields.get(rules.jsonField);
    const parsed = rules.schema.safeParse(text === undefined ? {} : parseJsonField(text, rules.invalidCode));
    if (!parsed.success) {
      throw errors.badRequest(parsed.error.issues[0]?.message ?? POST_MESSAGES.submitFailed, rules.invalidCode);
    }
    return { body: parsed.data, files, dispose: folder.dispose };
  } catch (error) {
    await folder.dispose();
    throw error;
  }
}

function parseJsonField(value: string, invalidCode: ErrorCode): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw errors.badRequest(POST_MESSAGES.submitFailed, invalidCode);
  }
}
