import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ApiError } from '@campus/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app and answers every unknown path: `/api/*` with a JSON 404, a page
 * address with index.html so the client router can show it (its own not-found page included).
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { webDist: string }) => {
    const indexFile = path.join(opts.webDist, 'index.html');
    const indexHtml = existsSync(indexFile) ? readFileSync(indexFile) : undefined;
    if (indexHtml) {
      await app.register(fastifyStatic, {
        root: opts.webDist,
        wildcard: false,
        index: false,
        setHeaders(reply, filePath) {
          // Vite fingerprints everything under assets/: cache it for a year.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.warn(`no web build at ${opts.webDist}; run "npm run build" to serve the site`);
    }

    // The media feed page shares its path with the uploads prefix (/media/{key}); the uploads
    // scope's own not-found answer would otherwise catch a page load of /media itself.
    if (indexHtml) {
      app.get('/media', { schema: { hide: true } }, (_request, reply) =>
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml),
      );
    }

    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url === '/api' || request.url.startsWith('/api/');
      const isPage = request.method === 'GET' || request.method === 'HEAD';
      if (!isApi && isPage && indexHtml) {
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
      }
      const body: ApiError = {
        statusCode: 404,
        code: 'NOT_FOUND',
        message: `No route for ${request.method} ${request.url.split('?')[0]}`,
      };
      return reply.code(404).send(body);
    });
  },
  { name: 'web' },
);
