import type { PostList } from '@campus/contract';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { removeFromListPages } from '../post-cache.ts';

/** What the server answers: how many posts went (the post and everything below it), and what it was. */
export interface DeleteResponse {
  deleted: number;
  kind: 'post' | 'comment';
}

function isDeleteResponse(value: unknown): value is DeleteResponse {
  if (typeof value !== 'object' || value === null) return false;
  const { deleted, kind } = value as Partial<DeleteResponse>;
  return typeof deleted === 'number' && (kind === 'post' || kind === 'comment');
}

/** DELETE /api/posts/:id: the author removes a post or comment with everything below it. */
async function deletePost(postId: string): Promise<DeleteResponse> {
  const body = await api.delete<unknown>(`/api/posts/${encodeURIComponent(postId)}`);
  if (!isDeleteResponse(body)) throw new ApiError(200, 'BAD_RESPONSE', 'Something went wrong');
  return body;
}

/**
 * Deleting changes every list (the post is gone, comment counts drop): the post leaves the
 * cached lists at once (a list shown again before its refetch must not ask for its deleted
 * photos), then they all refetch. Post pages refetch too, except the deleted one, which the
 * caller leaves before dropping it.
 */
export function useDeletePost(callbacks: {
  /**
   * After the caches are updated. Given here, not to `mutate`: the deleted comment's row (and the
   * dialog in it) may already be gone when the answer lands (another tab's live counts read the
   * post page again first), and `mutate`'s own callbacks never run once their component is gone.
   */
  onDeleted: (result: DeleteResponse) => void;
  onFailed: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onError: callbacks.onFailed,
    onSuccess: async (result, postId) => {
      queryClient.setQueriesData<InfiniteData<PostList>>({ queryKey: queryKeys.posts.all }, (data) =>
        removeFromListPages(data, postId),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.posts.all }),
        queryClient.invalidateQueries({
          queryKey: queryKeys.post.all,
          predicate: (query) => query.queryKey[1] !== postId,
        }),
      ]);
      callbacks.onDeleted(result);
    },
  });
}
