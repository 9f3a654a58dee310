import { type ModerationQueue, ModerationQueueSchema } from '@campus/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/moderation/queue: open reports grouped by target, oldest first, 10 groups a page. */
async function getQueuePage(
  cursor: string | undefined,
  { signal }: { signal?: AbortSignal },
): Promise<ModerationQueue> {
  return ModerationQueueSchema.parse(await api.get<unknown>('/api/moderation/queue', { query: { cursor }, signal }));
}

export const moderationQueueQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.moderation.queue,
    queryFn: ({ pageParam, signal }) => getQueuePage(pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useModerationQueue() {
  return useInfiniteQuery(moderationQueueQueryOptions());
}
