import { HubHome } from '@/features/home/components/hub-home.tsx';
import { PrivateCommunity } from '@/features/home/components/private-community.tsx';
import { useCampus } from '@/lib/campus.ts';

/**
 * /home. The hub welcomes and sends people to their school; a campus shows logged-out
 * visitors that it is private (every campus is). The feed for members comes with the feed
 * feature and takes over here when a viewer is signed in.
 */
export function Component() {
  const campus = useCampus();
  return campus.isHub ? <HubHome /> : <PrivateCommunity />;
}
