import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { postLikes, posts } from '../../db/schema/index.ts';

/** What marking a listing reads of it, on its row locked for the change. */
export async function lockListing(tx: DbOrTx, postId: string) {
  const [row] = await tx
    .select({
      id: posts.id,
      campusId: posts.campusId,
      userId: posts.userId,
      plainText: posts.plainText,
      status: posts.status,
      buyerId: posts.buyerId,
      postCommentedOn: posts.postCommentedOn,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .for('update');
  return row;
}

/**
 * The new status and buyer. `last_modified` is left alone on purpose: a status change never
 * moves a listing in the feed (docs/product/selling.md); the feed-version trigger still fires.
 */
export async function setListingStatus(
  tx: DbOrTx,
  postId: string,
  change: { status: 'available' | 'pending' | 'sold'; buyerId: string | null; at: Date },
) {
  await tx
    .update(posts)
    .set({ status: change.status, buyerId: change.buyerId, statusChangedAt: change.at })
    .where(eq(posts.id, postId));
}

/** Who saved the listing, but `exceptUserId` (its buyer). */
export async function saversOf(tx: DbOrTx, postId: string, exceptUserId: string | null): Promise<string[]> {
  const rows = await tx
    .select({ userId: postLikes.userId })
    .from(postLikes)
    .where(
      exceptUserId
        ? and(eq(postLikes.postId, postId), ne(postLikes.userId, exceptUserId))
        : eq(postLikes.postId, postId),
    );
  return rows.map((r) => r.userId);
}
