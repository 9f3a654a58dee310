import type { CampusResponse } from '@campus/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { testViewer } from '@/testing/viewer.ts';
import { prefetchFirstPage } from './first-page-data.ts';

// The pages' code is fetched alongside; here only the data is looked at.
vi.mock('./routes/home.tsx', () => ({}));
vi.mock('./routes/post.tsx', () => ({}));
vi.mock('@/features/posts/components/home-feed.tsx', () => ({}));

const member = testViewer();
const campus = { isHub: false } as CampusResponse;
const hub = { isHub: true } as CampusResponse;
const at = (url: string) => {
  const { pathname, search } = new URL(url, 'http://localhost');
  return { pathname, search };
};

let fetched: string[];
beforeEach(() => {
  fetched = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      fetched.push(String(input));
      return new Response(JSON.stringify({ posts: [], nextCursor: null, sponsored: [] }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('prefetchFirstPage', () => {
  it("starts a member's /home feed page (with its category) under the feed's own query key", async () => {
    const queryClient = createQueryClient();
    prefetchFirstPage(queryClient, member, campus, at('/home?category=textbooks'));
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.posts.feed('textbooks'))).toBeDefined());
    expect(fetched).toEqual(['/api/posts?category=textbooks']);
  });

  it("starts a member's post page", async () => {
    const queryClient = createQueryClient();
    prefetchFirstPage(queryClient, member, campus, at('/post/p1'));
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.post.detail('p1'))).toBeDefined());
    expect(fetched).toEqual(['/api/posts/p1']);
  });

  it('asks nothing for a visitor, a person the gate sends elsewhere, the hub or another page', () => {
    const queryClient = createQueryClient();
    prefetchFirstPage(queryClient, null, campus, at('/home'));
    prefetchFirstPage(queryClient, { ...member, schoolVerified: false }, campus, at('/home'));
    prefetchFirstPage(queryClient, { ...member, verified: false }, campus, at('/post/p1'));
    prefetchFirstPage(queryClient, member, hub, at('/home'));
    prefetchFirstPage(queryClient, member, campus, at('/settings'));
    expect(fetched).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
