import { type PostList, PostListSchema, SCROLL } from '@campus/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type PostsTab = 'latest' | 'media';

/** GET /api/search/posts?q=&show=: one page (10) of Latest or Media hits. */
async function searchPosts(
  { q, show, cursor }: { q: string; show: PostsTab; cursor?: string },
  { signal }: { signal?: AbortSignal } = {},
): Promise<PostList> {
  return PostListSchema.parse(await api.get<unknown>('/api/search/posts', { query: { q, show, cursor }, signal }));
}

export const searchPostsQueryOptions = (q: string, show: PostsTab) =>
  infiniteQueryOptions({
    queryKey: queryKeys.posts.search(q, show),
    queryFn: ({ pageParam, signal }) => searchPosts({ q, show, cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    // Search stops when a page brings fewer than 2 hits (docs/product/search.md#search-pagination).
    getNextPageParam: (page) => (page.posts.length < SCROLL.feedStopBelow ? undefined : (page.nextCursor ?? undefined)),
  });

export function useSearchPostsQuery(q: string, show: PostsTab) {
  return useInfiniteQuery(searchPostsQueryOptions(q, show));
}
