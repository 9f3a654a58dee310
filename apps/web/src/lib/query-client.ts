import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
