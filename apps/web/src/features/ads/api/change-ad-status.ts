import { type AdActionResponse, AdActionResponseSchema } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { putAdInCache } from './ad-cache.ts';

/** The three lifecycle actions of an ad (docs/product/boosting.md#pause-resume-and-stop), each its own endpoint with one answer shape. */
export type AdAction = 'pause' | 'resume' | 'stop';

/** POST /api/ads/:adId/pause | resume | stop: answers the ad and the spec's success message. */
async function changeAdStatus(adId: string, action: AdAction): Promise<AdActionResponse> {
  return AdActionResponseSchema.parse(await api.post<unknown>(`/api/ads/${encodeURIComponent(adId)}/${action}`));
}

export function useChangeAdStatus(adId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AdAction) => changeAdStatus(adId, action),
    onSuccess: ({ ad }) => putAdInCache(queryClient, ad),
    onSettled: () => {
      // The status moves the post page's buttons, the feed's sponsored posts and the payments list.
      void queryClient.invalidateQueries({ queryKey: queryKeys.ads.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.payments });
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
    },
  });
}
