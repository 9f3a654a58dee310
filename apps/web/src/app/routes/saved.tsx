import { SavedList } from '@/features/posts/components/saved-list.tsx';
import { CommunityGate } from './community-gate.tsx';

/** /saved: the viewer's saved (liked) posts; the route itself requires a signed-in member. */
export function Component() {
  return (
    <CommunityGate>
      <SavedList />
    </CommunityGate>
  );
}
