import { Skeleton } from '@/components/ui/skeleton.tsx';
import styles from './post-card-skeleton.module.css';

/** Stable keys for placeholder cards (they never reorder). */
const ROWS = ['a', 'b', 'c', 'd'] as const;

/** The shape of a post card while a list loads. */
function PostCardSkeleton({ media }: { media: boolean }) {
  return (
    <div className={styles.card} aria-hidden="true">
      <Skeleton circle width={44} height={44} />
      <div className={styles.body}>
        <Skeleton width="45%" height={14} />
        <div className={styles.tags}>
          <Skeleton width={56} height={24} />
          <Skeleton width={96} height={24} />
        </div>
        <div className={styles.text}>
          <Skeleton height={14} />
          <Skeleton width="80%" height={14} />
        </div>
        {media && <Skeleton className={styles.media} height={240} />}
        <div className={styles.actions}>
          <Skeleton width={88} height={20} />
          <Skeleton width={72} height={20} />
          <Skeleton width={64} height={20} />
        </div>
      </div>
    </div>
  );
}

/** Placeholder cards for a list's first page (four) or the next one (two), every other with a photo. */
export function PostListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <>
      {ROWS.slice(0, count).map((row, index) => (
        <PostCardSkeleton key={row} media={index % 2 === 0} />
      ))}
    </>
  );
}
