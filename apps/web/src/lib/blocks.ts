import type { BlockResponse } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** POST /api/blocks (block) or DELETE /api/blocks/:userId (unblock): from a chat's menu or a profile's (a typed read, decision 022). */
function setBlocked({ userId, blocked }: { userId: string; blocked: boolean }): Promise<BlockResponse> {
  return blocked
    ? api.post<BlockResponse>('/api/blocks', { userId })
    : api.delete<BlockResponse>(`/api/blocks/${encodeURIComponent(userId)}`);
}

export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBlocked,
    // Chats, profiles and every post list change: the pair's posts leave each other's lists.
    onSuccess: () =>
      Promise.all(
        [queryKeys.chats.all, queryKeys.profiles.all, queryKeys.posts.all, queryKeys.search.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
