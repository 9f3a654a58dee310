import { MediaFeed } from '@/features/posts/components/media-feed.tsx';
import { CommunityGate } from './community-gate.tsx';

/** /media: the posts with photos or videos as a 3-column grid (spec 1 §2). */
export function Component() {
  return (
    <CommunityGate>
      <MediaFeed />
    </CommunityGate>
  );
}
