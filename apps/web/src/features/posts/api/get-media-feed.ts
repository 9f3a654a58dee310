import { type PostList, PostListSchema, SCROLL } from '@campus/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { nextCursorOf } from './get-feed.ts';

/** GET /api/posts/media: one page of the posts that carry photos or videos. */
async function getMediaFeedPage(
  { cursor }: { cursor?: string },
  { signal }: { signal?: AbortSignal } = {},
): Promise<PostList> {
  return PostListSchema.parse(await api.get<unknown>('/api/posts/media', { query: { cursor }, signal }));
}

export const mediaFeedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.posts.media,
    queryFn: ({ pageParam, signal }) => getMediaFeedPage({ cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => nextCursorOf(page, SCROLL.feedStopBelow),
  });

export function useMediaFeedQuery() {
  return useInfiniteQuery(mediaFeedQueryOptions());
}
