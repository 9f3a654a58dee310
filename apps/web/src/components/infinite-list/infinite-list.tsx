import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
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
  /**
   * The loaded posts of every page, drawn by the caller (cards, grid…). `shown` is how many to
   * draw now, for a caller that draws from items of its own (`posts` is already cut to it).
   */
  children: (posts: TItem[], shown: number) => ReactNode;
  /** Accessible name of the list region ('Feed', 'Saved posts'). */
  label: string;
}

/** Cards drawn by the first render of the page the tab opened on (issue 13). */
const FIRST_RENDER_CARDS = 5;
/** Only the first list of the tab's life draws in two steps; later ones (e.g. back to the feed) draw at once. */
let firstListOfTheTab = true;

/**
 * On the tab's first page, the first few cards first and the rest in the next task: a first
 * feed page of 25 cards was one long task that held up the first paint and its largest photo
 * (Lighthouse's blocking time). Lists drawn later draw everything at once, so the scroll
 * position of a list one comes back to is restored against its full height.
 */
function useShownCards(drawn: boolean): number {
  const [all, setAll] = useState(!firstListOfTheTab);
  useEffect(() => {
    if (all || !drawn) return;
    firstListOfTheTab = false;
    // After the browser has painted the first cards: the next frame, then a new task.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setAll(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [all, drawn]);
  return all ? Number.POSITIVE_INFINITY : FIRST_RENDER_CARDS;
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
  const shown = useShownCards(query.data !== undefined);
  useInfiniteScroll({
    // Not while the first cards stand alone: the page is not yet as long as it will be.
    hasNextPage: query.hasNextPage && shown === Number.POSITIVE_INFINITY,
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
      {children(posts.slice(0, shown), shown)}
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
