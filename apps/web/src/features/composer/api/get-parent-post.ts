import { type Post, type PostPage, PostPageSchema } from '@campus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * GET /api/posts/:postId, for the post a comment answers (shown above the editor on the
 * narrow-screen compose page). Under the post's prefix (queryKeys.post), so invalidating a post's
 * page refreshes this too; its own last segment keeps it apart from the post page's entry.
 */
const parentPostQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: queryKeys.post.composerParent(postId),
    queryFn: async ({ signal }): Promise<PostPage> =>
      PostPageSchema.parse(await api.get<unknown>(`/api/posts/${encodeURIComponent(postId)}`, { signal })),
  });

/** The answered post: the one handed over by the opener if any, else fetched. */
export function useParentPost(postId: string, known: Post | null) {
  const query = useQuery({ ...parentPostQueryOptions(postId), enabled: known === null });
  return {
    post: known ?? query.data?.post ?? null,
    isLoading: known === null && query.isLoading,
    isError: query.isError,
  };
}
