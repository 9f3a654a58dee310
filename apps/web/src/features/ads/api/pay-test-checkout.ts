import { type TestCardBody, type TestCheckoutResult, TestCheckoutResultSchema } from '@campus/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** POST /api/test-checkout/:sessionId: pays with a test card; 402 CARD_DECLINED for the others. */
async function payTestCheckout(sessionId: string, body: TestCardBody): Promise<TestCheckoutResult> {
  return TestCheckoutResultSchema.parse(
    await api.post<unknown>(`/api/test-checkout/${encodeURIComponent(sessionId)}`, body),
  );
}

export function usePayTestCheckout(sessionId: string) {
  return useMutation({ mutationFn: (body: TestCardBody) => payTestCheckout(sessionId, body) });
}
