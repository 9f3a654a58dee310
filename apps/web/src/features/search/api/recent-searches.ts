import type { RecentSearch } from '@campus/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Every answer carries the whole list (typed reads: the header box is in the entry, decision 022). */
const parse = (body: unknown): RecentSearch[] => (body as { searches: RecentSearch[] }).searches;

/** GET /api/search/recent: the viewer's recent searches on this campus, newest first. */
async function getRecent({ signal }: { signal?: AbortSignal } = {}): Promise<RecentSearch[]> {
  return parse(await api.get<unknown>('/api/search/recent', { signal }));
}

const recentQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.search.recent, queryFn: ({ signal }) => getRecent({ signal }) });

export function useRecentQuery(enabled: boolean) {
  return useQuery({ ...recentQueryOptions(), enabled });
}

/** Each change answers with the new list, which replaces the cached one. */
function useRecentMutation<TArg>(call: (arg: TArg) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (arg: TArg) => parse(await call(arg)),
    onSuccess: (list) => queryClient.setQueryData(queryKeys.search.recent, list),
  });
}

/** POST /api/search/recent (409 SEARCH_ALREADY_ADDED for a text already there). */
export const useAddRecent = () =>
  useRecentMutation((text: string) => api.post<unknown>('/api/search/recent', { text }));

/** DELETE /api/search/recent/:id. */
export const useRemoveRecent = () =>
  useRecentMutation((id: string) => api.delete<unknown>(`/api/search/recent/${encodeURIComponent(id)}`));

/** DELETE /api/search/recent: every recent search of the viewer on this campus. */
export const useClearRecent = () => useRecentMutation((_: undefined) => api.delete<unknown>('/api/search/recent'));
