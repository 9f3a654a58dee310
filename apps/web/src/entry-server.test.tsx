import type { FeedPage, Post } from '@campus/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApp } from './app/start.tsx';
import { renderFirstScreen } from './entry-server.tsx';
import { provideBootAnswers, resetBootAnswers } from './lib/boot-answers.ts';
import { testCampus } from './testing/campus.ts';
import { testViewer } from './testing/viewer.ts';

const OU = testCampus();

const HOSTILE = '</script><script>alert(1)</script> & <b>bold</b>';

const post = (id: string, plainText: string): Post => ({
  id,
  campusId: OU.id,
  type: 'post',
  author: { id: 'u2', username: 'emilychen', firstName: 'Emily', lastName: 'Chen', img: null, verified: true },
  plainText,
  category: null,
  priceCents: 3000,
  parentId: null,
  rootId: null,
  media: [],
  likesCount: 0,
  commentsCount: 0,
  likedByViewer: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastModified: '2026-11-20T10:00:00.000Z',
});

const feed: FeedPage = {
  posts: [post('p1', 'Kitchen set, all for $30'), post('p2', HOSTILE)],
  nextCursor: null,
  sponsored: [],
};

/** What the server reads for a member's /home (apps/server/src/plugins/first-screen.ts). */
const answers = () => ({
  '/api/campus': OU,
  '/api/me': { viewer: testViewer({ campusId: OU.id }) },
  '/api/unread-counts': { messages: 1, notifications: 2 },
  '/api/posts': feed,
});

/** A member's /home as the server writes it: the answers, and the drawn page in #root. */
async function openDrawnHome(): Promise<HTMLElement> {
  const html = await renderFirstScreen('/home', answers());
  window.history.replaceState(null, '', '/home');
  const bootAnswers = JSON.stringify(answers()).replace(/</g, '\\u003c');
  document.body.innerHTML = `<script type="application/json" id="boot-answers">${bootAnswers}</script><div id="root" data-server-rendered>${html}</div>`;
  resetBootAnswers();
  return document.getElementById('root') as HTMLElement;
}

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
  // jsdom has no CSS.escape (the category chips use it).
  vi.stubGlobal('CSS', { escape: (value: string) => value });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(`${init?.method ?? 'GET'} ${String(input)}`);
      // The page's reads are all in the document; a read a test triggers (search) finds nothing.
      if (!init?.method || init.method === 'GET')
        return new Response(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        });
      return new Response(JSON.stringify({ liked: true, likesCount: 1 }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  provideBootAnswers(undefined);
});

