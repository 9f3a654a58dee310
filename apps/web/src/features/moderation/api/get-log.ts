import { type ModerationLog, ModerationLogSchema } from '@campus/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/moderation/log: who did what, when and why; newest first, 20 a page, read-only. */
async function getLogPage(cursor: string | undefined, { signal }: { signal?: AbortSignal }): Promise<ModerationLog> {
  return ModerationLogSchema.parse(await api.get<unknown>('/api/moderation/log', { query: { cursor }, signal }));
}

export const moderationLogQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.moderation.log,
    queryFn: ({ pageParam, signal }) => getLogPage(pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useModerationLog() {
  return useInfiniteQuery(moderationLogQueryOptions());
}
