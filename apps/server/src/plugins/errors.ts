import { type ApiError, UNSPECIFIED_MESSAGES } from '@campus/contract';
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
      } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        body = { statusCode: error.statusCode, code: error.code ?? 'BAD_REQUEST', message: error.message };
      } else {
        request.log.error({ err: error, url: request.url, method: request.method }, 'request failed');
        body = { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong.' };
      }
      if (body.statusCode < 500) request.log.info({ code: body.code, url: request.url }, body.message);
      return reply.code(body.statusCode).send(body);
    });
  },
  { name: 'errors' },
);
