import { LISTING_MESSAGES, type Post } from '@campus/contract';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { useRenewPost } from './api/renew-post.ts';

/**
 * Renew: the owner's one tap that brings a listing back to the top of the feed (and out of
 * expiry). Refused within a week of the last renewal with the server's words, which say when.
 */
export function RenewButton({ post, size = 'sm' }: { post: Pick<Post, 'id'>; size?: 'sm' | 'md' }) {
  const renew = useRenewPost();
  return (
    <Button
      size={size}
      variant="secondary"
      disabled={renew.isPending}
      onClick={(event) => {
        event.stopPropagation();
        renew.mutate(post.id);
      }}
    >
      <RefreshCw aria-hidden="true" size={16} />
      {LISTING_MESSAGES.renew}
    </Button>
  );
}
