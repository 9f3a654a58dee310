import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * API answers are personal (the session's user, their saved posts, their campus) and change
 * at any moment: no browser or proxy may keep them unless a route says otherwise (e.g. the
 * campus logos; media files are not under /api and keep their immutable caching). The route
 * that matched decides, so `/%61pi/me` is kept by no one either.
 */
export const cacheHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control') && isApiPath(request.routeOptions.url ?? request.url))
        reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'cache-headers' },
);

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
