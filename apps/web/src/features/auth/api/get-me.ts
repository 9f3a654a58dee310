import { MeResponseSchema, type Viewer } from '@campus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export const meQueryKey = ['me'] as const;

/** GET /api/me: the signed-in user, or null for a visitor. */
export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<Viewer | null> {
  return MeResponseSchema.parse(await api.get<unknown>('/api/me', { signal })).viewer;
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe({ signal }),
    // Changes only through this tab's own actions, which update or invalidate it.
    staleTime: 5 * 60 * 1000,
  });

export function useMeQuery() {
  return useQuery(meQueryOptions());
}
