import { MODERATION_SCREEN_TEXTS } from '@campus/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ErrorState, LoadingState } from '@/components/ui/list-states.tsx';
import styles from './moderation.module.css';

interface PagedListProps<TPage, TItem> {
  query: UseInfiniteQueryResult<InfiniteData<TPage>>;
  /** The items of one page (the queue's groups, the log's entries). */
  itemsOf: (page: TPage) => readonly TItem[];
  /** Accessible name of the list's region. */
  label: string;
  /** Placeholders while the first page loads (hidden from screen readers; 'Loading…' is said instead). */
  skeleton: ReactNode;
  /** What failed to load, over the retry. */
  loadFailed: string;
  empty: ReactNode;
  /** The loaded items of every page, drawn by the caller. */
  children: (items: TItem[]) => ReactNode;
}

/**
 * The queue and the audit log the same way (docs/product/moderation.md): skeletons, an error with a
 * retry, the empty state, then the items with 'Show more' under them while there is a next page. A
 * button rather than loading on scroll: a moderator works through the list at their own pace.
 */
export function PagedList<TPage, TItem>({
  query,
  itemsOf,
  label,
  skeleton,
  loadFailed,
  empty,
  children,
}: PagedListProps<TPage, TItem>) {
  if (query.isPending) {
    return <LoadingState label={label}>{skeleton}</LoadingState>;
  }
  if (!query.data) {
    return <ErrorState body={loadFailed} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const items = query.data.pages.flatMap(itemsOf);
  if (items.length === 0) return <>{empty}</>;
  return (
    <section aria-label={label} aria-busy={query.isFetchingNextPage}>
      {children(items)}
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
