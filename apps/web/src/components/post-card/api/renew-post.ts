import { type Post, PostSchema } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** POST /api/posts/:id/renew: the owner brings a listing back to the top (once a week, docs/product/selling.md). */
async function renewPost(postId: string): Promise<Post> {
  const body = PostSchema.safeParse(await api.post<unknown>(`/api/posts/${encodeURIComponent(postId)}/renew`));
  if (!body.success) throw new ApiError(200, 'BAD_RESPONSE', 'Something went wrong');
  return body.data;
}

/** Renewing moves the listing in every list and ends 'Expired' on its page: both read again. */
export function useRenewPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewPost,
    onSuccess: async (_post, postId) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.posts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.post.detail(postId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
      ]);
    },
  });
}
