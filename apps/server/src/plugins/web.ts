import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { type ApiError, HTTP_ERROR_MESSAGES } from '@campus/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { withNonce } from './security.ts';

/** The request headers an API call made for a page needs: who (cookie), which campus (host). */
const FORWARDED_HEADERS = ['cookie', 'host', 'user-agent', 'accept-language'] as const;

/** An answer as the web app's api-client reads it: the part of a fetch `Response` it uses. */
interface ApiAnswer {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

/** A call of the app's API, fetch-shaped: what the web app's api-client calls with. */
type ApiFetch = (url: string, init: RequestInit) => Promise<ApiAnswer>;

/**
 * The web build's server render (apps/web/src/entry-server.tsx, built into `.ssr/`): the
 * whole page for a request (one buffer of HTML, or a stream of it), or the redirect (302) its routes answer. This plugin knows nothing
 * of the web app's routes, data or files: it hands over the request, the API and the nonce.
 */
export interface PageRenderer {
  render(
    request: Request,
    options: { api: ApiFetch; nonce: string },
  ): Promise<{ status: number; location: string } | { status: number; html: Buffer | Readable }>;
}

async function loadRenderer(webDist: string): Promise<PageRenderer | undefined> {
  const file = path.join(webDist, '.ssr', 'entry-server.js');
  return existsSync(file) ? ((await import(pathToFileURL(file).href)) as PageRenderer) : undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Sends the web app's page for `request` with status 404 (set by this plugin when there is
     * a build): what a page address that cannot be served answers (security.ts), so a person
     * sees the site's not-found page instead of an error in JSON.
     */
    sendNotFoundPage?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  }
}

/**
 * Serves the built web app and answers every unknown path: `/api/*` with a JSON 404, a page
 * address with the page the web app's render draws for it (decision 031).
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { webDist: string; renderer?: PageRenderer }) => {
    const indexFile = path.join(opts.webDist, 'index.html');
    const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
    const renderer = opts.renderer ?? (indexHtml ? await loadRenderer(opts.webDist) : undefined);

    /** The API as the person behind `request`: in-process (no socket), through every hook and check of a real call. */
    function apiFor(request: FastifyRequest): ApiFetch {
      const forwarded: Record<string, string> = {};
      for (const name of FORWARDED_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') forwarded[name] = value;
      }
      return async (url, init) => {
        const sent: Record<string, string> = {};
        new Headers(init.headers).forEach((value, name) => {
          sent[name] = value;
        });
        const response = await app.inject({
          method: (init.method ?? 'GET') as 'GET',
          url,
          headers: { ...sent, ...forwarded },
          payload: typeof init.body === 'string' ? init.body : undefined,
        });
        // Not a fetch Response: a page makes several calls, and a Response's body stream costs
        // more CPU than the call itself.
        const { statusCode, payload } = response;
        return {
          ok: statusCode >= 200 && statusCode < 300,
          status: statusCode,
          json: async () => JSON.parse(payload) as unknown,
        };
      };
    }

    async function sendPage(request: FastifyRequest, reply: FastifyReply, status?: number) {
      // The document carries this person's data: never stored by a browser or proxy.
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!renderer || indexHtml === undefined) return reply.code(status ?? 200).send(indexHtml);
      const nonce = randomBytes(16).toString('base64');
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') reply.header('content-security-policy', withNonce(policy, nonce));
      const headers = new Headers();
      for (const name of FORWARDED_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') headers.set(name, value);
      }
      const document = new Request(`${request.protocol}://${request.host}${request.url}`, { headers });
      let page: Awaited<ReturnType<PageRenderer['render']>>;
      try {
        page = await renderer.render(document, { api: apiFor(request), nonce });
      } catch (error) {
        // The page still works: the browser draws it from index.html, reading its own data.
        request.log.error({ err: error }, 'page render failed');
        return reply.code(status ?? 200).send(indexHtml);
      }
      if ('location' in page) return reply.code(page.status).header('location', page.location).send();
      return reply.code(status ?? page.status).send(page.html);
    }

    const notFound = (request: FastifyRequest, reply: FastifyReply) => {
      const body: ApiError = {
        statusCode: 404,
        code: 'NOT_FOUND',
        message: HTTP_ERROR_MESSAGES.noRoute(request.method, request.url.split('?')[0] ?? ''),
      };
      return reply.code(404).send(body);
    };

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

    if (indexHtml) {
      // For addresses no route may see (security.ts): the web app's own not-found page.
      app.decorate('sendNotFoundPage', (request: FastifyRequest, reply: FastifyReply) => sendPage(request, reply, 404));
      // Every other page address: a route (not the not-found handler), so its document is
      // compressed like any answer. The media feed page shares its path with the uploads prefix
      // (/media/{key}), whose scope would otherwise answer a page load of /media itself.
      const page = (request: FastifyRequest, reply: FastifyReply) =>
        request.url === '/api' || request.url.startsWith('/api/') ? notFound(request, reply) : sendPage(request, reply);
      app.get('/*', { schema: { hide: true } }, page);
      app.get('/media', { schema: { hide: true } }, page);
    }
    app.setNotFoundHandler(notFound);
  },
  { name: 'web' },
);
