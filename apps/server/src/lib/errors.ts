/**
 * The one error type services throw. `code` is stable for programs; `message` is what a
 * person reads (the spec's wording where the spec has one).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const errors = {
  badRequest: (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message),
  unauthorized: (message = 'You need to log in first.', code = 'UNAUTHORIZED') => new AppError(401, code, message),
  forbidden: (message = 'You are not allowed to do that.', code = 'FORBIDDEN') => new AppError(403, code, message),
  notFound: (message = 'Not found.', code = 'NOT_FOUND') => new AppError(404, code, message),
  conflict: (message: string, code = 'CONFLICT') => new AppError(409, code, message),
  tooManyRequests: (message = 'Too many requests. Try again later.', code = 'RATE_LIMITED') =>
    new AppError(429, code, message),
  unavailable: (message = 'Service unavailable.', code = 'UNAVAILABLE') => new AppError(503, code, message),
};
