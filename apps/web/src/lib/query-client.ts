import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export function createQueryClient(): QueryClient {
  // Any read or write refused because the member was suspended meanwhile (docs/product/moderation.md#suspension):
  // /api/me is asked again, which answers the suspension, and the root shows its page. The live
  // event usually gets there first; this covers a tab whose stream missed it.
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'ACCOUNT_SUSPENDED') {
      void client.invalidateQueries({ queryKey: queryKeys.me });
    }
  };
  const client: QueryClient = new QueryClient({
    // Never for /api/me itself: asking it again would be the same question.
    queryCache: new QueryCache({ onError: (error, query) => query.queryKey[0] !== queryKeys.me[0] && onError(error) }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Only network blips and 5xx get two more tries: a 4xx, or an answer that does not
        // match the contract, will not change by asking again.
        retry: (failureCount, error) =>
          error instanceof ApiError && (error.status === 0 || error.status >= 500) && failureCount < 2,
      },
    },
  });
  return client;
}
