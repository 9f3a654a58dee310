import { type NotificationList, NotificationListSchema } from '@campus/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/notifications: 15 a page, newest first. */
async function getNotificationsPage(
  cursor: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<NotificationList> {
  return NotificationListSchema.parse(await api.get<unknown>('/api/notifications', { query: { cursor }, signal }));
}

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.notifications.list,
    queryFn: ({ pageParam, signal }) => getNotificationsPage(pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** The pages as `posts` so the shared InfiniteList draws them. */
export function useNotificationsQuery() {
  return useInfiniteQuery({
    ...notificationsQueryOptions(),
    select: (data) => ({ ...data, pages: data.pages.map((page) => ({ posts: page.notifications })) }),
  });
}
