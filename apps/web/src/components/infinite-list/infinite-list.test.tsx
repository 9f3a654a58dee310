import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(cleanup);

type Page = { posts: { id: string }[] };

/** A loaded list of `count` posts on one page, with no further page. */
function loadedQuery(count: number) {
  const page: Page = { posts: Array.from({ length: count }, (_, i) => ({ id: `p${i}` })) };
  return {
    isPending: false,
    data: { pages: [page], pageParams: [null] },
    hasNextPage: false,
    isFetching: false,
    isFetchNextPageError: false,
    isFetchingNextPage: false,
    fetchNextPage: vi.fn(),
    refetch: vi.fn(),
  } as unknown as UseInfiniteQueryResult<InfiniteData<Page>>;
}

/** A fresh copy of the module: "the tab's first list" is module state. */
async function freshInfiniteList() {
  vi.resetModules();
  return (await import('./infinite-list.tsx')).InfiniteList;
}

function List({
  list: InfiniteList,
  count,
  drawn = [],
}: {
  list: Awaited<ReturnType<typeof freshInfiniteList>>;
  count: number;
  /** How many cards each render drew. */
  drawn?: number[];
}) {
  return (
    <InfiniteList query={loadedQuery(count)} label="Feed" skeleton={null} moreSkeleton={null} empty={null}>
      {(posts) => {
        drawn.push(posts.length);
        return posts.map((post) => <article key={post.id}>{post.id}</article>);
      }}
    </InfiniteList>
  );
}

describe('InfiniteList on the first page of the tab', () => {
  it('draws the first three cards, then two more per task after each paint', async () => {
    const InfiniteList = await freshInfiniteList();
    const drawn: number[] = [];
    render(<List list={InfiniteList} count={23} drawn={drawn} />);
    expect(screen.getAllByRole('article')).toHaveLength(3);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(23));
    expect([...new Set(drawn)]).toEqual([3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23]);
  });

  it('draws a later list (e.g. back to the feed) whole at once', async () => {
    const InfiniteList = await freshInfiniteList();
    render(<List list={InfiniteList} count={25} />);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(25));
    cleanup();
    render(<List list={InfiniteList} count={25} />);
    expect(screen.getAllByRole('article')).toHaveLength(25);
  });
});
