import type { Post } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { feedQueryOptions, nextCursorOf } from './get-feed.ts';

const page = (count: number, nextCursor: string | null) => ({
  posts: Array.from({ length: count }, (_, i) => ({ id: String(i) }) as Post),
  nextCursor,
});

describe('nextCursorOf (docs/product/community.md#feed-pagination: stop when fewer than 2 come back)', () => {
  it('goes on while pages are full enough and the server has more', () => {
    expect(nextCursorOf(page(15, 'c'), 2)).toBe('c');
    expect(nextCursorOf(page(2, 'c'), 2)).toBe('c');
  });

  it('stops below the threshold even if the server offers a cursor', () => {
    expect(nextCursorOf(page(1, 'c'), 2)).toBeUndefined();
    expect(nextCursorOf(page(8, 'c'), 9)).toBeUndefined();
  });

  it('stops when the server says the page was the last', () => {
    expect(nextCursorOf(page(15, null), 2)).toBeUndefined();
  });
});

describe('the feed asks for the next page with the posts shown so far', () => {
  it('sends shown = the posts of every page before it, so ads go after every 4th post of the scroll', () => {
    const options = feedQueryOptions('all');
    const first = { ...page(25, 'c1'), sponsored: [] };
    const second = { ...page(15, 'c2'), sponsored: [] };
    expect(options.initialPageParam).toEqual({ shown: 0 });
    expect(options.getNextPageParam(first, [first], options.initialPageParam, [options.initialPageParam])).toEqual({
      cursor: 'c1',
      shown: 25,
    });
    expect(
      options.getNextPageParam(second, [first, second], { cursor: 'c1', shown: 25 }, [options.initialPageParam]),
    ).toEqual({ cursor: 'c2', shown: 40 });
  });
});
