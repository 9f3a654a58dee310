import {
  categoryByValue,
  type FeedPage,
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
import { postsShown } from '../lib/ads.ts';

/** The filter value that means every category. */
export const ALL_CATEGORIES = 'all';

/** The feed's category from the address (`?category=`), or 'all' for anything that is not one. */
export function categoryFrom(value: string | null): string {
  return value && categoryByValue(value) ? value : ALL_CATEGORIES;
}

/**
 * Where the next page starts: the post cursor, and how many posts the pages before it show, so
 * the server puts the ads after every 4th post of the whole scroll (docs/product/community.md#feed).
 */
export interface FeedPageParam {
  cursor?: string;
  shown: number;
}

/**
 * GET /api/posts: one keyset page of the feed (newest-modified first, or by price), optionally one category
 * and the filters,
 * with the sponsored posts to place after every 4th post. A typed read (decision 022): our own
 * server's contract-checked answer, and the first page of /home, fetched before the page's code.
 */
async function getFeedPage(
  { cursor, shown, category, filters }: FeedPageParam & { category: string; filters: ListingFilters },
  { signal }: { signal?: AbortSignal } = {},
): Promise<FeedPage> {
  const query = {
    cursor,
    shown: shown || undefined,
    category: category === ALL_CATEGORIES ? undefined : category,
    ...listingFiltersToParams(filters),
  };
  return api.get<FeedPage>('/api/posts', { query, signal });
}

/**
 * The next page of a list, by the rule of docs/product/community.md#feed-pagination: stop when a page brings fewer than
 * `stopBelow` posts, or when the server says it was the last.
 */
export function nextCursorOf(page: PostList, stopBelow: number): string | undefined {
  if (page.posts.length < stopBelow) return undefined;
  return page.nextCursor ?? undefined;
}

/** The feed of a category, with the filters and sort of the address (docs/product/selling.md#filters-and-sorting). */
export const feedQueryOptions = (category: string, filters: ListingFilters = NO_LISTING_FILTERS) =>
  infiniteQueryOptions({
    queryKey: queryKeys.posts.feed(category, listingFiltersKey(filters)),
    queryFn: ({ pageParam, signal }) => getFeedPage({ ...pageParam, category, filters }, { signal }),
    initialPageParam: { shown: 0 } as FeedPageParam,
    getNextPageParam: (page, pages): FeedPageParam | undefined => {
      const cursor = nextCursorOf(page, SCROLL.feedStopBelow);
      return cursor === undefined ? undefined : { cursor, shown: postsShown(pages) };
    },
  });

export function useFeedQuery(category: string, filters: ListingFilters) {
  return useInfiniteQuery(feedQueryOptions(category, filters));
}
