import { type LikeResponse, POST_MESSAGES, type Post } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { ApiError, api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { patchPostEverywhere } from '../post-cache.ts';

/**
 * POST /api/posts/:id/like: saves the post, or unsaves it when already saved. A typed read
 * (decision 022): our own server's answer; every post card carries this.
 */
async function toggleLike(postId: string): Promise<LikeResponse> {
  return api.post<LikeResponse>(`/api/posts/${encodeURIComponent(postId)}/like`);
}

type Snapshot = Pick<Post, 'likedByViewer' | 'likesCount'>;

/**
 * Save / Saved! (docs/product/community.md#saving-a-post): flips at once on every screen that shows the post, then
 * takes the server's count; on failure it flips back and says so. 'Post saved.' confirms a save.
 */
export function useToggleLike() {
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  return useMutation({
    mutationFn: (post: Post) => toggleLike(post.id),
    onMutate: (post): Snapshot => {
      const before = { likedByViewer: post.likedByViewer, likesCount: post.likesCount };
      patchPostEverywhere(queryClient, post.id, {
        likedByViewer: !post.likedByViewer,
        likesCount: Math.max(0, post.likesCount + (post.likedByViewer ? -1 : 1)),
      });
      return before;
    },
    onSuccess: (result, post) => {
      patchPostEverywhere(queryClient, post.id, { likedByViewer: result.liked, likesCount: result.likesCount });
      if (result.liked) showAlert(POST_MESSAGES.postSaved);
    },
    onError: (error, post, before) => {
      if (before) patchPostEverywhere(queryClient, post.id, before);
      showAlert(error instanceof ApiError ? error.message : POST_MESSAGES.submitFailed, { type: 'danger' });
    },
    // The saved list changes membership, not just counts: refetch it when it is next shown,
    // not now (an unsaved card stays put on /saved so it can be saved again).
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.posts.saved, refetchType: 'none' }),
  });
}
