import { type EditablePost, EditablePostSchema, type Post } from '@campus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { type CreatePostOptions, sendPostForm } from './create-post.ts';

/** GET /api/posts/:id/edit: the owner's listing as the edit form starts from it (others get 404). */
async function getEditablePost(postId: string): Promise<EditablePost> {
  const body = EditablePostSchema.safeParse(await api.get<unknown>(`/api/posts/${encodeURIComponent(postId)}/edit`));
  if (!body.success) throw new ApiError(200, 'BAD_RESPONSE', 'Something went wrong');
  return body.data;
}

const editablePostQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: queryKeys.post.editable(postId),
    queryFn: () => getEditablePost(postId),
    // The form starts from what is saved now, never from an older copy.
    staleTime: 0,
    gcTime: 0,
  });

export function useEditablePostQuery(postId: string) {
  return useQuery(editablePostQueryOptions(postId));
}

/** PATCH /api/posts/:id (multipart: `post` JSON with `media`, then the new `files`), with upload progress. */
export function editPost(postId: string, form: FormData, options: CreatePostOptions = {}): Promise<Post> {
  return sendPostForm('PATCH', `/api/posts/${encodeURIComponent(postId)}`, form, options);
}
