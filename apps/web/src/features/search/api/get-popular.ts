import type { PopularSearch } from '@campus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/search/popular: the campus's top 14 searches by views. */
async function getPopular({ signal }: { signal?: AbortSignal } = {}): Promise<PopularSearch[]> {
  return (await api.get<{ searches: PopularSearch[] }>('/api/search/popular', { signal })).searches;
}

export const popularQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.search.popular,
    queryFn: ({ signal }) => getPopular({ signal }),
    staleTime: 60_000,
  });

export function usePopularQuery(enabled = true) {
  return useQuery({ ...popularQueryOptions(), enabled });
}
