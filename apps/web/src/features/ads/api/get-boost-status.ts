import type { PostBoostStatus } from '@campus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * GET /api/posts/:postId/boost: the owner's boost buttons, or the visitor's call-to-action. A
 * typed read (decision 022): our own server's answer, read on the post page's first load.
 */
async function getBoostStatus(postId: string, { signal }: { signal?: AbortSignal } = {}): Promise<PostBoostStatus> {
  return api.get<PostBoostStatus>(`/api/posts/${encodeURIComponent(postId)}/boost`, { signal });
}

/** Also read by the post page's loader, so the buttons arrive drawn as they stay (no skeleton, no shift). */
export const boostStatusQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: queryKeys.ads.boostStatus(postId),
    queryFn: ({ signal }) => getBoostStatus(postId, { signal }),
  });

export function useBoostStatusQuery(postId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...boostStatusQueryOptions(postId), enabled });
}
