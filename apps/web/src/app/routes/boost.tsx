import { AD_MESSAGES } from '@campus/contract';
import { useParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { BoostPage } from '@/features/ads/components/boost-page.tsx';
import { TitleHeader } from '../layout/headers/title-header.tsx';

/** /post/{postId}/boost (docs/product/boosting.md#boost-routes): the boost header variant, back to the post. */
export function Component() {
  const { postId = '' } = useParams();
  return (
    <>
      <TitleHeader title={AD_MESSAGES.boostPost} back={{ to: paths.post.getHref(postId) }} />
      <BoostPage key={postId} postId={postId} />
    </>
  );
}
