import { type PostList, PostListSchema } from '@campus/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/notifications/mentions: posts and comments naming the viewer as @username, 15 a page. */
async function getMentionsPage(
  cursor: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PostList> {
  return PostListSchema.parse(await api.get<unknown>('/api/notifications/mentions', { query: { cursor }, signal }));
}

export const mentionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.posts.mentions,
    queryFn: ({ pageParam, signal }) => getMentionsPage(pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useMentionsQuery() {
  return useInfiniteQuery(mentionsQueryOptions());
}
