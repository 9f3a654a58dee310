import type { CampusResponse, Viewer } from '@campus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '@/features/auth/api/get-me.ts';
import { campusQueryOptions } from '@/features/campus/api/get-campus.ts';
import { unreadCountsQueryOptions } from '@/features/notifications/api/get-unread-counts.ts';
import { isMemberOf } from '@/lib/viewer.ts';
import { prefetchFirstPage } from './first-page-data.ts';

export interface FirstScreen {
  campus: CampusResponse;
  viewer: Viewer | null;
  /** The page's own data and code are in: its first screen can be drawn at once. */
  ready: boolean;
}

/**
 * Loads what the first screen of `location` shows into `queryClient`, with the pages' own query
 * options: the campus, the viewer, a member's badges, and the page's read and code
 * (first-page-data.ts). The server draws a member's /home and /post/{id} from it
 * (entry-server.tsx) and the browser loads the same before it hydrates that HTML (start.tsx), so
 * both draw the same tree. The reads are answered by the document's boot answers
 * (lib/boot-answers.ts), with no request.
 */
export async function loadFirstScreen(
  queryClient: QueryClient,
  location: Pick<Location, 'pathname' | 'search'>,
): Promise<FirstScreen> {
  const [campus, viewer] = await Promise.all([
    queryClient.fetchQuery(campusQueryOptions()),
    queryClient.fetchQuery(meQueryOptions()),
  ]);
  const [ready] = await Promise.all([
    prefetchFirstPage(queryClient, viewer, campus, location),
    isMemberOf(viewer, campus) && queryClient.prefetchQuery(unreadCountsQueryOptions()),
  ]);
  return { campus, viewer, ready };
}
