import type { FeedPage, Post, PostPage, Viewer } from '@campus/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PageState, STATE_ELEMENT_ID } from './app/document.ts';
import { startApp } from './app/start.tsx';
import { render } from './entry-server.tsx';
import type { ApiFetch } from './lib/api-client.ts';
import { testCampus } from './testing/campus.ts';
import { testViewer } from './testing/viewer.ts';

const OU = testCampus();
const HOSTILE = '</script><script>alert(1)</script> & <b>bold</b>';
const NONCE = 'bm9uY2Utb2YtdGhpcy10ZXN0';

const post = (id: string, plainText: string, over: Partial<Post> = {}): Post => ({
  id,
  campusId: OU.id,
  type: 'post',
  author: { id: 'u2', username: 'emilychen', firstName: 'Emily', lastName: 'Chen', img: null, verified: true },
  plainText,
  category: null,
  priceCents: 3000,
  condition: null,
  status: 'available',
  expired: false,
  editedAt: null,
  previousPriceCents: null,
  parentId: null,
  rootId: null,
  media: [],
  likesCount: 0,
  commentsCount: 0,
  likedByViewer: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastModified: '2026-11-20T10:00:00.000Z',
  ...over,
});

const feed: FeedPage = {
  posts: [post('p1', 'Kitchen set, all for $30'), post('p2', HOSTILE)],
  nextCursor: null,
  sponsored: [],
};

const lamp: PostPage = {
  post: post('p9', 'Desk lamp, barely used\nPick up at Couch', {
    priceCents: 1500,
    media: [
      {
        kind: 'image',
        url: '/media/images/posts/p9/a-feed.webp',
        fullUrl: '/media/images/posts/p9/a-full.webp',
        width: 800,
        height: 600,
      },
    ],
  }),
  ancestors: [],
  comments: [],
};

const MEMBER = testViewer({ campusId: OU.id });

/**
 * The API as the app's server hands it to the render: the answers of one viewer, each call
 * recorded. `fail` answers 500 for an address.
 */
function apiOf(viewer: Viewer | null, { fail }: { fail?: string } = {}) {
  const calls: string[] = [];
  const answers: Record<string, unknown> = {
    '/api/campus': OU,
    '/api/me': { viewer },
    '/api/unread-counts': { messages: 1, notifications: 2 },
    '/api/posts': feed,
    '/api/posts/p9': lamp,
  };
  const api: ApiFetch = async (url) => {
    calls.push(url);
    if (url === fail) return Response.json({ statusCode: 500, code: 'INTERNAL', message: 'Down' }, { status: 500 });
    if (!(url in answers)) return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'No' }, { status: 404 });
    // Never the same object twice: the render must not share one between requests.
    return Response.json(structuredClone(answers[url]));
  };
  return { api, calls };
}

const page = (path: string) => new Request(`http://localhost:3000${path}`);

async function drawn(path: string, viewer: Viewer | null, options?: { fail?: string }) {
  const { api, calls } = apiOf(viewer, options);
  const response = await render(page(path), { api, nonce: NONCE });
  let html = '';
  if ('html' in response) html = response.html.toString('utf8');
  return { response, html, calls };
}

function stateIn(html: string): PageState {
  const block = new RegExp(
    `<script type="application/json" id="${STATE_ELEMENT_ID}" nonce="${NONCE}">([\\s\\S]*?)</script>`,
  ).exec(html);
  expect(block, 'the document has no page state').not.toBeNull();
  return JSON.parse(block?.[1] ?? '{}') as PageState;
}

const meta = (html: string, name: string) =>
  new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)">`).exec(html)?.[1];

/**
 * These tests draw a page with react-dom's server renderer, then hydrate it with its browser
 * renderer, in one process. In development builds each renderer marks the contexts it provides
 * and reports the other's mark as 'multiple renderers' (a server never hydrates, a browser never
 * renders on the server). Only that report is dropped; every other error still fails the test.
 */
const TWO_RENDERERS = 'Detected multiple renderers concurrently rendering the same context provider';

