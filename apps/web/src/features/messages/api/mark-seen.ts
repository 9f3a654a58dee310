import { type ChatPage, SeenResponseSchema } from '@campus/contract';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** POST /api/chats/:chatId/seen: the viewer read the chat (Seen for the other side) and its notifications. */
async function markSeen(chatId: string) {
  return SeenResponseSchema.parse(await api.post<unknown>(`/api/chats/${encodeURIComponent(chatId)}/seen`));
}

export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSeen,
    onSuccess: (_result, chatId) => {
      // The open chat is read now: its cached copy says so, so the next unread answer is news.
      queryClient.setQueryData<InfiniteData<ChatPage>>(queryKeys.chats.detail(chatId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({ ...page, chat: { ...page.chat, unread: false } })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.unreadCounts });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats.inbox });
      // The chat's own notifications (its messages and hearts) were read with it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
    },
  });
}
