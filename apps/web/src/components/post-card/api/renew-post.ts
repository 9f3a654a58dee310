import { LISTING_MESSAGES, POST_MESSAGES, type Post } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { ApiError, api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * POST /api/posts/:id/renew: the owner brings a listing back to the top (once a week,
 * docs/product/selling.md). A typed read (decision 022): our own server's answer; every post card
 * carries this, and a schema check here put Zod (25 KB gzip) into every page of cards.
 */
async function renewPost(postId: string): Promise<Post> {
  return api.post<Post>(`/api/posts/${encodeURIComponent(postId)}/renew`);
}

/**
 * Renewing moves the listing in every list and ends 'Expired' on its page: both read again. The
 * outcome is said here, not by the button: the renewed listing's page drops its Renew button (the
 * answer, or the campus's `post.changed` event, may come first), and a gone button's own callbacks
 * never run.
 */
export function useRenewPost() {
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  return useMutation({
    mutationFn: renewPost,
    onError: (error) =>
      showAlert(error instanceof ApiError && error.status < 500 ? error.message : POST_MESSAGES.submitFailed, {
        type: 'danger',
      }),
    onSuccess: async (_post, postId) => {
      showAlert(LISTING_MESSAGES.renewed, { type: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.posts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.post.detail(postId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
      ]);
    },
  });
}
