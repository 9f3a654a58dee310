import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, type StaticHandlerContext, StaticRouterProvider } from 'react-router';
import {
  codeAfterFirstPaint,
  documentHead,
  documentParts,
  type PageState,
  STATE_ELEMENT_ID,
  scriptJson,
} from './app/document.ts';
import type { WithHead } from './app/head.ts';
import type { RouteHandle } from './app/layout/route-handle.ts';
import { AppProvider } from './app/provider.tsx';
import { createRoutes } from './app/router.tsx';
import { campusQueryOptions } from './features/campus/api/get-campus.ts';
import { type ApiFetch, setRequestFetch } from './lib/api-client.ts';
import { createQueryClient } from './lib/query-client.ts';

/**
 * The server's render of every page (decision 031): the web app's one server-rendering path.
 * Built by `vite build --ssr` into the web build's `.ssr/` folder, which is never served; the
 * app's server imports it and only hosts it (apps/server/src/plugins/web.ts): it hands over the
 * request, a way to call its API in-process as the viewer, and the CSP nonce of the document.
 *
 * The route table's loaders (app/loaders.ts) read the page's data into a QueryClient of this
 * request; React Router's static handler runs them (a redirect they throw is the answer: 302),
 * react-dom's streaming renderer draws the page from them, and the client's cache travels in
 * the document for the browser to hydrate from (main.tsx).
 */

/** What the render answers: a redirect, or the page's whole document (UTF-8 HTML). */
export type RenderedPage = { status: number; location: string } | { status: number; html: Buffer };

export interface RenderOptions {
  /** Calls the app's API as the person who asked for the page (their cookie, the campus's host). */
  api: ApiFetch;
  /** The CSP nonce of this document: every inline script and style carries it. */
  nonce: string;
}

/**
 * What a render's loaders use, its request's own however many renders overlap: the caller of
 * the API as the viewer, and the query client the page is drawn from.
 */
const thisRequest = new AsyncLocalStorage<{ api: ApiFetch; queryClient: QueryClient }>();
setRequestFetch(() => thisRequest.getStore()?.api);

/**
 * The route table and its handler, made once: React Router then compiles its paths and loads
 * each page's module once per process, not per request. The loaders find the request's client
 * through `thisRequest`.
 */
const handler = createStaticHandler(
  createRoutes(() => {
    const store = thisRequest.getStore();
    if (!store) throw new Error('a route loader ran outside a render');
    return store.queryClient;
  }),
);

/**
 * The built index.html beside this module (dist/index.html for dist/.ssr/entry-server.js; the
 * source one when a test loads the source), read once: the entry script and stylesheet Vite
 * wrote into it are the document's.
 */
let template: ReturnType<typeof documentParts> | undefined;
const templateParts = () => {
  template ??= documentParts(
    readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'index.html'), 'utf8'),
  );
  return template;
};

/** A chunk of the browser's build as Vite's manifest lists it, by source module. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The browser build's manifest beside this module (dist/.vite/manifest.json), read once; null
 * when the render runs from source (the tests), which then asks for no route code.
 */
let manifest: Record<string, ManifestChunk> | null | undefined;
const buildManifest = () => {
  if (manifest !== undefined) return manifest;
  try {
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.vite', 'manifest.json');
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    manifest = null;
  }
  return manifest;
};

/** `keys`' chunks and every chunk they import, in import order. */
function chunksOf(chunks: Record<string, ManifestChunk>, keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = chunks[key];
    if (!chunk || into.has(chunk.file)) continue;
    into.add(chunk.file);
    chunksOf(chunks, chunk.imports ?? [], into);
  }
  return into;
}

const preloadsByPage = new Map<string, string[]>();
/**
 * The code of the matched routes' pages (their handles' `modules`, app/layout/route-handle.ts)
 * that index.html does not already ask for, as addresses. Without them the browser learns of a
 * page's chunks only once the entry has run, a round trip later, and Vite's loader then adds their
 * links one by one to the drawn page. The document's loader asks for them with the entry, after
 * the first paint (codeAfterFirstPaint, app/document.ts). Kept per set of modules.
 */
function routePreloads(context: StaticHandlerContext): string[] {
  const chunks = buildManifest();
  if (!chunks) return [];
  const modules = context.matches.flatMap((m) => (m.route.handle as RouteHandle | undefined)?.modules ?? []);
  const key = modules.join(' ');
  let files = preloadsByPage.get(key);
  if (files === undefined) {
    const entry = chunksOf(
      chunks,
      Object.keys(chunks).filter((k) => chunks[k]?.isEntry),
    );
    files = [...chunksOf(chunks, modules)].filter((file) => !entry.has(file)).map((file) => `/${file}`);
    preloadsByPage.set(key, files);
  }
  return files;
}

/** The HTML document of `request`'s page, a redirect (302), or the not-found page (404). */
export async function render(request: Request, { api, nonce }: RenderOptions): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  // What the loaders could not read is left for the browser: no second try inside a page load.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const context = await thisRequest.run({ api, queryClient }, () => handler.query(request));
  if (context instanceof Response) {
    // A loader's redirect (docs/product/accounts.md#redirects): the spec's "redirect" is a 302.
    const location = context.headers.get('location');
    if (location) return { status: 302, location };
    throw new Error(`a loader answered ${context.status} without a location`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>
  );
  // React's streaming renderer (react-dom/server), collected into one buffer: the render waits
  // for every part anyway (onAllReady), and React writes the page in hundreds of small chunks,
  // which piped through streams into the reply cost a tenth of the document's CPU (writev,
  // encodeInto; docs/perf/README.md 'The drawn document's CPU'). The reply then sends one buffer.
  const chunks: Buffer[] = [];
  let state = '';
  await new Promise<void>((resolve, reject) => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      writev(parts, done) {
        for (const part of parts) chunks.push(part.chunk as Buffer);
        done();
      },
    });
    sink.on('finish', resolve);
    sink.on('error', reject);
    const stream = renderToPipeableStream(app, {
      nonce,
      // The whole page before the first byte of it: with every read already in, waiting costs
      // little, and a browser without JavaScript (or a link preview) gets the page, not fallbacks.
      onAllReady() {
        const readFailed = queryClient
          .getQueryCache()
          .getAll()
          .some((query) => query.state.status === 'error');
        state = scriptJson({ queries: dehydrate(queryClient), ...(readFailed && { readFailed }) } satisfies PageState);
        stream.pipe(sink);
      },
      onShellError: reject,
    });
  });
  const campus = queryClient.getQueryData(campusQueryOptions().queryKey);
  const parts = templateParts();
  const head = documentHead({ campus, head: deepestHead(context), url: new URL(request.url), nonce });
  const code = [...parts.code, ...routePreloads(context)];
  const data = `<script type="application/json" id="${STATE_ELEMENT_ID}" nonce="${nonce}">${state}</script>`;
  const html = Buffer.concat([
    Buffer.from(parts.beforeHead + head + parts.beforeApp),
    ...chunks,
    Buffer.from(parts.afterApp.replace('<!--app-state-->', () => data + codeAfterFirstPaint(code, nonce))),
  ]);
  return { status: context.statusCode, html };
}

/** The head of the deepest route whose loader gave one (app/head.ts). */
function deepestHead(context: StaticHandlerContext) {
  for (const match of [...context.matches].reverse()) {
    const data = context.loaderData[match.route.id] as WithHead | null | undefined;
    if (data?.head) return data.head;
  }
  return undefined;
}
