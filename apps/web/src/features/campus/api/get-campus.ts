import type { CampusResponse } from '@campus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/campus: the campus chosen by the request's host (a typed read, decision 022). */
async function getCampus({ signal }: { signal?: AbortSignal } = {}): Promise<CampusResponse> {
  return api.get<CampusResponse>('/api/campus', { signal });
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
