import { AD_MESSAGES } from '@campus/contract';
import { useParams, useSearchParams } from 'react-router';
import { BoostCancel, BoostSuccess } from '@/features/ads/components/boost-return.tsx';
import { TitleHeader } from '../layout/headers/title-header.tsx';

function useReturnParams() {
  const { postId = '' } = useParams();
  const [params] = useSearchParams();
  return { postId, sessionId: params.get('session_id') ?? '' };
}

/** /post/{postId}/boost/success?session_id=… (docs/product/boosting.md#boost-routes). */
export function SuccessRoute() {
  const { postId, sessionId } = useReturnParams();
  return (
    <>
      <TitleHeader title={AD_MESSAGES.boostPost} as="p" />
      <BoostSuccess postId={postId} sessionId={sessionId} />
    </>
  );
}

/** /post/{postId}/boost/cancel?session_id=… (docs/product/boosting.md#boost-routes). */
export function CancelRoute() {
  const { postId, sessionId } = useReturnParams();
  return (
    <>
      <TitleHeader title={AD_MESSAGES.boostPost} as="p" />
      <BoostCancel postId={postId} sessionId={sessionId} />
    </>
  );
}
