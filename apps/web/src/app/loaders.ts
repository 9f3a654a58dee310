import type { CampusResponse } from '@campus/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { type LoaderFunction, type LoaderFunctionArgs, redirect } from 'react-router';
import { paths } from '@/config/paths.ts';
import { meQueryOptions } from '@/features/auth/api/get-me.ts';
import { campusQueryOptions } from '@/features/campus/api/get-campus.ts';
import { unreadCountsQueryOptions } from '@/features/notifications/api/get-unread-counts.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { isMemberOf, type Viewer } from '@/lib/viewer.ts';

/**
 * Route loaders (the bulletproof-react pattern): each route says what it reads, as the same
 * query options its components use, and its loader puts the answers into the QueryClient
 * before the page renders. In the browser that is the one client of the tab; in the server's
 * render (entry-server.tsx) a client of the request's own, whose cache then travels to the
 * browser in the document (TanStack Query's dehydrate), so the page hydrates from it.
 *
 * A read that fails does not fail the page: the loader goes on and the page's component shows
 * its own error or empty state, as it would after a failed refetch.
 */

export interface Shell {
  campus: CampusResponse;
  viewer: Viewer | null;
}

/** The campus of this host and the viewer; undefined when either read failed (AppProvider then shows why). */
export async function loadShell(queryClient: QueryClient): Promise<Shell | undefined> {
  try {
    const [campus, viewer] = await Promise.all([
      queryClient.ensureQueryData(campusQueryOptions()),
      queryClient.ensureQueryData(meQueryOptions()),
    ]);
    return { campus, viewer };
  } catch {
    return undefined;
  }
}

/**
 * The query client a loader fills: the tab's one in the browser, the request's own in the
 * server's render, which makes the route table once and hands each request's client over by a
 * getter (entry-server.tsx).
 */
export type QueryClientOf = () => QueryClient;

/**
 * The root route's loader: what every page shows, the shell's badges included. A suspended
 * member's every page is the suspension page (docs/product/moderation.md#suspension): the
 * document's load is a redirect there before anything is drawn (the root component does the same
 * for later navigations and the live event).
 */
export const shellLoader =
  (client: QueryClientOf) =>
  async ({ request }: LoaderFunctionArgs) => {
    const queryClient = client();
    const shell = await loadShell(queryClient);
    if (queryClient.getQueryData(queryKeys.accountHold) && new URL(request.url).pathname !== paths.suspended.path) {
      throw redirect(paths.suspended.getHref());
    }
    if (shell && isMemberOf(shell.viewer, shell.campus)) await queryClient.prefetchQuery(unreadCountsQueryOptions());
    return null;
  };

/** What a lazy route module may export besides its component: a loader that needs the client. */
export interface RouteModule {
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
  Component: ComponentType;
}

/** A lazy route module as the router takes it, its `clientLoader` given the query client of each load. */
export const routeModule =
  (client: QueryClientOf) =>
  ({ clientLoader, Component }: RouteModule): { Component: ComponentType; loader?: LoaderFunction } =>
    clientLoader ? { Component, loader: (args) => clientLoader(client())(args) } : { Component };
