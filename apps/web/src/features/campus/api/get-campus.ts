import { type CampusResponse, CampusResponseSchema } from '@campus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/campus: the campus chosen by the request's host. */
export async function getCampus({ signal }: { signal?: AbortSignal } = {}): Promise<CampusResponse> {
  return CampusResponseSchema.parse(await api.get<unknown>('/api/campus', { signal }));
}

export const campusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.campus,
    queryFn: ({ signal }) => getCampus({ signal }),
    // The campus of a host does not change while the page is open (member count aside).
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useCampusQuery() {
  return useQuery(campusQueryOptions());
}
