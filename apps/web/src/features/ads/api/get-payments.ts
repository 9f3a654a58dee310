import { type PaymentsSummary, PaymentsSummarySchema } from '@campus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/payments: available funds and the payment activity (the viewer's ads). */
async function getPayments({ signal }: { signal?: AbortSignal } = {}): Promise<PaymentsSummary> {
  return PaymentsSummarySchema.parse(await api.get<unknown>('/api/payments', { signal }));
}

const paymentsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.payments, queryFn: ({ signal }) => getPayments({ signal }) });

export function usePaymentsQuery() {
  return useQuery(paymentsQueryOptions());
}
