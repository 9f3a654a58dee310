import { SeenResponseSchema } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** POST /api/chats/:chatId/seen: the viewer read the chat (Seen for the other side). */
export async function markSeen(chatId: string) {
  return SeenResponseSchema.parse(await api.post<unknown>(`/api/chats/${encodeURIComponent(chatId)}/seen`));
}

export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSeen,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.unreadCounts });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats.inbox });
    },
  });
}
