import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CampusResponse, Viewer } from '@campus/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CampusContext } from '@/lib/campus.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { ViewerContext } from '@/lib/viewer.ts';
import { mockApi } from '@/testing/api.ts';
import { testCampus } from '@/testing/campus.ts';
import { testViewer } from '@/testing/viewer.ts';
import { createRoutes } from './router.tsx';

const OU = testCampus();
const HUB: CampusResponse = {
  ...OU,
  id: '0b6f8f3e-5d2a-4c11-9a7e-000000000000',
  slug: 'hub',
  name: 'Campus Buy / Sell',
  shortName: 'Campus',
  isHub: true,
  location: { city: 'United States', state: '', country: 'US' },
  memberCount: 0,
};

/** The route table at `path`, its loaders finding the campus and the viewer in the cache, as AppProvider's. */
function renderAt(path: string, campus: CampusResponse = OU, viewer: Viewer | null = null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(queryKeys.campus, campus);
  queryClient.setQueryData(queryKeys.me, viewer);
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <CampusContext.Provider value={campus}>
        <ViewerContext.Provider value={viewer}>
          <RouterProvider router={router} />
        </ViewerContext.Provider>
      </CampusContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

/** Where the loaders of `path` send `viewer`, without drawing anything: what the server answers with a 302. */
async function redirectOf(path: string, viewer: Viewer | null, campus: CampusResponse = OU) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(queryKeys.campus, campus);
  queryClient.setQueryData(queryKeys.me, viewer);
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  await waitFor(() => expect(router.state.initialized).toBe(true));
  const { pathname, search } = router.state.location;
  router.dispose();
  return pathname + search;
}

