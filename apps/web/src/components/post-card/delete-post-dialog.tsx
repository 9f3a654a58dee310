import { POST_MESSAGES, type Post, PROFILE_MESSAGES } from '@campus/contract';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { type DeleteResponse, useDeletePost } from './api/delete-post.ts';

/** The delete-comment modal: the spec names it without words, so these are ours. */
const DELETE_COMMENT_TEXTS = {
  title: 'Delete Comment?',
  body: 'This can’t be undone. Replies to it will be removed too.',
} as const;

interface DeletePostDialogProps {
  /** The post or comment (its id, and whether it is a comment). */
  post: Pick<Post, 'id' | 'parentId'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the server removed it and the alert is up; e.g. leave the page of the deleted post. */
  onDeleted?: (result: DeleteResponse) => void;
}

/**
 * 'Delete Post?' (docs/product/profiles.md#delete-modal, word for word) for a post, 'Delete Comment?' for a comment or
 * reply; confirming deletes it with everything below it and says 'Your post was deleted' or
 * 'Comment Removed' (docs/product/community.md#deleting-a-post).
 */
export function DeletePostDialog({ post, open, onOpenChange, onDeleted }: DeletePostDialogProps) {
  const { showAlert } = useAlert();
  const remove = useDeletePost({
    onDeleted: (result) => {
      onOpenChange(false);
      showAlert(result.kind === 'comment' ? POST_MESSAGES.commentRemoved : POST_MESSAGES.postDeleted);
      onDeleted?.(result);
    },
    onFailed: (error) => {
      showAlert(error instanceof ApiError ? error.message : POST_MESSAGES.submitFailed, { type: 'danger' });
    },
  });
  const isComment = post.parentId !== null;
  const handleConfirm = () => remove.mutate(post.id);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={isComment ? DELETE_COMMENT_TEXTS.title : PROFILE_MESSAGES.deletePostTitle}
      body={isComment ? DELETE_COMMENT_TEXTS.body : PROFILE_MESSAGES.deletePostBody}
      confirmLabel={PROFILE_MESSAGES.delete}
      tone="danger"
      pending={remove.isPending}
      onConfirm={handleConfirm}
    />
  );
}
