/**
 * The service worker of every campus site (docs/product/push-and-app.md, decision 041), built
 * by build/service-worker.ts into /sw.js. It does three things:
 *
 * - shows a push as a notification, and a tap on it opens (or focuses) the page it names;
 * - keeps the app shell (this build's entry code, stylesheet and the offline page) and answers
 *   a page load that fails for want of a network with the offline page;
 * - keeps the last feed page the member was shown (GET /api/posts without a cursor, which the
 *   server lets a browser keep: `private, no-cache`), for the offline page to list.
 *
 * Nothing else is kept: every other request goes to the network untouched, and an answer that
 * says `no-store` is never written to a cache. Signing out deletes the kept feed.
 */

// A module (for the declaration of `self` below); esbuild drops this line.
export type {};

declare const self: ServiceWorkerGlobalScope;
/** The shell's files (build/service-worker.ts) and a name that changes with them. */
declare const __SHELL_FILES__: string[];
declare const __SHELL_VERSION__: string;

const SHELL_CACHE = `shell-${__SHELL_VERSION__}`;
const FEED_CACHE = 'feed';
/** The one feed entry: the offline page reads it under this name. */
const FEED_KEY = '/api/posts';
const OFFLINE_PAGE = '/offline.html';
const SHELL = new Set(__SHELL_FILES__);

interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  icon: string;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(__SHELL_FILES__))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name !== SHELL_CACHE && name !== FEED_CACHE) await caches.delete(name);
      }
      // Page loads start on the network while the worker wakes up: no delay for going through it.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

/** True unless the answer forbids keeping it (`no-store`) or is not a plain success. */
function mayKeep(response: Response): boolean {
  if (!response.ok || response.type !== 'basic') return false;
  return !/(^|[,\s])no-store($|[,\s])/i.test(response.headers.get('cache-control') ?? '');
}

async function pageLoad(event: FetchEvent): Promise<Response> {
  try {
    const preloaded = (await event.preloadResponse) as Response | undefined;
    const response = preloaded ?? (await fetch(event.request));
    // The feed is drawn into its page (no API call the worker would see): keep its first page now.
    if (response.ok && new URL(event.request.url).pathname === '/home') event.waitUntil(keepFeed());
    return response;
  } catch {
    return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
  }
}

/** A kept feed younger than this is not asked for again on the next visit of /home. */
const FEED_FRESH_MS = 5 * 60 * 1000;

async function keepFeed(): Promise<void> {
  const kept = await caches.match(FEED_KEY, { cacheName: FEED_CACHE });
  const keptAt = Date.parse(kept?.headers.get('date') ?? '');
  if (kept && Number.isFinite(keptAt) && Date.now() - keptAt < FEED_FRESH_MS) return;
  await feedPage(new Request(FEED_KEY)).catch(() => {});
}

async function shellFile(request: Request): Promise<Response> {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (mayKeep(response)) {
    const copy = response.clone();
    void caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function feedPage(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (mayKeep(response)) {
      const copy = response.clone();
      await caches.open(FEED_CACHE).then((cache) => cache.put(FEED_KEY, copy));
    }
    return response;
  } catch (error) {
    const kept = await caches.match(FEED_KEY, { cacheName: FEED_CACHE });
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'POST' && url.pathname === '/api/auth/sign-out') {
    // The kept feed and the pushes were the member's: they go with their session (the push
    // service then answers 410 and the server forgets the subscription).
    event.waitUntil(
      Promise.all([
        caches.delete(FEED_CACHE),
        self.registration.pushManager.getSubscription().then((s) => s?.unsubscribe()),
      ]).catch(() => {}),
    );
    return;
  }
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    event.respondWith(pageLoad(event));
    return;
  }
  if (url.pathname.startsWith('/assets/') || SHELL.has(url.pathname)) {
    event.respondWith(shellFile(request));
    return;
  }
  if (url.pathname === '/api/posts' && !url.searchParams.has('cursor') && !url.searchParams.has('category')) {
    event.respondWith(feedPage(request));
  }
  // Everything else: the network, as if there were no worker.
});

self.addEventListener('push', (event) => {
  let payload: PushPayload;
  try {
    payload = event.data?.json() as PushPayload;
  } catch {
    return;
  }
  if (!payload || typeof payload.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      data: { url: payload.url },
      icon: payload.icon,
    }),
  );
});

/** Opens `target` in the site's open window (navigated there and focused), or in a new one. */
async function openPage(target: URL): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === target.origin);
  if (open) {
    const navigated = await open.navigate(target.href).catch(() => null);
    await open.focus().catch(() => {});
    if (navigated) return;
  }
  await self.clients.openWindow(target.href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: unknown } | null)?.url;
  // Only a page of this site opens: a path, never another address.
  const safe = typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : '/';
  const opening = openPage(new URL(safe, self.location.origin)).catch(() => {});
  try {
    event.waitUntil(opening);
  } catch {
    // An event made by a script (not a tap) cannot extend its life; the page still opens.
  }
});
