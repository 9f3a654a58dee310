import type { OpenChatResponse } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * POST /api/chats: the chat with a user in either direction, or a new one (docs/product/messages.md#starting-a-chat
 * conversation'). A typed read (decision 022): our own server's answer; every post card carries
 * this, so a Zod parse here put the chat schemas on the feed's first load.
 */
async function openChat(userId: string): Promise<OpenChatResponse> {
  return api.post<OpenChatResponse>('/api/chats', { userId });
}

export function useOpenChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openChat,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.chats.inbox }),
  });
}
