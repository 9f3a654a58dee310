import {
  type ListingFilters,
  listingFiltersToParams,
  NO_LISTING_FILTERS,
  type PostList,
  PostListSchema,
  SCROLL,
} from '@campus/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { listingFiltersKey } from '@/lib/listing-filters.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { nextCursorOf } from './get-feed.ts';

/** GET /api/posts/media: one page of the posts that carry photos or videos, filtered. */
async function getMediaFeedPage(
  { cursor, filters }: { cursor?: string; filters: ListingFilters },
  { signal }: { signal?: AbortSignal } = {},
): Promise<PostList> {
  const query = { cursor, ...listingFiltersToParams(filters) };
  return PostListSchema.parse(await api.get<unknown>('/api/posts/media', { query, signal }));
}

export const mediaFeedQueryOptions = (filters: ListingFilters = NO_LISTING_FILTERS) =>
  infiniteQueryOptions({
    queryKey: queryKeys.posts.media(listingFiltersKey(filters)),
    queryFn: ({ pageParam, signal }) => getMediaFeedPage({ cursor: pageParam, filters }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => nextCursorOf(page, SCROLL.feedStopBelow),
  });

export function useMediaFeedQuery(filters: ListingFilters) {
  return useInfiniteQuery(mediaFeedQueryOptions(filters));
}
