import { LIVE_FEED_EVENT_TYPES, type NewPostNotice, POST_COUNTS_MAX_IDS } from '@campus/contract';
import type { DbOrTx } from '../../db/client.ts';
import { broadcastOnCommit } from '../../lib/events.ts';

/**
 * The live feed's messages (docs/product/community.md#live-feed, decision 042): unstored
 * campus-wide broadcasts, sent on commit, never replayed. A missed one leaves a pill or a count
 * stale until the next read, nothing more.
 */

/**
 * 'post.created' to the campus's open streams, except the author's own and those of everyone
 * blocked either way with the author (the stream filters by `from`). The payload is what the
 * feeds' filters need and nothing the post says or shows.
 */
export function announceNewPost(tx: DbOrTx, campusId: string, authorId: string, notice: NewPostNotice): Promise<void> {
  return broadcastOnCommit(tx, {
    campusId,
    type: LIVE_FEED_EVENT_TYPES.postCreated,
    payload: { ...notice },
    from: authorId,
  });
}

/**
 * 'post.counts': the saves or comments of `postIds[0]` changed, and with them the pages of the
 * posts above it (`postIds` nearest first, the top-level post last). An open page of any of them
 * reads itself again, as its viewer sees it; the message says no more than which posts.
 */
export function announceCounts(tx: DbOrTx, campusId: string, postIds: readonly string[]): Promise<void> {
  const nearest = postIds.slice(0, POST_COUNTS_MAX_IDS - 1);
  const top = postIds.at(-1);
  const ids = top && !nearest.includes(top) ? [...nearest, top] : nearest;
  return broadcastOnCommit(tx, { campusId, type: LIVE_FEED_EVENT_TYPES.postCounts, payload: { postIds: ids } });
}
