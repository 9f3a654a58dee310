import { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

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
  if (stream) return { level: config.logLevel, stream };
  return {
    level: config.logLevel,
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

/** One line per request at info: method, path without its query, status and duration. */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', async (request, reply) => {
      request.log.info(
        {
          method: request.method,
          path: pathOf(request.url),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      );
    });
  },
  { name: 'request-log' },
);
