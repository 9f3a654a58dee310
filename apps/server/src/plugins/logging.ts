import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/** The request a piece of code runs for, so that lines logged through `app.log` carry its id too. */
const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/** An id a proxy may hand us in `X-Request-Id` (nginx's $request_id is 32 hex digits). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request (Fastify's genReqId): the `X-Request-Id` the load balancer set when it is
 * one plain token of at most 128 characters, so one id follows the request through nginx's log
 * and ours; anything else (missing, too long, spaces, quotes, newlines) gets a fresh UUID.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Adds the id of the request being served to a line logged outside its request logger (a
 * module's `app.log`, the mailer); a request logger's lines carry it already as `reqId`.
 */
function withRequestId(
  _merge: object,
  _level: number,
  logger: { bindings(): Record<string, unknown> },
): Record<string, unknown> {
  const store = requestContext.getStore();
  if (!store || 'reqId' in logger.bindings()) return {};
  return { reqId: store.reqId };
}

/**
 * Fastify's logger options. JSON lines (no colour codes) unless a person watches a terminal
 * in development, where pino-pretty colours them. Fastify's own two lines per request are off:
 * requestLogPlugin writes one.
 */
export function loggerOptions(
  config: Pick<Config, 'env' | 'logLevel'>,
  { stream, isTTY = Boolean(process.stdout.isTTY) }: { stream?: NodeJS.WritableStream; isTTY?: boolean } = {},
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  if (stream) return { level: config.logLevel, stream, mixin: withRequestId };
  return {
    level: config.logLevel,
    mixin: withRequestId,
    // Sign-in links and reset links carry tokens in their query: log paths only.
    serializers: {
      req: (req) => ({ method: req.method, url: pathOf(req.url), host: req.host, remoteAddress: req.ip }),
    },
    ...(config.env === 'development' && isTTY
      ? { transport: { target: 'pino-pretty', options: { colorize: true } } }
      : {}),
  };
}

/** Turns off Fastify's 'incoming request' and 'request completed' lines. */
export function requestLogController(): LogController {
  return new LogController({ disableRequestLogging: true });
}

const pathOf = (url: string) => url.split('?')[0] ?? url;

/**
 * One line per request at info: method, path without its query, status and duration. Every
 * line logged while serving a request carries its id (`reqId`), which the answer also sends
 * back as `X-Request-Id`.
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    // Everything after this hook (later hooks, the handler, what they await) runs in the context.
    // Callback hooks, as every hook on every request (docs/architecture.md#request-pipeline).
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      requestContext.run({ reqId: request.id }, done);
    });
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        {
          method: request.method,
          path: pathOf(request.url),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      );
      done();
    });
  },
  { name: 'request-log' },
);
