import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EndOfList, ErrorState } from '@/components/ui/list-states.tsx';
import { useInfiniteScroll } from './use-infinite-scroll.ts';

/** A page of posts, the shape of every post list (feed, saved, media, profile tabs, search). */
interface PostsPage<TItem> {
  posts: readonly TItem[];
}

interface InfiniteListProps<TItem> {
  query: UseInfiniteQueryResult<InfiniteData<PostsPage<TItem>>>;
  /** How near the bottom the next page loads (251 px; 1 px on /saved). */
  thresholdPx?: number;
  /** Placeholders while the first page loads. */
  skeleton: ReactNode;
  /** Placeholders while a further page loads (fewer). */
  moreSkeleton: ReactNode;
  empty: ReactNode;
  /** The loaded posts of every page, drawn by the caller (cards, grid…). */
  children: (posts: TItem[]) => ReactNode;
  /** Accessible name of the list region ('Feed', 'Saved posts'). */
  label: string;
}

/**
 * Every post list the same way: skeletons first, an error with a retry, the empty state, the
 * posts, more on scrolling (spec 1 §4 'Feed pagination'), and "You've reached the end.".
 */
export function InfiniteList<TItem>({
  query,
  thresholdPx,
  skeleton,
  moreSkeleton,
  empty,
  children,
  label,
}: InfiniteListProps<TItem>) {
  useInfiniteScroll({
    hasNextPage: query.hasNextPage,
    isFetching: query.isFetching,
    isError: query.isFetchNextPageError,
    fetchNextPage: query.fetchNextPage,
    thresholdPx,
  });

  if (query.isPending) {
    return (
      <section aria-busy="true" aria-label={label}>
        <p className="visually-hidden" role="status">
          Loading…
        </p>
        {skeleton}
      </section>
    );
  }
  if (!query.data) {
    return <ErrorState onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const posts = query.data.pages.flatMap((page) => page.posts);
  if (posts.length === 0) return <>{empty}</>;
  return (
    <section aria-label={label} aria-busy={query.isFetchingNextPage}>
      {children(posts)}
      {query.isFetchNextPageError ? (
        <ErrorState compact onRetry={() => void query.fetchNextPage()} retrying={query.isFetchingNextPage} />
      ) : query.hasNextPage ? (
        query.isFetchingNextPage && moreSkeleton
      ) : (
        <EndOfList />
      )}
    </section>
  );
}
