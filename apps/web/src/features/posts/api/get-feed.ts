import { categoryByValue, type FeedPage, type PostList, SCROLL } from '@campus/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The filter value that means every category. */
export const ALL_CATEGORIES = 'all';

/** The feed's category from the address (`?category=`), or 'all' for anything that is not one. */
export function categoryFrom(value: string | null): string {
  return value && categoryByValue(value) ? value : ALL_CATEGORIES;
}

/**
 * Where the next page starts: the post cursor, and the ad slot the sponsored posts go on from
 * (the previous page's `nextAdSlot`), so ads keep cycling across pages (spec 1 §2).
 */
export interface FeedPageParam {
  cursor?: string;
  adSlot: number;
}

/**
 * GET /api/posts: one keyset page of the feed (newest-modified first), optionally one category,
 * with the sponsored posts to place after every 4th post. A typed read (decision 022): our own
 * server's contract-checked answer, and the first page of /home, fetched before the page's code.
 */
export async function getFeedPage(
  { cursor, adSlot, category }: FeedPageParam & { category: string },
  { signal }: { signal?: AbortSignal } = {},
): Promise<FeedPage> {
  const query = { cursor, adSlot: adSlot || undefined, category: category === ALL_CATEGORIES ? undefined : category };
  return api.get<FeedPage>('/api/posts', { query, signal });
}

/**
 * The next page of a list, by the rule of spec 1 §4: stop when a page brings fewer than
 * `stopBelow` posts, or when the server says it was the last.
 */
export function nextCursorOf(page: PostList, stopBelow: number): string | undefined {
  if (page.posts.length < stopBelow) return undefined;
  return page.nextCursor ?? undefined;
}

export const feedQueryOptions = (category: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.posts.feed(category),
    queryFn: ({ pageParam, signal }) => getFeedPage({ ...pageParam, category }, { signal }),
    initialPageParam: { adSlot: 0 } as FeedPageParam,
    getNextPageParam: (page): FeedPageParam | undefined => {
      const cursor = nextCursorOf(page, SCROLL.feedStopBelow);
      return cursor === undefined ? undefined : { cursor, adSlot: page.nextAdSlot };
    },
  });

export function useFeedQuery(category: string) {
  return useInfiniteQuery(feedQueryOptions(category));
}
