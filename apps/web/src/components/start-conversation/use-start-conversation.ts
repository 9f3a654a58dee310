import { CHAT_MESSAGES, SETTINGS_MESSAGES } from '@campus/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useOpenChat } from './open-chat.ts';

/**
 * Opens the chat with a user — an existing one in either direction, or a new one ('New
 * Conversation Started') — and goes to it (docs/product/messages.md#starting-a-chat,
 * docs/product/messages.md#starting-a-chat). Post pages, post-media cards and profiles all start chats this way.
 */
export function useStartConversation() {
  const open = useOpenChat();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const { mutate, isPending } = open;
  const start = useCallback(
    (userId: string, options: { onFailed?: () => void } = {}) => {
      if (isPending) return;
      mutate(userId, {
        onSuccess: ({ chat, created }) => {
          if (created) showAlert(CHAT_MESSAGES.newConversation, { type: 'success' });
          navigate(paths.chat.getHref(chat.id));
        },
        onError: (error) => {
          options.onFailed?.();
          showAlert(error instanceof ApiError ? error.message : SETTINGS_MESSAGES.somethingWentWrong, {
            type: 'danger',
          });
        },
      });
    },
    [mutate, isPending, navigate, showAlert],
  );
  return { start, isPending };
}
