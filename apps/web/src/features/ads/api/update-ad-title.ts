import { type Ad, AdSchema, type UpdateAdBody } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { putAdInCache } from './ad-cache.ts';

/** PATCH /api/ads/:adId: renames the ad. */
async function updateAdTitle(adId: string, body: UpdateAdBody): Promise<Ad> {
  return AdSchema.parse(await api.patch<unknown>(`/api/ads/${encodeURIComponent(adId)}`, body));
}

export function useUpdateAdTitle(adId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAdBody) => updateAdTitle(adId, body),
    onSuccess: (ad) => {
      putAdInCache(queryClient, ad);
      void queryClient.invalidateQueries({ queryKey: queryKeys.payments });
    },
  });
}
