import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInfiniteScroll } from './use-infinite-scroll.ts';

/** jsdom lays nothing out: pretend the page is `height` tall and scrolled to `y` in a 800 px window. */
function setPage(height: number, y: number) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const base = { hasNextPage: true, isFetching: false, isError: false, thresholdPx: 251, lockMs: 1000 };

describe('useInfiniteScroll', () => {
  it('loads when the page is scrolled within the threshold of its bottom, not before', () => {
    const fetchNextPage = vi.fn();
    setPage(3000, 0);
    renderHook(() => useInfiniteScroll({ ...base, fetchNextPage }));
    expect(fetchNextPage).not.toHaveBeenCalled();

    setPage(3000, 3000 - 800 - 252);
    window.dispatchEvent(new Event('scroll'));
    expect(fetchNextPage).not.toHaveBeenCalled();

    setPage(3000, 3000 - 800 - 251);
    window.dispatchEvent(new Event('scroll'));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('loads at most once a second, and looks again when the lock ends', () => {
    const fetchNextPage = vi.fn();
    setPage(1000, 200); // at the bottom
    const { rerender } = renderHook((props) => useInfiniteScroll(props), {
      initialProps: { ...base, fetchNextPage },
    });
    expect(fetchNextPage).toHaveBeenCalledTimes(1);

    // The page arrived quickly and the person is still at the bottom: wait out the lock.
    rerender({ ...base, fetchNextPage, isFetching: true });
    rerender({ ...base, fetchNextPage, isFetching: false });
    window.dispatchEvent(new Event('scroll'));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fetchNextPage).toHaveBeenCalledTimes(2);
  });

  it('does nothing at the end, while loading, or after a failed page', () => {
    const fetchNextPage = vi.fn();
    setPage(1000, 200);
    renderHook(() => useInfiniteScroll({ ...base, fetchNextPage, hasNextPage: false }));
    renderHook(() => useInfiniteScroll({ ...base, fetchNextPage, isFetching: true }));
    renderHook(() => useInfiniteScroll({ ...base, fetchNextPage, isError: true }));
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(5000);
    expect(fetchNextPage).not.toHaveBeenCalled();
  });
});
