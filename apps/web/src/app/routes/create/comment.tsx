import { useParams } from 'react-router';
import { ComposePage } from '@/features/composer/components/compose-page.tsx';

/** /create/comment/:postId?goBack=… — a comment or reply as a page on narrow screens. */
export function Component() {
  const { postId = '' } = useParams();
  // Keyed: moving between two posts' compose pages starts from that post's own draft.
  return <ComposePage key={postId} parentId={postId} />;
}
