import { type BoostBody, type BoostStarted, BoostStartedSchema } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * POST /api/posts/:postId/boost: creates the ad (status checkout) and a checkout session, and
 * answers where to send the browser. No price is sent: the server computes it from the days.
 */
async function startBoost(postId: string, body: BoostBody): Promise<BoostStarted> {
  return BoostStartedSchema.parse(await api.post<unknown>(`/api/posts/${encodeURIComponent(postId)}/boost`, body));
}

export function useStartBoost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BoostBody) => startBoost(postId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.ads.all }),
  });
}
