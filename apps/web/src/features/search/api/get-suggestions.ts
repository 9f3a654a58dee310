import type { SearchSuggestion } from '@campus/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/search/suggestions?q=: up to 5 posts for the header box. */
async function getSuggestions(q: string, { signal }: { signal?: AbortSignal } = {}): Promise<SearchSuggestion[]> {
  return (await api.get<{ suggestions: SearchSuggestion[] }>('/api/search/suggestions', { query: { q }, signal }))
    .suggestions;
}

const suggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.search.suggestions(q),
    queryFn: ({ signal }) => getSuggestions(q, { signal }),
    staleTime: 30_000,
    // The previous list stays while the next one loads, so the dropdown does not flicker.
    placeholderData: keepPreviousData,
  });

/** Suggestions for the (already debounced) text; nothing is asked for an empty box. */
export function useSuggestionsQuery(q: string, enabled: boolean) {
  return useQuery({ ...suggestionsQueryOptions(q), enabled: enabled && q.trim() !== '' });
}
