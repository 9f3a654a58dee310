import type { CampusResponse, Suspension, Viewer } from '@campus/contract';
import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, vi } from 'vitest';
import { AppProvider } from '@/app/provider.tsx';
import { createRoutes } from '@/app/router.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { type Answer, mockApi } from './api.ts';
import { testCampus } from './campus.ts';
import { testViewer } from './viewer.ts';

export interface RenderAppOptions {
  /** Who is signed in: a verified member of the campus unless given; `null` for a visitor. */
  viewer?: Viewer | null;
  campus?: CampusResponse;
  /** The badges: none unread unless given. */
  unread?: Answer<'GET /api/unread-counts'>;
  /** A suspended member's session (docs/product/moderation.md#suspension): /api/me answers no viewer and this. */
  suspension?: Suspension | null;
}

/**
 * Renders the app's real route table at `url` in a memory router, inside the app's own
 * provider, as a person would land on it: the campus, the viewer and the unread badges come
 * from the mocked API (testing/api.ts) like every other read. Give those three here, not
 * through mockApi: these handlers are added last, so they answer first.
 */
export function renderApp(
  url: string,
  {
    viewer,
    campus = testCampus(),
    unread = { messages: 0, notifications: 0 },
    suspension = null,
  }: RenderAppOptions = {},
) {
  const signedIn = suspension ? null : viewer === undefined ? testViewer({ campusId: campus.id }) : viewer;
  mockApi({
    'GET /api/campus': campus,
    'GET /api/me': { viewer: signedIn, suspension },
    'GET /api/unread-counts': unread,
  });
  // jsdom has no layout: scroll restoration's window.scrollTo is not implemented there.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  // The route table's loaders and the provider share one client, as in the browser (app/start.tsx).
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [url] });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
