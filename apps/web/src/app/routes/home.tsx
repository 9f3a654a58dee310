import { lazy, Suspense } from 'react';
import { HubHome } from '@/features/home/components/hub-home.tsx';
import { HomeFeedSkeleton } from '@/features/posts/components/home-feed-skeleton.tsx';
import { useCampus } from '@/lib/campus.ts';
import { CommunityGate } from './community-gate.tsx';

// Members only: visitors (and the hub) never download the feed's code.
const HomeFeed = lazy(() =>
  import('@/features/posts/components/home-feed.tsx').then((module) => ({ default: module.HomeFeed })),
);

/**
 * /home. The hub welcomes and sends people to their school; on a campus, members see the
 * feed and logged-out visitors see that the community is private (every campus is).
 */
export function Component() {
  const campus = useCampus();
  if (campus.isHub) return <HubHome />;
  return (
    <CommunityGate>
      <Suspense fallback={<HomeFeedSkeleton />}>
        <HomeFeed />
      </Suspense>
    </CommunityGate>
  );
}
