import { MODERATION_MESSAGES, MODERATION_SCREEN_TEXTS } from '@campus/contract';
import { ShieldCheck } from 'lucide-react';
import { EmptyState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useModerationQueue } from '../api/get-queue.ts';
import styles from './moderation.module.css';
import { PagedList } from './paged-list.tsx';
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
  return (
    <PagedList
      query={query}
      itemsOf={(page) => page.groups}
      label={MODERATION_MESSAGES.queueTitle}
      skeleton={<QueueSkeleton />}
      loadFailed={MODERATION_SCREEN_TEXTS.loadFailed}
      empty={
        <EmptyState
          icon={<ShieldCheck aria-hidden="true" size={28} />}
          title={MODERATION_MESSAGES.queueEmptyTitle}
          body={MODERATION_MESSAGES.queueEmptyBody}
        />
      }
    >
      {(groups) => (
        <ol className={styles.groups}>
          {groups.map((group) => (
            <li key={`${group.target.type}:${group.target.id}`}>
              <QueueGroup group={group} />
            </li>
          ))}
        </ol>
      )}
    </PagedList>
  );
}
