import { useParams } from 'react-router';
import { MyAdsPage } from '@/features/ads/components/my-ads-page.tsx';

/** /ads and /ads/{adID} (spec 3 §2): My Ads, with the open ad beside the list on wide screens. */
export function Component() {
  const { adId } = useParams();
  return <MyAdsPage adId={adId} />;
}
