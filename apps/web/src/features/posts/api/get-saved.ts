import { type PostList, PostListSchema, SCROLL } from '@campus/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { nextCursorOf } from './get-feed.ts';

/** GET /api/saved: one page (10) of the viewer's saved posts on this campus. */
async function getSavedPage(
  { cursor }: { cursor?: string },
  { signal }: { signal?: AbortSignal } = {},
): Promise<PostList> {
  return PostListSchema.parse(await api.get<unknown>('/api/saved', { query: { cursor }, signal }));
}

export const savedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.posts.saved,
    queryFn: ({ pageParam, signal }) => getSavedPage({ cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    // Saved lists stop below 9 (docs/product/profiles.md#profile-lists), not below 2 like the feed.
    getNextPageParam: (page) => nextCursorOf(page, SCROLL.listsStopBelow),
  });

export function useSavedQuery() {
  return useInfiniteQuery(savedQueryOptions());
}
