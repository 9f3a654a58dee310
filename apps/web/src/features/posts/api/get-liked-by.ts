import { type LikedByPage, LikedByPageSchema } from '@campus/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/posts/:id/liked-by: one page (20) of the people who saved the post, latest first. */
async function getLikedByPage(
  postId: string,
  cursor: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LikedByPage> {
  return LikedByPageSchema.parse(
    await api.get<unknown>(`/api/posts/${encodeURIComponent(postId)}/liked-by`, { query: { cursor }, signal }),
  );
}

export const likedByQueryOptions = (postId: string) =>
  infiniteQueryOptions({
    // Under the post's prefix: whatever refreshes the post refreshes who saved it.
    queryKey: [...queryKeys.post.detail(postId), 'liked-by'] as const,
    queryFn: async ({ pageParam, signal }) => {
      const page = await getLikedByPage(postId, pageParam, { signal });
      // The shared infinite list reads `posts`; a page of people is a page of rows all the same.
      return { posts: page.people, nextCursor: page.nextCursor };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useLikedByQuery(postId: string) {
  return useInfiniteQuery(likedByQueryOptions(postId));
}
