import type { PostPage } from '@campus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * GET /api/posts/:id: the post, its parent chain (for a reply) and its comment thread. A typed
 * read (decision 022): our own server's contract-checked answer, fetched before the page's code.
 */
async function getPost(postId: string, { signal }: { signal?: AbortSignal } = {}): Promise<PostPage> {
  return api.get<PostPage>(`/api/posts/${encodeURIComponent(postId)}`, { signal });
}

export const postQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: queryKeys.post.detail(postId),
    queryFn: ({ signal }) => getPost(postId, { signal }),
  });

export function usePostQuery(postId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...postQueryOptions(postId), enabled });
}
