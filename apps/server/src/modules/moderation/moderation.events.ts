import { LISTING_EVENT_TYPES, MODERATION_EVENT_TYPES, type ModerationContentEvent } from '@campus/contract';
import type { DbOrTx } from '../../db/client.ts';
import { broadcastOnCommit } from '../../lib/events.ts';
import type { ContentKind, TargetRow } from './moderation.repo.ts';

/**
 * Tells every open tab of the campus, on commit, that content left everyone's view or came back
 * (decision 039): `moderation.hidden` / `moderation.restored`, and `post.changed` for the post a
 * post or comment belongs to, so its open page and cards are read again.
 */
export async function announceContent(
  tx: DbOrTx,
  target: TargetRow & { kind: ContentKind },
  change: 'hidden' | 'restored',
): Promise<void> {
  const payload: ModerationContentEvent = {
    targetType: target.kind,
    id: target.id,
    postId: target.postId,
    chatId: target.chatId,
  };
  await broadcastOnCommit(tx, {
    campusId: target.campusId,
    type: change === 'hidden' ? MODERATION_EVENT_TYPES.contentHidden : MODERATION_EVENT_TYPES.contentRestored,
    payload: { ...payload },
  });
  if (target.postId) {
    await broadcastOnCommit(tx, {
      campusId: target.campusId,
      type: LISTING_EVENT_TYPES.postChanged,
      payload: { postId: target.postId },
    });
  }
}
