import { type PostList, type ProfileTab, SCROLL } from '@campus/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/profiles/:username/posts?show=…: one page (10) of a profile tab (a typed read, decision 022). */
async function getProfilePostsPage(
  { username, show, cursor }: { username: string; show: ProfileTab; cursor?: string },
  { signal }: { signal?: AbortSignal } = {},
): Promise<PostList> {
  return api.get<PostList>(`/api/profiles/${encodeURIComponent(username)}/posts`, { query: { show, cursor }, signal });
}

export const profilePostsQueryOptions = (username: string, show: ProfileTab) =>
  infiniteQueryOptions({
    queryKey: queryKeys.posts.profile(username, show),
    queryFn: ({ pageParam, signal }) => getProfilePostsPage({ username, show, cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    // Profile lists stop when a page returns fewer than 9 (docs/product/profiles.md#profile-lists).
    getNextPageParam: (page) =>
      page.posts.length < SCROLL.listsStopBelow ? undefined : (page.nextCursor ?? undefined),
  });

export function useProfilePostsQuery(username: string, show: ProfileTab) {
  return useInfiniteQuery(profilePostsQueryOptions(username, show));
}
