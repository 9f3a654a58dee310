import { type PostList, PostListSchema, SCROLL } from '@campus/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The filter value that means every category. */
export const ALL_CATEGORIES = 'all';

/** GET /api/posts: one keyset page of the feed (newest-modified first), optionally one category. */
export async function getFeedPage(
  { cursor, category }: { cursor?: string; category: string },
  { signal }: { signal?: AbortSignal } = {},
): Promise<PostList> {
  const query = { cursor, category: category === ALL_CATEGORIES ? undefined : category };
  return PostListSchema.parse(await api.get<unknown>('/api/posts', { query, signal }));
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
    queryFn: ({ pageParam, signal }) => getFeedPage({ cursor: pageParam, category }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => nextCursorOf(page, SCROLL.feedStopBelow),
  });

export function useFeedQuery(category: string) {
  return useInfiniteQuery(feedQueryOptions(category));
}
