import { PostListSkeleton } from '@/components/post-card/post-card-skeleton.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { FeedTabs } from './feed-tabs.tsx';
import styles from './home-feed-skeleton.module.css';

/** The home feed while its code loads: the tabs, the row of chips, and placeholder cards. */
export function HomeFeedSkeleton() {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      <FeedTabs />
      <div className={styles.chips} aria-hidden="true">
        <Skeleton width={48} height={34} />
        <Skeleton width={150} height={34} />
        <Skeleton width={120} height={34} />
        <Skeleton width={100} height={34} />
      </div>
      <PostListSkeleton />
    </div>
  );
}
