import { MODERATION_MESSAGES, MODERATION_SCREEN_TEXTS } from '@campus/contract';
import { ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState, ErrorState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useModerationQueue } from '../api/get-queue.ts';
import styles from './moderation.module.css';
import { QueueGroup } from './queue-group.tsx';

function QueueSkeleton() {
  return (
    <div className={styles.groups} aria-hidden="true">
      {['a', 'b'].map((key) => (
        <div key={key} className={styles.group}>
          <Skeleton width="40%" height={16} />
          <Skeleton height={64} />
          <Skeleton width="60%" height={14} />
        </div>
      ))}
    </div>
  );
}

/**
 * The open reports, grouped by target, oldest first (docs/product/moderation.md#the-queue), ten
 * groups a page with 'Show more' for the next: a moderator works from the top, and a group they
 * act on leaves the list.
 */
export function QueueList() {
  const query = useModerationQueue();
  if (query.isPending) {
    return (
      <section aria-busy="true" aria-label={MODERATION_MESSAGES.queueTitle}>
        <p className="visually-hidden" role="status">
          Loading…
        </p>
        <QueueSkeleton />
      </section>
    );
  }
  if (!query.data) {
    return (
      <ErrorState
        body={MODERATION_SCREEN_TEXTS.loadFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const groups = query.data.pages.flatMap((page) => page.groups);
  if (groups.length === 0) {
    return (
      <EmptyState
        icon={<ShieldCheck aria-hidden="true" size={28} />}
        title={MODERATION_MESSAGES.queueEmptyTitle}
        body={MODERATION_MESSAGES.queueEmptyBody}
      />
    );
  }
  return (
    <section aria-label={MODERATION_MESSAGES.queueTitle} aria-busy={query.isFetchingNextPage}>
      <ol className={styles.groups}>
        {groups.map((group) => (
          <li key={`${group.target.type}:${group.target.id}`}>
            <QueueGroup group={group} />
          </li>
        ))}
      </ol>
      {query.isFetchNextPageError ? (
        <ErrorState compact onRetry={() => void query.fetchNextPage()} retrying={query.isFetchingNextPage} />
      ) : (
        query.hasNextPage && (
          <div className={styles.more}>
            <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {MODERATION_SCREEN_TEXTS.loadMore}
            </Button>
          </div>
        )
      )}
    </section>
  );
}
