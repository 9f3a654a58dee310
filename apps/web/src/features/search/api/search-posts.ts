import {
  type ListingFilters,
  listingFiltersToParams,
  NO_LISTING_FILTERS,
  type PostList,
  SCROLL,
} from '@campus/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { listingFiltersKey } from '@/lib/listing-filters.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type PostsTab = 'latest' | 'media';

/** GET /api/search/posts?q=&show=: one page (10) of Latest or Media hits (a typed read, decision 022). */
async function searchPosts(
  { q, show, cursor, filters }: { q: string; show: PostsTab; cursor?: string; filters: ListingFilters },
  { signal }: { signal?: AbortSignal } = {},
): Promise<PostList> {
  const query = { q, show, cursor, ...listingFiltersToParams(filters) };
  return api.get<PostList>('/api/search/posts', { query, signal });
}

/** Latest or Media hits, with the filters and sort of the address (docs/product/selling.md#filters-and-sorting). */
export const searchPostsQueryOptions = (q: string, show: PostsTab, filters: ListingFilters = NO_LISTING_FILTERS) =>
  infiniteQueryOptions({
    queryKey: queryKeys.posts.search(q, show, listingFiltersKey(filters)),
    queryFn: ({ pageParam, signal }) => searchPosts({ q, show, cursor: pageParam, filters }, { signal }),
    initialPageParam: undefined as string | undefined,
    // Search stops when a page brings fewer than 2 hits (docs/product/search.md#search-pagination).
    getNextPageParam: (page) => (page.posts.length < SCROLL.feedStopBelow ? undefined : (page.nextCursor ?? undefined)),
  });

export function useSearchPostsQuery(q: string, show: PostsTab, filters: ListingFilters) {
  return useInfiniteQuery(searchPostsQueryOptions(q, show, filters));
}
