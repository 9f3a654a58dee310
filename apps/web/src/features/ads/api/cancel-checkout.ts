import { type CancelCheckoutResponse, CancelCheckoutResponseSchema } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** POST /api/checkout-sessions/:sessionId/cancel: deletes the ad if it is still unpaid. */
async function cancelCheckout(sessionId: string): Promise<CancelCheckoutResponse> {
  return CancelCheckoutResponseSchema.parse(
    await api.post<unknown>(`/api/checkout-sessions/${encodeURIComponent(sessionId)}/cancel`),
  );
}

export function useCancelCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCheckout,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.ads.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.payments });
    },
  });
}
