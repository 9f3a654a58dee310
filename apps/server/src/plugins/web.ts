import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ApiError, type CampusResponse, HTTP_ERROR_MESSAGES } from '@campus/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { allowingStyle, themeStyleFor } from './campus-theme.ts';
import { filesOf, firstScreenPlan, parsed, renderDocument, type ViteManifest } from './first-screen.ts';

/** The request headers an API read made for a document needs: who (cookie), which campus (host). */
const FORWARDED_HEADERS = ['cookie', 'host', 'user-agent', 'accept-language'] as const;

/**
 * A render costs about 10 ms of CPU and they run one at a time (entry-server.tsx): with this many
 * already under way, a page goes out for the browser to draw, so a burst of page loads costs the
 * server what a document cost before (decision 024) instead of queueing behind the renders.
 */
const MAX_RENDERS_IN_FLIGHT = 4;

/** The web build's render of first screens (apps/web/src/entry-server.tsx), built into `.ssr/`. */
interface FirstScreenRenderer {
  renderFirstScreen(url: string, answers: Record<string, unknown>): Promise<string | undefined>;
}

async function loadRenderer(webDist: string): Promise<FirstScreenRenderer | undefined> {
  const file = path.join(webDist, '.ssr', 'entry-server.js');
  return existsSync(file) ? ((await import(pathToFileURL(file).href)) as FirstScreenRenderer) : undefined;
}

function readManifest(webDist: string): ViteManifest {
  const file = path.join(webDist, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ViteManifest) : {};
}

/**
 * Serves the built web app and answers every unknown path: `/api/*` with a JSON 404, a page
 * address with index.html so the client router can show it (its own not-found page included),
 * with the page's first screen written in (first-screen.ts).
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { webDist: string }) => {
    const indexFile = path.join(opts.webDist, 'index.html');
    const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
    const manifest = readManifest(opts.webDist);
    const renderer = indexHtml ? await loadRenderer(opts.webDist) : undefined;
    // The app behind the entry, which is only a boot that imports it (apps/web/src/main.tsx):
    // every page needs it, so every document preloads its code with the route's.
    const appModules = manifest['index.html']?.dynamicImports ?? [];
    // A page's route files depend only on the build: walked once per set of modules, not per request.
    const routeFiles = new Map<string, ReturnType<typeof filesOf>>();
    const filesFor = (modules: string[]) => {
      const key = modules.join('\n');
      const files = routeFiles.get(key) ?? filesOf(manifest, modules);
      routeFiles.set(key, files);
      return files;
    };

    /** The API's answer (JSON text) to a GET made on behalf of this document's request, if it is a 200. */
    async function readFor(request: FastifyRequest, url: string): Promise<string | undefined> {
      const headers: Record<string, string> = {};
      for (const name of FORWARDED_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const response = await app.inject({ method: 'GET', url, headers });
      const json = String(response.headers['content-type']).startsWith('application/json');
      return response.statusCode === 200 && json ? response.payload : undefined;
    }

    async function sendPage(request: FastifyRequest, reply: FastifyReply, template: string) {
      // The document carries this person's answers: never stored by a browser or proxy.
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (request.method !== 'GET') return template;
      const plan = firstScreenPlan(request.url);
      const read = await Promise.all(plan.reads.map(async (url) => [url, await readFor(request, url)] as const));
      const answers = new Map(read.filter((entry): entry is readonly [string, string] => entry[1] !== undefined));
      const html = plan.drawn && answers.size === plan.reads.length ? await drawn(request, answers) : undefined;
      const theme = themeStyleFor(parsed<CampusResponse>(answers.get('/api/campus'))?.themeColor);
      const policy = reply.getHeader('content-security-policy');
      if (theme && typeof policy === 'string')
        reply.header('content-security-policy', allowingStyle(policy, theme.source));
      return renderDocument(template, {
        answers,
        html,
        theme: theme?.text,
        photo: plan.photoOf(answers),
        ...filesFor([...appModules, ...plan.modules]),
      });
    }

    let rendering = 0;
    /** The page's first screen as HTML, when the web build can draw it; else the browser draws it. */
    async function drawn(request: FastifyRequest, answers: ReadonlyMap<string, string>) {
      if (!renderer || rendering >= MAX_RENDERS_IN_FLIGHT) return undefined;
      const bodies = Object.fromEntries([...answers].map(([url, body]) => [url, JSON.parse(body) as unknown]));
      rendering++;
      try {
        return await renderer.renderFirstScreen(request.url, bodies);
      } catch (error) {
        // The page still works: the browser draws it from the same answers.
        request.log.error({ err: error }, 'first screen render failed');
        return undefined;
      } finally {
        rendering--;
      }
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
      // For addresses no route may see (security.ts): the app alone, drawn by the browser.
      app.decorate('notFoundDocument', renderDocument(indexHtml, { answers: new Map(), ...filesFor(appModules) }));
      // Every other page address: a route (not the not-found handler), so its document is
      // compressed like any answer. The media feed page shares its path with the uploads prefix
      // (/media/{key}), whose scope would otherwise answer a page load of /media itself.
      const page = (request: FastifyRequest, reply: FastifyReply) =>
        request.url === '/api' || request.url.startsWith('/api/')
          ? notFound(request, reply)
          : sendPage(request, reply, indexHtml);
      app.get('/*', { schema: { hide: true } }, page);
      app.get('/media', { schema: { hide: true } }, page);
    }
    app.setNotFoundHandler(notFound);
  },
  { name: 'web' },
);
