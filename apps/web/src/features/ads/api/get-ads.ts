import { type AdList, AdListSchema } from '@campus/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/ads: the viewer's ads on this campus, newest first. */
async function getAds({ cursor }: { cursor?: string }, { signal }: { signal?: AbortSignal } = {}): Promise<AdList> {
  return AdListSchema.parse(await api.get<unknown>('/api/ads', { query: { cursor }, signal }));
}

export const adsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.ads.list,
    queryFn: ({ pageParam, signal }) => getAds({ cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useAdsQuery() {
  return useInfiniteQuery(adsQueryOptions());
}
