import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { mediaFeedQueryOptions } from '@/features/posts/api/get-media-feed.ts';
import { MediaFeed } from '@/features/posts/components/media-feed.tsx';
import { listingFiltersOf } from '@/lib/listing-filters.ts';
import { CommunityGate, loadCommunity } from './community-gate.tsx';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const filters = listingFiltersOf(new URL(request.url).searchParams);
    if (await loadCommunity(queryClient)) await queryClient.prefetchInfiniteQuery(mediaFeedQueryOptions(filters));
    return null;
  };

/** /media: the posts with photos or videos as a 3-column grid (docs/product/community.md#route-table). */
export function Component() {
  return (
    <CommunityGate>
      <MediaFeed />
    </CommunityGate>
  );
}
