import { SCROLL } from '@campus/contract';
import { useEffect, useRef } from 'react';

interface InfiniteScrollOptions {
  hasNextPage: boolean;
  /** True while any page of the list is loading (first page, next page or a refetch). */
  isFetching: boolean;
  /** Stop asking after a failed page until the person retries. */
  isError: boolean;
  fetchNextPage: () => unknown;
  /** Distance from the bottom of the page that triggers the next page (251 px; 1 px on /saved). */
  thresholdPx?: number;
  /** At most one load per this many milliseconds (docs/product/community.md#limits: 1 s). */
  lockMs?: number;
}

function distanceToBottom(): number {
  const doc = document.documentElement;
  return doc.scrollHeight - (window.scrollY + window.innerHeight);
}

/**
 * Loads the next page when the page is scrolled within `thresholdPx` of its bottom
 * (docs/product/community.md#feed-pagination), at most once per `lockMs`. It also checks after each page arrives,
 * so a first page shorter than the screen keeps filling it.
 */
export function useInfiniteScroll({
  hasNextPage,
  isFetching,
  isError,
  fetchNextPage,
  thresholdPx = SCROLL.feedThresholdPx,
  lockMs = SCROLL.loadLockMs,
}: InfiniteScrollOptions): void {
  const lastLoadAt = useRef(Number.NEGATIVE_INFINITY);

  // Runs again whenever a load starts or ends: the page may still end above the fold.
  useEffect(() => {
    if (!hasNextPage || isFetching || isError) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      if (Math.ceil(distanceToBottom()) > thresholdPx) return;
      const wait = lastLoadAt.current + lockMs - Date.now();
      if (wait > 0) {
        // Locked: look again once the lock is over, in case the person stays at the bottom.
        timer ??= setTimeout(() => {
          timer = undefined;
          check();
        }, wait);
        return;
      }
      lastLoadAt.current = Date.now();
      fetchNextPage();
    };
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    check();
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      if (timer) clearTimeout(timer);
    };
  }, [hasNextPage, isFetching, isError, fetchNextPage, thresholdPx, lockMs]);
}
