import { ACCESS_SERVER_MESSAGES, type ErrorCode, HTTP_ERROR_MESSAGES } from '@campus/contract';

/**
 * The one error type services throw. `code` is stable for programs; `message` is what a
 * person reads (the spec's wording where the spec has one).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const errors = {
  badRequest: (message: string, code: ErrorCode = 'BAD_REQUEST') => new AppError(400, code, message),
  unauthorized: (message: string = ACCESS_SERVER_MESSAGES.signInRequired, code: ErrorCode = 'UNAUTHORIZED') =>
    new AppError(401, code, message),
  forbidden: (message: string = ACCESS_SERVER_MESSAGES.notAllowed, code: ErrorCode = 'FORBIDDEN') =>
    new AppError(403, code, message),
  notFound: (message: string = HTTP_ERROR_MESSAGES.notFound, code: ErrorCode = 'NOT_FOUND') =>
    new AppError(404, code, message),
  conflict: (message: string, code: ErrorCode = 'CONFLICT') => new AppError(409, code, message),
  payloadTooLarge: (message: string = HTTP_ERROR_MESSAGES.payloadTooLarge, code: ErrorCode = 'PAYLOAD_TOO_LARGE') =>
    new AppError(413, code, message),
  unsupportedMediaType: (
    message: string = HTTP_ERROR_MESSAGES.unsupportedMediaType,
    code: ErrorCode = 'UNSUPPORTED_MEDIA_TYPE',
  ) => new AppError(415, code, message),
  tooManyRequests: (message: string = HTTP_ERROR_MESSAGES.rateLimited, code: ErrorCode = 'RATE_LIMITED') =>
    new AppError(429, code, message),
  unavailable: (message: string = HTTP_ERROR_MESSAGES.unavailable, code: ErrorCode = 'UNAVAILABLE') =>
    new AppError(503, code, message),
};

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/** Whether a database error (or one it was wrapped in, as Drizzle does) broke a unique index. */
export function isUniqueViolation(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; cause?: unknown };
  return e.code === UNIQUE_VIOLATION || isUniqueViolation(e.cause, depth + 1);
}
