import { type PostAlert, PostAlertSchema } from '@campus/contract';
import { api } from '@/lib/api-client.ts';

/** POST /api/posts/:postId/alert: the owner's one-time post-page alert, read and cleared in one step. */
export async function takePostAlert(postId: string): Promise<PostAlert> {
  return PostAlertSchema.parse(await api.post<unknown>(`/api/posts/${encodeURIComponent(postId)}/alert`));
}
