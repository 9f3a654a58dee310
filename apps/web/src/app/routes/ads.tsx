import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { useParams } from 'react-router';
import { adQueryOptions } from '@/features/ads/api/get-ad.ts';
import { adsQueryOptions } from '@/features/ads/api/get-ads.ts';
import { MyAdsPage } from '@/features/ads/components/my-ads-page.tsx';

/** Under the 'school' gate: My Ads, and the open ad. */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await Promise.all([
      queryClient.prefetchInfiniteQuery(adsQueryOptions()),
      params.adId && queryClient.prefetchQuery(adQueryOptions(params.adId)),
    ]);
    return null;
  };

/** /ads and /ads/{adID} (docs/product/boosting.md#boost-routes): My Ads, with the open ad beside the list on wide screens. */
export function Component() {
  const { adId } = useParams();
  return <MyAdsPage adId={adId} />;
}
