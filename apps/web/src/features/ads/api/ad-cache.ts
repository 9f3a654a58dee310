import type { Ad, AdDetail, AdList } from '@campus/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys.ts';

/** Puts a changed ad (renamed, paused…) into its detail and the My Ads list at once. */
export function putAdInCache(queryClient: QueryClient, ad: Ad): void {
  queryClient.setQueryData<AdDetail>(queryKeys.ads.detail(ad.id), (detail) => (detail ? { ...detail, ad } : detail));
  queryClient.setQueryData<InfiniteData<AdList>>(queryKeys.ads.list, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, ads: page.ads.map((item) => (item.id === ad.id ? ad : item)) })),
        }
      : data,
  );
}
