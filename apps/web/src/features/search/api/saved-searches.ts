import type { ListingFilters, SavedSearch, SavedSearchList } from '@campus/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { useCampus } from '@/lib/campus.ts';
import { pushMoment } from '@/lib/push-moment.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useViewer } from '@/lib/viewer.ts';

/** Every answer carries the whole list (typed reads, like recent searches: no schema in this chunk). */
const parse = (body: unknown): SavedSearchList => body as SavedSearchList;

/** GET /api/saved-searches: the viewer's saved searches on this campus, newest first. */
async function getSavedSearches({ signal }: { signal?: AbortSignal } = {}): Promise<SavedSearchList> {
  return parse(await api.get<unknown>('/api/saved-searches', { signal }));
}

const savedSearchesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.search.saved, queryFn: ({ signal }) => getSavedSearches({ signal }) });

/** Whether the viewer keeps saved searches here: a school-verified member of this campus (a guest does not). */
export function useCanSaveSearches(): boolean {
  const viewer = useViewer();
  const campus = useCampus();
  return viewer?.schoolVerified === true && viewer.campusId === campus.id;
}

export function useSavedSearchesQuery() {
  return useQuery({ ...savedSearchesQueryOptions(), enabled: useCanSaveSearches() });
}

/** Each change answers with the new list, which replaces the cached one. */
function useSavedSearchMutation<TArg>(call: (arg: TArg) => Promise<unknown>, afterSuccess?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (arg: TArg) => parse(await call(arg)),
    onSuccess: (list) => {
      queryClient.setQueryData(queryKeys.search.saved, list);
      afterSuccess?.();
    },
  });
}

export interface NewSavedSearch {
  q: string;
  show: 'latest' | 'media';
  filters: ListingFilters;
}

/** POST /api/saved-searches (409 SAVED_SEARCH_LIMIT past 20, SAVED_SEARCH_EXISTS for the same one). */
export const useCreateSavedSearch = () =>
  useSavedSearchMutation(
    (search: NewSavedSearch) =>
      api.post<unknown>('/api/saved-searches', {
        q: search.q,
        show: search.show,
        filters: { ...search.filters, conditions: [...search.filters.conditions] },
      }),
    // A search saved: the moment to offer being told of new matches (docs/product/push-and-app.md#asking).
    () => pushMoment('search'),
  );

/** DELETE /api/saved-searches/:id. */
export const useDeleteSavedSearch = () =>
  useSavedSearchMutation((id: string) => api.delete<unknown>(`/api/saved-searches/${encodeURIComponent(id)}`));

/** The canonical text of a search (query words, tab, filters): equal searches read the same. */
export function searchIdentity(search: Pick<SavedSearch, 'q' | 'show' | 'filters'>): string {
  const f = search.filters;
  const words = search.q
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu);
  return JSON.stringify([
    (words ?? []).join(' '),
    search.show,
    f.minPrice ?? null,
    f.maxPrice ?? null,
    f.free,
    [...f.conditions].sort(),
    f.sold,
    f.sort,
  ]);
}