describe('the first screen drawn on the server', () => {
  it('is a member’s /home with its cards, text people wrote kept as text', async () => {
    const html = await renderFirstScreen('/home', answers());
    expect(html).toBeDefined();
    expect(html).toContain('Kitchen set, all for $30');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    // No style attributes: the CSP would drop them from the document.
    expect(html).not.toMatch(/style="/);
    expect(requests).toEqual([]);
  });

  it('is a member’s own /post/{id}, with no style attribute in what it draws (the CSP would refuse it)', async () => {
    const own = { ...post('p1', 'My desk lamp'), author: { ...post('p1', '').author, id: 'u1' } };
    const url = '/api/posts/p1';
    const html = await renderFirstScreen('/post/p1', {
      ...answers(),
      [url]: { post: own, ancestors: [], comments: [] },
    });
    expect(html).toContain('My desk lamp');
    expect(html).not.toMatch(/style="/);
  });

  it('is nothing when a read is missing, for a visitor, or for a page it does not draw', async () => {
    const { '/api/posts': _, ...withoutFeed } = answers();
    expect(await renderFirstScreen('/home', withoutFeed)).toBeUndefined();
    expect(await renderFirstScreen('/home', { ...answers(), '/api/me': { viewer: null } })).toBeUndefined();
    expect(await renderFirstScreen('/settings', answers())).toBeUndefined();
    // A render never asks the network for what the document lacks.
    expect(requests).toEqual([]);
  });

  it('keeps a click made before the page is live, and makes it once it is', async () => {
    const root = await openDrawnHome();
    const starting = startApp(root);
    // The server's Save button, clicked while the page's data and code are still loading.
    (root.querySelector('button[aria-label^="Save"]') as HTMLElement).click();
    const app = await starting;
    await waitFor(() => expect(requests).toContain('POST /api/posts/p1/like'));
    expect(requests.filter((request) => request.startsWith('POST'))).toHaveLength(1);
    app.unmount();
  });

  it('tells the app about the search box focused and typed in before the page is live', async () => {
    const root = await openDrawnHome();
    const starting = startApp(root);
    const box = screen.getByRole('combobox');
    box.focus();
    (box as HTMLInputElement).value = 'lamp';
    const app = await starting;
    // Opened by its focus handler, with what was typed (the box would be emptied otherwise).
    await waitFor(() => expect(box.getAttribute('aria-expanded')).toBe('true'));
    expect((box as HTMLInputElement).value).toBe('lamp');
    app.unmount();
  });

  it('is taken over by the browser without drawing it again, and then works', async () => {
    const root = await openDrawnHome();
    const firstCard = root.querySelector('article');
    const removed: string[] = [];
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes) if (node.nodeType === Node.ELEMENT_NODE) removed.push(node.nodeName);
    }).observe(root, { childList: true, subtree: true });

    const app = await startApp(root);
    const save = (await screen.findAllByRole('button', { name: /^Save/ }))[0] as HTMLElement;
    expect(root.querySelector('article')).toBe(firstCard);
    expect(removed).toEqual([]);
    // The data came from the document: nothing was read again.
    expect(requests.filter((request) => request.startsWith('GET'))).toEqual([]);

    save.click();
    await waitFor(() => expect(requests).toContain('POST /api/posts/p1/like'));
    app.unmount();
  });

  /** Starts watching `root` for elements taken out of it (the page drawn again, not hydrated). */
  function watchRemoved(root: HTMLElement): string[] {
    const removed: string[] = [];
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes) if (node.nodeType === Node.ELEMENT_NODE) removed.push(node.nodeName);
    }).observe(root, { childList: true, subtree: true });
    return removed;
  }

  it('is hydrated in a tab with history to go back to (a reload), and shows Back after', async () => {
    const root = await openDrawnHome();
    window.history.replaceState({ usr: null, key: 'reloaded', idx: 1 }, '', '/home');
    const firstCard = root.querySelector('article');
    const removed = watchRemoved(root);
    const app = await startApp(root);
    await screen.findByRole('button', { name: 'Back' });
    expect(root.querySelector('article')).toBe(firstCard);
    expect(removed).toEqual([]);
    app.unmount();
    window.history.replaceState(null, '', '/home');
  });

  it('keeps the ages it drew when a minute turns before the page is live', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const drawnAt = new Date('2026-11-27T12:00:00.000Z');
      vi.setSystemTime(drawnAt);
      feed.posts[0] = { ...post('p1', 'Kitchen set, all for $30'), createdAt: '2026-11-27T11:59:01.000Z' };
      const root = await openDrawnHome();
      expect(root.querySelector('article time')?.textContent).toBe('now');
      const firstCard = root.querySelector('article');
      const removed = watchRemoved(root);
      vi.setSystemTime(new Date(drawnAt.getTime() + 2_000));
      const app = await startApp(root);
      // A click that works is a page that is live.
      (root.querySelector('button[aria-label^="Save"]') as HTMLElement).click();
      await waitFor(() => expect(requests).toContain('POST /api/posts/p1/like'));
      expect(root.querySelector('article')).toBe(firstCard);
      expect(removed).toEqual([]);
      app.unmount();
    } finally {
      feed.posts[0] = post('p1', 'Kitchen set, all for $30');
      vi.useRealTimers();
    }
  });

  // Last: it leaves the page's one router (one per test file, as per page) on /search, with a
  // history the other tests' /home would draw differently (a back button).
  it('sends a search sent before the page is live once it is, in the app', async () => {
    const root = await openDrawnHome();
    const starting = startApp(root);
    const box = screen.getByRole('combobox') as HTMLInputElement;
    box.focus();
    box.value = 'desk lamp';
    box.form?.requestSubmit();
    expect(window.location.pathname).toBe('/home');
    const app = await starting;
    await waitFor(() => expect(window.location.pathname).toBe('/search'));
    expect(new URLSearchParams(window.location.search).get('q')).toBe('desk lamp');
    app.unmount();
  });
});
