import { POST_MESSAGES } from '@campus/contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';

const DISCARD_TEXTS = {
  postBody: 'This can’t be undone and you’ll lose your draft.',
  commentBody: 'This can’t be undone and you’ll lose your comment.',
  discard: 'Discard',
  keepEditing: 'Keep Editing',
} as const;

interface DiscardDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isComment: boolean;
  onDiscard: () => void;
}

/** 'Discard Post?' / 'Cancel Comment?' (docs/product/community.md#modals, docs/product/community.md#draft-discard). */
export function DiscardDialog({ open, onOpenChange, isComment, onDiscard }: DiscardDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={isComment ? POST_MESSAGES.cancelCommentTitle : POST_MESSAGES.discardPostTitle}
      body={isComment ? DISCARD_TEXTS.commentBody : DISCARD_TEXTS.postBody}
      confirmLabel={DISCARD_TEXTS.discard}
      cancelLabel={DISCARD_TEXTS.keepEditing}
      tone="danger"
      onConfirm={onDiscard}
    />
  );
}
