import { LISTING_MESSAGES, POST_MESSAGES, type Post } from '@campus/contract';
import { RefreshCw } from 'lucide-react';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useRenewPost } from './api/renew-post.ts';

/**
 * Renew: the owner's one tap that brings a listing back to the top of the feed (and out of
 * expiry). Refused within a week of the last renewal with the server's words, which say when.
 */
export function RenewButton({ post, size = 'sm' }: { post: Pick<Post, 'id'>; size?: 'sm' | 'md' }) {
  const renew = useRenewPost();
  const { showAlert } = useAlert();
  return (
    <Button
      size={size}
      variant="secondary"
      disabled={renew.isPending}
      onClick={(event) => {
        event.stopPropagation();
        renew.mutate(post.id, {
          onSuccess: () => showAlert(LISTING_MESSAGES.renewed, { type: 'success' }),
          onError: (error) =>
            showAlert(error instanceof ApiError && error.status < 500 ? error.message : POST_MESSAGES.submitFailed, {
              type: 'danger',
            }),
        });
      }}
    >
      <RefreshCw aria-hidden="true" size={16} />
      {LISTING_MESSAGES.renew}
    </Button>
  );
}
