import { LISTING_EVENT_TYPES, MODERATION_EVENT_TYPES, type ModerationContentEvent } from '@campus/contract';
import type { DbOrTx } from '../../db/client.ts';
import { broadcastOnCommit, publishEvents } from '../../lib/events.ts';
import { type ContentKind, moderatorIdsOf, type TargetRow } from './moderation.repo.ts';

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

/**
 * Tells the campus's moderators, through the outbox (stored, replayed on reconnect), that the
 * queue changed: a report was stored or a moderator acted. Their open /moderation reads its
 * queue and log again (docs/product/moderation.md#the-queue). Only moderators' streams receive
 * it; `except` (the moderator who acted: their tab reads it again itself) is left out. Call it at
 * the end of the transaction, like every publish.
 */
export async function announceQueueChange(tx: DbOrTx, campusId: string, except?: string): Promise<void> {
  const moderators = (await moderatorIdsOf(tx, campusId)).filter((id) => id !== except);
  if (moderators.length === 0) return;
  await publishEvents(
    tx,
    moderators.map((userId) => ({ campusId, userId, type: MODERATION_EVENT_TYPES.queueChanged, payload: {} })),
  );
}
