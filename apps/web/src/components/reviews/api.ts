import {
  type ProfileReviews,
  REVIEW_LIMITS,
  type ReviewBody,
  type ReviewResponse,
  type SaleReviews,
} from '@campus/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/* Reviews after a sale (docs/product/reviews.md): a sale's reviews, writing, replying, reporting, a profile's list. */

const enc = encodeURIComponent;

/**
 * GET /api/posts/:postId/review: the viewer's side of a sold listing. Anyone but its seller and
 * buyer gets a 404, read here as 'nothing to show' (the post does not say who bought it).
 */
export function useSaleReviewsQuery(postId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.reviews.sale(postId),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<SaleReviews>(`/api/posts/${enc(postId)}/review`, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
  });
}

/** GET /api/profiles/:username/reviews: the rating and published reviews, 10 a page, newest first. */
export const profileReviewsQueryOptions = (username: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.reviews.profile(username),
    queryFn: ({ pageParam, signal }) =>
      api.get<ProfileReviews>(`/api/profiles/${enc(username)}/reviews`, { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) =>
      page.reviews.length < REVIEW_LIMITS.perPage ? undefined : (page.nextCursor ?? undefined),
  });

export function useProfileReviewsQuery(username: string) {
  return useInfiniteQuery(profileReviewsQueryOptions(username));
}

function useRefreshReviews() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all });
}

/** POST /api/posts/:postId/review: the viewer's review of the other side. */
export function useWriteReview(postId: string) {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: (body: ReviewBody) => api.post<ReviewResponse>(`/api/posts/${enc(postId)}/review`, body),
    onSuccess: refresh,
  });
}

/** POST /api/reviews/:reviewId/reply: the reviewed person's one reply. */
export function useReplyToReview() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: ({ reviewId, text }: { reviewId: string; text: string }) =>
      api.post<ReviewResponse>(`/api/reviews/${enc(reviewId)}/reply`, { text }),
    onSuccess: refresh,
  });
}
