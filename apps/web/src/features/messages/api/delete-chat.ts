import { DeleteChatResponseSchema } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** DELETE /api/chats/:chatId: the conversation goes for both sides. */
async function deleteChat(chatId: string) {
  return DeleteChatResponseSchema.parse(await api.delete<unknown>(`/api/chats/${encodeURIComponent(chatId)}`));
}

export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChat,
    onSuccess: (_result, chatId) => {
      queryClient.removeQueries({ queryKey: queryKeys.chats.detail(chatId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats.inbox });
      void queryClient.invalidateQueries({ queryKey: queryKeys.unreadCounts });
    },
  });
}
