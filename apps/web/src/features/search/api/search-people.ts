import { SCROLL, type SearchPeopleList } from '@campus/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/search/people?q=: one page (10) of members, as `{ posts }` pages for the shared list (a typed read, decision 022). */
async function searchPeople(
  { q, cursor }: { q: string; cursor?: string },
  { signal }: { signal?: AbortSignal } = {},
): Promise<SearchPeopleList> {
  return api.get<SearchPeopleList>('/api/search/people', { query: { q, cursor }, signal });
}

export const searchPeopleQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.search.people(q),
    queryFn: async ({ pageParam, signal }) => {
      const page = await searchPeople({ q, cursor: pageParam }, { signal });
      // The shared infinite list reads `posts`; a page of people is a page of rows all the same.
      return { posts: page.people, nextCursor: page.nextCursor };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.posts.length < SCROLL.feedStopBelow ? undefined : (page.nextCursor ?? undefined)),
  });

export function useSearchPeopleQuery(q: string) {
  return useInfiniteQuery(searchPeopleQueryOptions(q));
}
