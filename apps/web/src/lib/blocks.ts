import { BlockResponseSchema } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** POST /api/blocks (block) or DELETE /api/blocks/:userId (unblock): from a chat's menu or a profile's. */
async function setBlocked({ userId, blocked }: { userId: string; blocked: boolean }) {
  const answer = blocked
    ? await api.post<unknown>('/api/blocks', { userId })
    : await api.delete<unknown>(`/api/blocks/${encodeURIComponent(userId)}`);
  return BlockResponseSchema.parse(answer);
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