beforeEach(() => {
  // jsdom has no layout: scroll restoration's window.scrollTo is a no-op here.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  // Where a redirect lands, that page's loader reads: an empty campus.
  mockApi({
    'GET /api/posts': { posts: [], nextCursor: null, sponsored: [] },
    'GET /api/unread-counts': { messages: 0, notifications: 0 },
    'GET /api/campuses': [],
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('routes', () => {
  it('sends / to /home, which tells a visitor the campus is private', async () => {
    const router = renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'This community is private.' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    // A visitor is asked to join in the login/join modal rather than sent away.
    expect(screen.getByRole('button', { name: 'Click to Join' })).toBeTruthy();
  });

  it('shows the campus panels: member count, city, Join Group and contacts', async () => {
    renderAt('/home');
    await screen.findByRole('heading', { name: 'About This Group' });
    expect(screen.getByText('1,234 members')).toBeTruthy();
    expect(screen.getByText('Norman, OK')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join Group' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Direct message on Instagram/ }).getAttribute('href')).toBe(
      'https://instagram.com/oubuysell',
    );
    expect(screen.getByPlaceholderText('Search OU Buy / Sell')).toBeTruthy();
  });

  it('hides the member count while it is 0', async () => {
    renderAt('/home', { ...OU, memberCount: 0 });
    await screen.findByRole('heading', { name: 'About This Group' });
    expect(screen.queryByText(/members?$/)).toBeNull();
  });

  it('welcomes on the hub and leads to the school finder', async () => {
    renderAt('/home', HUB);
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Campus Buy / Sell' });
    expect(screen.getByRole('link', { name: 'Find Your School' }).getAttribute('href')).toBe('/search_schools');
    expect(screen.getByText(/posting takes under 30 seconds/)).toBeTruthy();
    expect(screen.getByPlaceholderText('Search schools')).toBeTruthy();
  });

  it('shows the not-found page for unknown paths and for routes still to come', async () => {
    for (const path of ['/no/such/page', '/checkout']) {
      renderAt(path);
      await screen.findByRole('heading', { level: 1, name: "This page doesn't exist." });
      expect(screen.getByText('Try searching for something else.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go To Feed' }).getAttribute('href')).toBe('/home');
      cleanup();
    }
  });

  it("shows 'Error 404' at /404 with the logo and a way on: 'Go To Feed' (docs/decisions/030-feed-ads-and-rough-edges.md)", async () => {
    renderAt('/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 404' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /logo/i })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go To Feed' }).getAttribute('href')).toBe('/home');
  });

  it('shows the not-found page for an address with a NUL byte, whatever route it would match', async () => {
    for (const path of ['/home%00', '/%00', '/search?q=lamp%00', '/settings/account%00']) {
      renderAt(path);
      await screen.findByRole('heading', { level: 1, name: "This page doesn't exist." });
      expect(screen.getByRole('link', { name: 'Go To Feed' }).getAttribute('href')).toBe('/home');
      cleanup();
    }
  });

  it('opens About from /settings for a visitor on a wide screen', async () => {
    const router = renderAt('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/about'));
    expect(await screen.findByRole('heading', { level: 1, name: 'About' })).toBeTruthy();
  });

  it('shows the logged-out settings menu', async () => {
    renderAt('/settings/terms');
    const menu = await screen.findByRole('navigation', { name: 'Settings' });
    const labels = Array.from(menu.querySelectorAll('a')).map((a) => a.textContent);
    expect(labels).toEqual([
      'Log In / Sign Up',
      'Customer Support',
      'Give Us Feedback',
      'About',
      'How It Works',
      'Return Policy',
      'Trust and Safety',
      'Terms of Service',
      'Privacy Policy',
    ]);
  });
});

describe('the redirects of docs/product/accounts.md#redirects, made by the loaders before a page draws', () => {
  const unverified = testViewer({ verified: false, schoolVerified: false, campusId: null });
  const noSchool = testViewer({ schoolVerified: false, campusId: null });
  const member = testViewer({ campusId: OU.id });

  const viewers = { visitor: null, unverified, noSchool, member };
  it.each([
    ['/', 'visitor', '/home'],
    // Via '/', which goes on to /home.
    ['/saved', 'visitor', '/home'],
    ['/messages/c1', 'visitor', '/home'],
    ['/verify', 'visitor', '/user_registration'],
    ['/home', 'unverified', '/verify'],
    ['/post/p1', 'unverified', '/verify'],
    ['/saved', 'unverified', '/verify'],
    ['/home', 'noSchool', '/settings/account/school_email'],
    ['/search?q=desk', 'noSchool', '/settings/account/school_email'],
    ['/login', 'member', '/home'],
    ['/register', 'noSchool', '/settings/account/school_email'],
    ['/verify', 'member', '/home'],
  ] as const)('%s sends a %s to %s', async (path, who, to) => {
    expect(await redirectOf(path, viewers[who])).toBe(to);
  });

  it('keeps a visitor on a community page (the private screen) and a member on theirs', async () => {
    expect(await redirectOf('/post/p1?redirect=true', null)).toBe('/post/p1?redirect=true');
    expect(await redirectOf('/settings/about', null)).toBe('/settings/about');
  });

  it('sends the hub’s community pages home and its search to Find Your School', async () => {
    expect(await redirectOf('/media', null, HUB)).toBe('/home');
    expect(await redirectOf('/search?q=desk', member, HUB)).toBe('/search_schools');
    expect(await redirectOf('/home', null, HUB)).toBe('/home');
  });
});

describe('the route table’s page modules', () => {
  it('names source files that exist, so the server’s document can ask for their code (entry-server.tsx)', () => {
    const named: string[] = [];
    const walk = (routes: ReturnType<typeof createRoutes>) => {
      for (const route of routes) {
        named.push(...((route.handle as { modules?: string[] } | undefined)?.modules ?? []));
        if (route.children) walk(route.children);
      }
    };
    walk(createRoutes(new QueryClient()));
    expect(named).toContain('src/app/routes/home.tsx');
    expect(named).toContain('src/features/posts/components/home-feed.tsx');
    // The runner's root is the repository's (vitest.config.ts).
    const webRoot = path.join(process.cwd(), 'apps/web');
    const missing = [...new Set(named)].filter((file) => !existsSync(path.join(webRoot, file)));
    expect(missing).toEqual([]);
  });
});
