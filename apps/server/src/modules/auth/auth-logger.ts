import type { FastifyBaseLogger } from 'fastify';

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
