import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { EndOfList, ErrorState, LoadingState } from '@/components/ui/list-states.tsx';
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

/**
 * Cards drawn first on the page the tab opened on (docs/decisions/020-hot-paths.md): more than a screen holds at
 * 1280×800 or 390×844. The server draws as many (decision 026), and hydrating them is one task.
 */
const FIRST_CARDS = 3;
/**
 * Cards drawn per task after that: 5 cards took 12–23 ms of this machine's CPU, 50–90 ms on
 * Lighthouse's 4× slower phone, each task over the 50 ms that counts as blocking; 2 stay under.
 */
const CARDS_PER_TASK = 2;
/** Only the first list of the tab's life draws in steps; later ones (e.g. back to the feed) draw at once. */
let firstListOfTheTab = true;

/**
 * On the tab's first page, three cards, then two at a time, each two in a task of its own after
 * the browser has painted: a first feed page of 25 cards was one long task, first before the first
 * paint, then (with the rest in one task) after it, and each counted in Lighthouse's blocking
 * time. Lists drawn later draw everything at once, so the scroll position of a list one comes
 * back to is restored against its full height.
 */
function useShownCards(drawn: boolean, count: number): number {
  const [shown, setShown] = useState(firstListOfTheTab ? FIRST_CARDS : Number.POSITIVE_INFINITY);
  useEffect(() => {
    if (shown === Number.POSITIVE_INFINITY || !drawn) return;
    firstListOfTheTab = false;
    // After the browser has painted the cards so far: the next frame, then a new task.
    let timer: ReturnType<typeof setTimeout> | undefined;
    // In a transition: React draws the next cards in slices that yield to the browser every few
    // milliseconds (decision 045); only the commit of the two new cards is one piece.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(
        () =>
          startTransition(() =>
            setShown(shown + CARDS_PER_TASK >= count ? Number.POSITIVE_INFINITY : shown + CARDS_PER_TASK),
          ),
        0,
      );
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown, drawn, count]);
  return shown;
}

/**
 * Every post list the same way: skeletons first, an error with a retry, the empty state, the
 * posts, more on scrolling (docs/product/community.md#feed-pagination), and "You've reached the end.".
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
  const posts = query.data?.pages.flatMap((page) => page.posts) ?? [];
  const shown = useShownCards(query.data !== undefined, posts.length);
  useInfiniteScroll({
    // Not while the first cards stand alone: the page is not yet as long as it will be.
    hasNextPage: query.hasNextPage && shown === Number.POSITIVE_INFINITY,
    isFetching: query.isFetching,
    isError: query.isFetchNextPageError,
    fetchNextPage: query.fetchNextPage,
    thresholdPx,
  });

  if (query.isPending) {
    return <LoadingState label={label}>{skeleton}</LoadingState>;
  }
  if (!query.data) {
    return <ErrorState onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
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
