import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useInfiniteScroll } from '@/components/infinite-list/use-infinite-scroll.ts';

/** Loads the next page of a list when the page is scrolled near its end (the feed's rule). */
export function InfiniteScrollTrigger<T>({ query }: { query: UseInfiniteQueryResult<InfiniteData<T>> }) {
  useInfiniteScroll({
    hasNextPage: query.hasNextPage,
    isFetching: query.isFetching,
    isError: query.isFetchNextPageError,
    fetchNextPage: query.fetchNextPage,
  });
  return null;
}
