import { type ErrorCode, HTTP_ERROR_MESSAGES } from '@campus/contract';

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
  unauthorized: (message = 'You need to log in first.', code: ErrorCode = 'UNAUTHORIZED') =>
    new AppError(401, code, message),
  forbidden: (message = 'You are not allowed to do that.', code: ErrorCode = 'FORBIDDEN') =>
    new AppError(403, code, message),
  notFound: (message = 'Not found.', code: ErrorCode = 'NOT_FOUND') => new AppError(404, code, message),
  conflict: (message: string, code: ErrorCode = 'CONFLICT') => new AppError(409, code, message),
  payloadTooLarge: (message: string = HTTP_ERROR_MESSAGES.payloadTooLarge, code: ErrorCode = 'PAYLOAD_TOO_LARGE') =>
    new AppError(413, code, message),
  unsupportedMediaType: (
    message: string = HTTP_ERROR_MESSAGES.unsupportedMediaType,
    code: ErrorCode = 'UNSUPPORTED_MEDIA_TYPE',
  ) => new AppError(415, code, message),
  tooManyRequests: (message: string = HTTP_ERROR_MESSAGES.rateLimited, code: ErrorCode = 'RATE_LIMITED') =>
    new AppError(429, code, message),
  unavailable: (message = 'Service unavailable.', code: ErrorCode = 'UNAVAILABLE') => new AppError(503, code, message),
};
