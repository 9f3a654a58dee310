import { type PostPage, PostPageSchema } from '@campus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export const postQueryKey = (postId: string) => ['post', postId] as const;

/** GET /api/posts/:id: the post, its parent chain (for a reply) and its comment thread. */
export async function getPost(postId: string, { signal }: { signal?: AbortSignal } = {}): Promise<PostPage> {
  return PostPageSchema.parse(await api.get<unknown>(`/api/posts/${encodeURIComponent(postId)}`, { signal }));
}

export const postQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: postQueryKey(postId),
    queryFn: ({ signal }) => getPost(postId, { signal }),
  });

export function usePostQuery(postId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...postQueryOptions(postId), enabled });
}
