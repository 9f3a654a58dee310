import type { CampusSummary } from '@campus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * GET /api/campuses: every school, for Find Your School (docs/product/search.md#find-your-school) and the shell's account
 * banner (a typed read, decision 022).
 */
async function getCampuses({ signal }: { signal?: AbortSignal } = {}): Promise<CampusSummary[]> {
  return api.get<CampusSummary[]>('/api/campuses', { signal });
}

export const campusesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.campuses,
    queryFn: ({ signal }) => getCampuses({ signal }),
    // The list of deployments changes with a release, not while a page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useCampusesQuery() {
  return useQuery(campusesQueryOptions());
}
