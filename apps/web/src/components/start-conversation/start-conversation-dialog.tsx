import { CHAT_MESSAGES } from '@campus/contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useStartConversation } from './use-start-conversation.ts';

interface StartConversationDialogProps {
  /** The person to write to. */
  user: { id: string; firstName: string; lastName: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Start Conversation?' — 'Start a private conversation with {name}' with Start Conversation and
 * Cancel (docs/product/messages.md#start-conversation-modal); confirming opens or starts the chat and goes there.
 */
export function StartConversationDialog({ user, open, onOpenChange }: StartConversationDialogProps) {
  const { start, isPending } = useStartConversation();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={CHAT_MESSAGES.startConversationTitle}
      body={CHAT_MESSAGES.startPrivateConversation(`${user.firstName} ${user.lastName}`)}
      confirmLabel={CHAT_MESSAGES.startConversation}
      pending={isPending}
      // On success the page changes to the chat; on failure the dialog closes behind the alert.
      onConfirm={() => start(user.id, { onFailed: () => onOpenChange(false) })}
    />
  );
}
