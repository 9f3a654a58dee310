import { type TestCheckoutSession, TestCheckoutSessionSchema } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/test-checkout/:sessionId: what the local test checkout page charges for. */
async function getTestCheckout(
  sessionId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TestCheckoutSession> {
  return TestCheckoutSessionSchema.parse(
    await api.get<unknown>(`/api/test-checkout/${encodeURIComponent(sessionId)}`, { signal }),
  );
}

export function useTestCheckoutQuery(sessionId: string) {
  return useQuery({
    queryKey: queryKeys.ads.testCheckout(sessionId),
    queryFn: ({ signal }) => getTestCheckout(sessionId, { signal }),
    retry: false,
  });
}
