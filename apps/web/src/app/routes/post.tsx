import { useParams } from 'react-router';
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
      <PostDetail key={postId} postId={postId} />
    </CommunityGate>
  );
}
