import type { PostAlert } from '@campus/contract';
import { api } from '@/lib/api-client.ts';

/**
 * POST /api/posts/:postId/alert: the owner's one-time post-page alert, read and cleared in one
 * step. A typed read (decision 022): our own server's answer, read on the post page's first load.
 */
export async function takePostAlert(postId: string): Promise<PostAlert> {
  return api.post<PostAlert>(`/api/posts/${encodeURIComponent(postId)}/alert`);
}
