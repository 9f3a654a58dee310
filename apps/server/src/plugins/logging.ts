import { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
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

export const pathOf = (url: string) => url.split('?')[0] ?? url;

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

type BetterAuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * better-auth's `logger` option: its messages go through pino (JSON lines, our level, no
 * colour codes) instead of its own coloured console output.
 */
export function betterAuthLogger(log: FastifyBaseLogger | undefined) {
  if (!log) return { disabled: true };
  const child = log.child({ module: 'better-auth' });
  return {
    disableColors: true,
    // Not 'debug', 'warn' or 'error': at those levels better-auth also prints every refused
    // request (4xx) through its own global, coloured console logger, bypassing `log` below.
    level: 'info' as const,
    log(level: BetterAuthLogLevel, message: string, ...args: unknown[]) {
      const detail = args.length === 0 ? undefined : args.length === 1 ? args[0] : args;
      if (detail instanceof Error) child[level]({ err: detail }, message);
      else if (detail === undefined) child[level](message);
      else child[level]({ detail }, message);
    },
  };
}
