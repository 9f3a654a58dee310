import { useParams } from 'react-router';
import { EditListingPage } from '@/features/composer/components/edit-listing-page.tsx';

/** /post/:postId/edit?goBack=… — editing one's listing as a page (docs/product/selling.md#editing-a-listing). */
export function Component() {
  const { postId = '' } = useParams();
  return <EditListingPage key={postId} postId={postId} />;
}
