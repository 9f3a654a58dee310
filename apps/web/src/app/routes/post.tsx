import { useParams } from 'react-router';
import { BoostBridgeProvider } from '@/components/post-card/boost-bridge.tsx';
import { PostBoostControls } from '@/features/ads/components/post-boost-controls.tsx';
import { PostDetail } from '@/features/posts/components/post-detail.tsx';
import { CommunityGate } from './community-gate.tsx';

/**
 * /post/{postId}, and its shared form /post/{postId}?redirect=true (the same page: a visitor
 * who opens a shared link sees the private-community screen, signs in, and lands here).
 */
export function Component() {
  const { postId = '' } = useParams();
  return (
    <CommunityGate>
      {/* A new post id is a new page: nothing (expanded text, open dialogs) carries over. */}
      <BoostBridgeProvider value={PostBoostControls}>
        <PostDetail key={postId} postId={postId} />
      </BoostBridgeProvider>
    </CommunityGate>
  );
}
