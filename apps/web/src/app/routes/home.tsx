import { HubHome } from '@/features/home/components/hub-home.tsx';
import { HomeFeed } from '@/features/posts/components/home-feed.tsx';
import { useCampus } from '@/lib/campus.ts';
import { CommunityGate } from './community-gate.tsx';

/**
 * /home. The hub welcomes and sends people to their school; on a campus, members see the
 * feed and logged-out visitors see that the community is private (every campus is).
 */
export function Component() {
  const campus = useCampus();
  if (campus.isHub) return <HubHome />;
  return (
    <CommunityGate>
      <HomeFeed />
    </CommunityGate>
  );
}
