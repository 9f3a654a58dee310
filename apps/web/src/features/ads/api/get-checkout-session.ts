import { type CheckoutSessionStatus, CheckoutSessionStatusSchema } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** How often the success page asks whether the ad is active yet. */
const CHECKOUT_POLL_MS = 1000;

/** GET /api/checkout-sessions/:sessionId: whether the payment went through and the ad's status. */
async function getCheckoutSession(
  sessionId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CheckoutSessionStatus> {
  return CheckoutSessionStatusSchema.parse(
    await api.get<unknown>(`/api/checkout-sessions/${encodeURIComponent(sessionId)}`, { signal }),
  );
}

/** Polls until the ad is active (or gone, or the session cannot be read). */
export function useCheckoutSessionQuery(sessionId: string) {
  return useQuery({
    queryKey: queryKeys.ads.checkout(sessionId),
    queryFn: ({ signal }) => getCheckoutSession(sessionId, { signal }),
    enabled: sessionId !== '',
    retry: false,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (query.state.status === 'error') return false;
      if (data && (data.adStatus === 'active' || data.adId === null)) return false;
      return CHECKOUT_POLL_MS;
    },
  });
}
