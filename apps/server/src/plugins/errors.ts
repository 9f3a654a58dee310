import { type ApiError, type ErrorCode, HTTP_ERROR_MESSAGES, UNSPECIFIED_MESSAGES } from '@campus/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';

/**
 * One error handler: known errors keep their status, code and message; validation errors
 * say which field is wrong; anything else is logged with its context and answered as a 500
 * without details.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      let body: ApiError;
      const fault = clientFault(error);
      if (error instanceof AppError) {
        body = { statusCode: error.statusCode, code: error.code, message: error.message };
      } else if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        body = {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: first?.message ?? 'Invalid request.',
        };
      } else if (isDatabaseUnavailable(error)) {
        body = { statusCode: 503, code: 'DATABASE_UNAVAILABLE', message: UNSPECIFIED_MESSAGES.databaseUnavailable };
      } else if (fault) {
        body = fault;
      } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        body = { statusCode: error.statusCode, code: codeForStatus(error.statusCode), message: error.message };
      } else {
        // Paths only: the query of an emailed link carries its token.
        request.log.error({ err: error, path: request.url.split('?')[0], method: request.method }, 'request failed');
        body = { statusCode: 500, code: 'INTERNAL', message: HTTP_ERROR_MESSAGES.internalError };
      }
      // The request line (plugins/logging.ts) already records the status at info; the code is detail.
      if (body.statusCode < 500) request.log.debug({ code: body.code }, body.message);
      return reply.code(body.statusCode).send(body);
    });
  },
  { name: 'errors' },
);

/** Fastify's own refusals (body parsing, URL), answered with our codes and words. */
const FASTIFY_CODES: Readonly<Record<string, { statusCode: number; code: ErrorCode; message: string }>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    statusCode: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: HTTP_ERROR_MESSAGES.payloadTooLarge,
  },
  FST_REQ_FILE_TOO_LARGE: { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: HTTP_ERROR_MESSAGES.payloadTooLarge },
  FST_PARTS_LIMIT: { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: HTTP_ERROR_MESSAGES.payloadTooLarge },
  FST_FILES_LIMIT: { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: HTTP_ERROR_MESSAGES.payloadTooLarge },
  FST_FIELDS_LIMIT: { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: HTTP_ERROR_MESSAGES.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    statusCode: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: HTTP_ERROR_MESSAGES.unsupportedMediaType,
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    statusCode: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: HTTP_ERROR_MESSAGES.unsupportedMediaType,
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    statusCode: 400,
    code: 'INVALID_BODY',
    message: HTTP_ERROR_MESSAGES.malformedRequest,
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, code: 'INVALID_BODY', message: HTTP_ERROR_MESSAGES.malformedRequest },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    statusCode: 400,
    code: 'INVALID_BODY',
    message: HTTP_ERROR_MESSAGES.malformedRequest,
  },
  FST_ERR_BAD_URL: { statusCode: 400, code: 'INVALID_URL', message: HTTP_ERROR_MESSAGES.malformedRequest },
};

/**
 * PostgreSQL refusing a value it was given (a NUL in text or JSON, a malformed number, date
 * or uuid, a value out of range, JSON nested beyond its stack): the input was wrong, not the
 * server. The edge refuses these first (plugins/security.ts); this is the backstop.
 */
const INPUT_SQLSTATES = new Set(['22021', '22P05', '22P02', '22007', '22008', '22001', '22003', '54001']);

function sqlState(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== 'object' || depth > 5) return undefined;
  const e = error as { code?: unknown; severity?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && typeof e.severity === 'string') return e.code;
  return sqlState(e.cause, depth + 1);
}

/** A 4xx for errors that the input caused, or undefined. */
function clientFault(error: FastifyError): ApiError | undefined {
  const known = typeof error.code === 'string' ? FASTIFY_CODES[error.code] : undefined;
  if (known) return { ...known };
  const state = sqlState(error);
  if (state && INPUT_SQLSTATES.has(state)) {
    return { statusCode: 400, code: 'BAD_REQUEST', message: HTTP_ERROR_MESSAGES.malformedRequest };
  }
  // Serialising or validating a value nested too deep for the stack (a hostile body).
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return { statusCode: 400, code: 'INVALID_BODY', message: HTTP_ERROR_MESSAGES.malformedRequest };
  }
  return undefined;
}

/** The code of a 4xx raised by a library without one of ours. */
function codeForStatus(statusCode: number): ErrorCode {
  switch (statusCode) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'BAD_REQUEST';
  }
}
