import { type AdDetail, AdDetailSchema } from '@campus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/ads/:adId: the ad, its post's analytics, and the server's clock. */
async function getAd(adId: string, { signal }: { signal?: AbortSignal } = {}): Promise<AdDetail> {
  return AdDetailSchema.parse(await api.get<unknown>(`/api/ads/${encodeURIComponent(adId)}`, { signal }));
}

export const adQueryOptions = (adId: string) =>
  queryOptions({ queryKey: queryKeys.ads.detail(adId), queryFn: ({ signal }) => getAd(adId, { signal }) });

export function useAdQuery(adId: string) {
  return useQuery(adQueryOptions(adId));
}
