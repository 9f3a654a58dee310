import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { HubHome } from '@/features/home/components/hub-home.tsx';
import { categoryFrom, feedQueryOptions } from '@/features/posts/api/get-feed.ts';
import { homeFeedModule } from '@/features/posts/components/home-feed-module.ts';
import { HomeFeedSkeleton } from '@/features/posts/components/home-feed-skeleton.tsx';
import { useCampus } from '@/lib/campus.ts';
import { listingFiltersOf } from '@/lib/listing-filters.ts';
import { loadShell } from '../loaders.ts';
import { CommunityGate, loadCommunity } from './community-gate.tsx';

/** Members only: visitors (and the hub) never download the feed's code. */
function Feed() {
  const feed = homeFeedModule.useModule();
  const [failed, setFailed] = useState<{ error: unknown }>();
  useEffect(() => {
    homeFeedModule.load().catch((error: unknown) => setFailed({ error }));
  }, []);
  // A download that failed shows the route's error screen, as React.lazy's did.
  if (failed) throw failed.error;
  return feed ? <feed.HomeFeed /> : <HomeFeedSkeleton />;
}

/** A member's feed page and the feed's code; the hub's welcome reads nothing. */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const shell = await loadShell(queryClient);
    if (!shell || shell.campus.isHub || !(await loadCommunity(queryClient))) return null;
    const params = new URL(request.url).searchParams;
    const category = categoryFrom(params.get('category'));
    // The address's filters too, so a shared filtered feed arrives drawn (docs/product/selling.md#filters-and-sorting).
    const options = feedQueryOptions(category, listingFiltersOf(params));
    await Promise.all([queryClient.prefetchInfiniteQuery(options), homeFeedModule.load()]);
    return null;
  };

/**
 * /home. The hub welcomes and sends people to their school; on a campus, members see the
 * feed and logged-out visitors see that the community is private (every campus is).
 */
export function Component() {
  const campus = useCampus();
  if (campus.isHub) return <HubHome />;
  return (
    <CommunityGate>
      <Feed />
    </CommunityGate>
  );
}
