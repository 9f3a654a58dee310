import { AD_MESSAGES, POST_PAGE_ALERTS } from '@campus/contract';
import { CircleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { EmptyState, ErrorState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { storeAlert } from '@/components/ui/stored-alert.ts';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useViewer } from '@/lib/viewer.ts';
import { useBoostStatusQuery } from '../api/get-boost-status.ts';
import styles from './boost.module.css';
import { BoostForm } from './boost-form.tsx';

const LOAD_FAILED = 'We couldn’t load this page. Check your connection and try again.';

/** 'Something Went Wrong. Please logout and try again.' (docs/product/boosting.md#boost-rules): no sign-in, no such post, not the owner. */
function BoostProblem() {
  return <EmptyState icon={<CircleAlert aria-hidden="true" size={28} />} title={AD_MESSAGES.signInAgain} />;
}

/** A boosted post goes back to its page with 'This post is already boosted' (flag already_boosted). */
function AlreadyBoosted({ postId }: { postId: string }) {
  const [stored, setStored] = useState(false);
  useEffect(() => {
    storeAlert(POST_PAGE_ALERTS.already_boosted);
    setStored(true);
  }, []);
  return stored ? <Navigate replace to={paths.post.getHref(postId)} /> : null;
}

function BoostSkeleton() {
  return (
    <div className={styles.page} aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      <Skeleton width={120} height={20} />
      <Skeleton height={72} />
      <Skeleton height={72} />
      <Skeleton height={72} />
      <Skeleton width={120} height={20} />
      <Skeleton height={40} />
    </div>
  );
}

/** /post/{id}/boost (docs/product/boosting.md#boost-page, docs/product/boosting.md#boost-rules): the owner picks a goal and a duration, then goes to checkout. */
export function BoostPage({ postId }: { postId: string }) {
  const viewer = useViewer();
  const status = useBoostStatusQuery(postId, { enabled: viewer !== null && postId !== '' });
  if (!viewer || postId === '') return <BoostProblem />;
  if (status.isPending) return <BoostSkeleton />;
  if (status.isError) {
    const error = status.error;
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return <BoostProblem />;
    return <ErrorState onRetry={() => void status.refetch()} retrying={status.isFetching} body={LOAD_FAILED} />;
  }
  const { isOwner, ownerAction } = status.data;
  if (!isOwner) return <BoostProblem />;
  if (ownerAction === 'analytics') return <AlreadyBoosted postId={postId} />;
  return <BoostForm postId={postId} again={ownerAction === 'boost-again'} />;
}