let requests: string[];
beforeEach(() => {
  requests = [];
  const reportError = console.error;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith(TWO_RENDERERS)) return;
    reportError(...args);
  });
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(`${init?.method ?? 'GET'} ${String(input)}`);
      if (!init?.method || init.method === 'GET')
        return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
      return Response.json({ liked: true, likesCount: 1 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the server’s render of a page', () => {
  it('draws a member’s /home from the API, people’s text kept as text, every inline script and style with the nonce', async () => {
    const { response, html, calls } = await drawn('/home', MEMBER);
    expect(response.status).toBe(200);
    expect(calls.sort()).toEqual(['/api/campus', '/api/me', '/api/posts', '/api/unread-counts']);
    expect(html).toContain('Kitchen set, all for $30');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(html).toContain('<title>OU Buy / Sell</title>');
    for (const tag of html.match(/<(script|style)(?![^>]*\bsrc=)[^>]*>/g) ?? [])
      expect(tag).toContain(`nonce="${NONCE}"`);
    // No style attributes: the CSP would drop them from the document.
    expect(html).not.toMatch(/style="/);
    // The state's JSON cannot end its element: the hostile text is in it with `<` escaped.
    const state = stateIn(html);
    expect(state.queries.queries.map((query) => query.queryKey[0])).toEqual(
      expect.arrayContaining(['campus', 'me', 'unread-counts', 'posts']),
    );
    // Every </script> closes one of the document's own script elements: none ended early.
    expect(html.match(/<\/script>/g)?.length).toBe(html.match(/<script\b/g)?.length);
  });

  it('answers the redirects of docs/product/accounts.md#redirects with a 302 and draws nothing', async () => {
    const unverified = testViewer({ verified: false, schoolVerified: false });
    const cases: [string, Viewer | null, string][] = [
      ['/', null, '/home'],
      ['/saved', null, '/'],
      ['/home', unverified, '/verify'],
      ['/post/p9', testViewer({ schoolVerified: false }), '/settings/account/school_email'],
      ['/login', MEMBER, '/home'],
    ];
    for (const [path, viewer, to] of cases) {
      const { response, calls } = await drawn(path, viewer);
      expect([path, response.status, 'location' in response && response.location]).toEqual([path, 302, to]);
      expect(calls.filter((call) => call.startsWith('/api/posts'))).toEqual([]);
    }
  });

  it('still sends the page when a read fails: the page shows what failed', async () => {
    const { response, html } = await drawn('/home', MEMBER, { fail: '/api/posts' });
    expect(response.status).toBe(200);
    expect(html).toContain('OU Buy / Sell');
    expect(html).not.toContain('Kitchen set');
    // A failed read is not in the state: the browser asks again.
    expect(stateIn(html).queries.queries.map((query) => query.queryKey[0])).not.toContain('posts');
    // …and the browser is told to draw the page itself (it could not match the failure).
    expect(stateIn(html).readFailed).toBe(true);
    expect(stateIn((await drawn('/home', MEMBER)).html).readFailed).toBeUndefined();
  });

  it('gives a member’s /post/{id} the link-preview tags of the listing: title, price, campus, a photo of a preview size', async () => {
    const { html } = await drawn('/post/p9', MEMBER);
    expect(html).toContain('<title>Desk lamp, barely used · $15 | OU Buy / Sell</title>');
    expect(meta(html, 'og:title')).toBe('Desk lamp, barely used · $15');
    expect(meta(html, 'og:description')).toBe('$15 · OU Buy / Sell · Desk lamp, barely used Pick up at Couch');
    expect(meta(html, 'og:image')).toBe('http://localhost:3000/media/images/posts/p9/a-feed.webp');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'og:url')).toBe('http://localhost:3000/post/p9');
  });

  it('never shows a signed-out visitor (or a link preview) a listing of the private campus: its card is the campus’s', async () => {
    const { response, html, calls } = await drawn('/post/p9?redirect=true', null);
    expect(response.status).toBe(200);
    expect(html).toContain('This community is private.');
    expect(calls).not.toContain('/api/posts/p9');
    expect(html).not.toMatch(/Desk lamp|a-feed\.webp|\$15/);
    expect(meta(html, 'og:title')).toBe('OU Buy / Sell');
    expect(meta(html, 'og:image')).toBe(`http://localhost:3000${OU.logoUrl}`);
  });

  it('keeps concurrent renders apart: each reads with its own request’s caller', async () => {
    const [member, visitor] = await Promise.all([drawn('/home', MEMBER), drawn('/home', null)]);
    expect(member.html).toContain('Kitchen set');
    expect(visitor.html).not.toContain('Kitchen set');
    expect(visitor.html).toContain('This community is private.');
    expect(visitor.calls).not.toContain('/api/posts');
  });
});

describe('the browser taking over a drawn page', () => {
  /** `path` as the server sends it, written into this document as the browser would have it. */
  async function openDrawn(path: string, viewer: Viewer | null, options?: { fail?: string }): Promise<HTMLElement> {
    const { html } = await drawn(path, viewer, options);
    window.history.replaceState(null, '', path);
    delete document.documentElement.dataset.live;
    const body = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
    document.body.innerHTML = body.replace(/<script type="module"[^>]*><\/script>/, '');
    return document.getElementById('root') as HTMLElement;
  }

  /** Starts watching `root` for elements taken out of it (the page drawn again, not hydrated). */
  function watchRemoved(root: HTMLElement): string[] {
    const removed: string[] = [];
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes) if (node.nodeType === Node.ELEMENT_NODE) removed.push(node.nodeName);
    }).observe(root, { childList: true, subtree: true });
    return removed;
  }

  it('hydrates a member’s /home without drawing it again or reading anything again, and then it works', async () => {
    const root = await openDrawn('/home', MEMBER);
    const firstCard = root.querySelector('article');
    expect(firstCard).not.toBeNull();
    const removed = watchRemoved(root);
    const app = await startApp(root);
    const save = (await screen.findAllByRole('button', { name: /^Save/ }))[0] as HTMLElement;
    expect(root.querySelector('article')).toBe(firstCard);
    expect(removed).toEqual([]);
    expect(requests.filter((request) => request.startsWith('GET'))).toEqual([]);
    save.click();
    await waitFor(() => expect(requests).toContain('POST /api/posts/p1/like'));
    app.unmount();
  });

  it('draws a page drawn around a failed read itself instead of hydrating it, from the reads that succeeded', async () => {
    const root = await openDrawn('/home', MEMBER, { fail: '/api/posts' });
    const removed = watchRemoved(root);
    const app = await startApp(root);
    await waitFor(() => expect(document.documentElement.dataset.live).toBe(''));
    // Drawn again (React could not have matched the failure it showed), not hydrated…
    expect(removed.length).toBeGreaterThan(0);
    // …with the campus and the viewer from the page's state: only the failed feed is read again.
    const reads = requests.filter((request) => request.startsWith('GET'));
    expect(reads.some((request) => request.startsWith('GET /api/posts'))).toBe(true);
    expect(reads.filter((request) => /^GET \/api\/(me|campus)\b/.test(request))).toEqual([]);
    app.unmount();
  });
});
