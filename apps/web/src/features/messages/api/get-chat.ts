import { type ChatPage, ChatPageSchema } from '@campus/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/chats/:chatId: the chat and one page of its messages (15, newest first; older by cursor). */
async function getChatPage(
  chatId: string,
  cursor: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ChatPage> {
  return ChatPageSchema.parse(
    await api.get<unknown>(`/api/chats/${encodeURIComponent(chatId)}`, { query: { cursor }, signal }),
  );
}

export const chatQueryOptions = (chatId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.chats.detail(chatId),
    queryFn: ({ pageParam, signal }) => getChatPage(chatId, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    retry: false,
  });

export function useChatQuery(chatId: string) {
  return useInfiniteQuery(chatQueryOptions(chatId));
}
