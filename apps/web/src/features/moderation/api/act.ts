import {
  type ModerationActionBody,
  type ModerationActionResponse,
  ModerationActionResponseSchema,
} from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** POST /api/moderation/actions: dismiss, remove, warn, suspend, ban or restore, always with a reason. */
async function act(body: ModerationActionBody): Promise<ModerationActionResponse> {
  return ModerationActionResponseSchema.parse(await api.post<unknown>('/api/moderation/actions', body));
}

/**
 * An action changes the queue and the log; a removal or a restore also changes what the feeds and
 * the post pages show (the live events tell other tabs; this tab reads them again at once).
 */
export function useModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: act,
    onSuccess: async (_answer, body) => {
      const content = body.target.type !== 'user' && (body.action === 'remove' || body.action === 'restore');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.moderation.all }),
        content && queryClient.invalidateQueries({ queryKey: queryKeys.posts.all }),
        content && queryClient.invalidateQueries({ queryKey: queryKeys.post.all }),
      ]);
    },
  });
}
