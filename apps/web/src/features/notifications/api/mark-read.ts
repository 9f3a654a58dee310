import { MarkNotificationsReadResponseSchema, NOTIFICATION_LIMITS } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** POST /api/notifications/read: the shown notifications (in batches the server accepts). */
async function markNotificationsRead(ids: readonly string[]): Promise<number> {
  let updated = 0;
  for (let i = 0; i < ids.length; i += NOTIFICATION_LIMITS.markReadMax) {
    const batch = ids.slice(i, i + NOTIFICATION_LIMITS.markReadMax);
    const result = MarkNotificationsReadResponseSchema.parse(
      await api.post<unknown>('/api/notifications/read', { ids: batch }),
    );
    updated += result.updated;
  }
  return updated;
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.unreadCounts }),
  });
}
