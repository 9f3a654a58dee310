import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ApiError, HTTP_ERROR_MESSAGES } from '@campus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { httpRequestDuration, registry } from '../lib/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener's address when METRICS_PORT is set (tests read its port). */
    metricsAddress: AddressInfo | undefined;
  }
}

export interface MetricsOptions {
  /** A listener of its own for /metrics (never the public one), e.g. 9464; 0 picks a free port. */
  port?: number;
  /** Its address; default 127.0.0.1 (only the machine's own scraper). */
  host?: string;
  /** Without a port of its own: /metrics on the public listener, only with `Authorization: Bearer <token>`. */
  token?: string;
}

const notFound: ApiError = { statusCode: 404, code: 'NOT_FOUND', message: HTTP_ERROR_MESSAGES.notFound };

/** Compares in constant time (the token is a secret). */
function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length);
}

/**
 * Prometheus metrics (docs/decisions/043-object-storage-metrics-and-health.md): every request's duration by
 * method, matched route pattern and status, and the gauges and counters of lib/metrics.ts.
 * /metrics is served on METRICS_PORT (a listener of its own, bound to 127.0.0.1 by default) or,
 * without one, on the public listener to a caller with METRICS_TOKEN; anyone else gets the same
 * 404 as an unknown address. With neither setting it is not served at all.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsOptions) => {
    app.addHook('onResponse', (request, reply, done) => {
      // The pattern the router matched; no route (a 404) is one label, never the address asked for.
      const route = request.routeOptions.url ?? 'unmatched';
      httpRequestDuration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });

    app.decorate('metricsAddress', undefined);
    if (options.port !== undefined) {
      const server = http.createServer((req, res) => {
        if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
          res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify(notFound));
          return;
        }
        registry.metrics().then(
          (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
          (err: Error) => {
            app.log.error({ err }, 'metrics failed');
            res.writeHead(500).end();
          },
        );
      });
      app.addHook('onReady', async () => {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(options.port, options.host ?? '127.0.0.1', () => {
            server.off('error', reject);
            resolve();
          });
        });
        app.metricsAddress = server.address() as AddressInfo;
      });
      app.addHook('onClose', async () => {
        if (!server.listening) return;
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      });
      return;
    }

    const token = options.token;
    if (!token) return;
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = bearer(request);
      if (!given || !sameToken(given, token)) return reply.code(404).send(notFound);
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
