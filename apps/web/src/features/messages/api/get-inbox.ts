import { type Inbox, InboxSchema } from '@campus/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/chats: one keyset page of the inbox, newest first. */
async function getInboxPage(cursor: string | undefined, { signal }: { signal?: AbortSignal } = {}): Promise<Inbox> {
  return InboxSchema.parse(await api.get<unknown>('/api/chats', { query: { cursor }, signal }));
}

export const inboxQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.chats.inbox,
    queryFn: ({ pageParam, signal }) => getInboxPage(pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useInboxQuery() {
  return useInfiniteQuery(inboxQueryOptions());
}
