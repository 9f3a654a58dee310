import { HeartResponseSchema } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** POST /api/chats/:chatId/messages/:messageId/heart: a toggle. */
async function toggleHeart({ chatId, messageId }: { chatId: string; messageId: string }) {
  return HeartResponseSchema.parse(
    await api.post<unknown>(`/api/chats/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}/heart`),
  );
}

export function useToggleHeart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleHeart,
    onSuccess: (_result, { chatId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats.detail(chatId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats.inbox });
    },
  });
}
