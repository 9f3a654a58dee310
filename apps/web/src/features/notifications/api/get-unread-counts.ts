import type { UnreadCounts } from '@campus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/unread-counts: unread chats (Messages badge) and unread notifications (typed read, decision 022). */
async function getUnreadCounts({ signal }: { signal?: AbortSignal } = {}): Promise<UnreadCounts> {
  return api.get<UnreadCounts>('/api/unread-counts', { signal });
}

export const unreadCountsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.unreadCounts, queryFn: ({ signal }) => getUnreadCounts({ signal }) });

export function useUnreadCountsQuery({ enabled }: { enabled: boolean }) {
  return useQuery({ ...unreadCountsQueryOptions(), enabled });
}
