import type { CampusResponse, Viewer } from '@campus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { paths } from '@/config/paths.ts';
import { categoryFrom, feedQueryOptions } from '@/features/posts/api/get-feed.ts';
import { postQueryOptions } from '@/features/posts/api/get-post.ts';
import { setFirstPageWork } from '@/lib/first-page.ts';
import { landingPathFor } from '@/lib/viewer.ts';

/**
 * The first page's data and code, started as soon as the viewer is known instead of after the
 * route's chunks have loaded and rendered: for a member, /home's feed page (with the feed's own
 * chunk, lazy inside the route) and /post/{id}'s post. The preloads of idle time wait for this
 * work (lib/first-page.ts). The same query options as the pages, so
 * they find the answer in the cache. Nobody else is asked for anything: a visitor, a person the
 * community gate sends elsewhere, or the hub would only get a 401 or an unused answer.
 */
export function prefetchFirstPage(
  queryClient: QueryClient,
  viewer: Viewer | null,
  campus: CampusResponse,
  location: Pick<Location, 'pathname' | 'search'> = window.location,
): void {
  if (!viewer || campus.isHub || landingPathFor(viewer, campus) !== paths.home.getHref()) return;
  if (location.pathname === paths.home.path) {
    const category = categoryFrom(new URLSearchParams(location.search).get('category'));
    setFirstPageWork(
      Promise.all([
        queryClient.prefetchInfiniteQuery(feedQueryOptions(category)),
        import('./routes/home.tsx'),
        import('@/features/posts/components/home-feed.tsx'),
      ]),
    );
    return;
  }
  const postId = matchPath(paths.post.path, location.pathname)?.params.postId;
  if (postId)
    setFirstPageWork(Promise.all([queryClient.prefetchQuery(postQueryOptions(postId)), import('./routes/post.tsx')]));
}
