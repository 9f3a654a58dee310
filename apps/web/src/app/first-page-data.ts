import type { CampusResponse, Viewer } from '@campus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { paths } from '@/config/paths.ts';
import { categoryFrom, feedQueryOptions } from '@/features/posts/api/get-feed.ts';
import { postQueryOptions } from '@/features/posts/api/get-post.ts';
import { homeFeedModule } from '@/features/posts/components/home-feed-module.ts';
import { setFirstPageWork } from '@/lib/first-page.ts';
import { landingPathFor } from '@/lib/viewer.ts';

/**
 * The first page's data and code, started as soon as the viewer is known instead of after the
 * route's chunks have loaded and rendered: for a member, /home's feed page (with the feed's own
 * chunk, lazy inside the route) and /post/{id}'s post. The preloads of idle time wait for this
 * work (lib/first-page.ts). The same query options as the pages, so
 * they find the answer in the cache. Nobody else is asked for anything: a visitor, a person the
 * community gate sends elsewhere, or the hub would only get a 401 or an unused answer.
 * Resolves true when the page's data is in the cache (its code then too), false otherwise.
 */
export function prefetchFirstPage(
  queryClient: QueryClient,
  viewer: Viewer | null,
  campus: CampusResponse,
  location: Pick<Location, 'pathname' | 'search'> = window.location,
): Promise<boolean> {
  const loaded = (key: readonly unknown[]) => queryClient.getQueryState(key)?.status === 'success';
  if (!viewer || campus.isHub || landingPathFor(viewer, campus) !== paths.home.getHref()) return Promise.resolve(false);
  if (location.pathname === paths.home.path) {
    const feed = feedQueryOptions(categoryFrom(new URLSearchParams(location.search).get('category')));
    const work = Promise.all([
      queryClient.prefetchInfiniteQuery(feed),
      import('./routes/home.tsx'),
      homeFeedModule.load(),
    ]);
    setFirstPageWork(work);
    return work.then(() => loaded(feed.queryKey));
  }
  const postId = matchPath(paths.post.path, location.pathname)?.params.postId;
  if (!postId) return Promise.resolve(false);
  const post = postQueryOptions(postId);
  const work = Promise.all([queryClient.prefetchQuery(post), import('./routes/post.tsx')]);
  setFirstPageWork(work);
  return work.then(() => loaded(post.queryKey));
}
