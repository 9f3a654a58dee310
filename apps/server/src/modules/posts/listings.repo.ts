import type { DbOrTx } from '../../db/client.ts';
import { literalCount, runNamed } from '../../db/named-statements.ts';
import type { MediaRow } from './posts.repo.ts';

/*
 * The SQL of editing, renewing and the stale-listings job (docs/product/selling.md), written and
 * run by name like posts.repo.ts. The feed order (`last_modified`) moves only where a statement
 * here says so: a price drop and a renewal.
 */

/** What an edit or a renewal decides on, read under the row's lock. */
export interface LockedListing {
  id: string;
  campusId: string;
  userId: string;
  priceCents: number | null;
  status: 'available' | 'pending' | 'sold';
  renewedAt: Date | null;
  expiredAt: Date | null;
}

/** The listing row, locked until the transaction ends (two edits of one listing go one after the other). */
export async function lockListing(db: DbOrTx, id: string): Promise<LockedListing | undefined> {
  const [row] = await runNamed<LockedListing>(
    db,
    'listing_lock',
    () => `SELECT id, campus_id AS "campusId", user_id AS "userId", price_cents AS "priceCents", status,
        renewed_at AS "renewedAt", expired_at AS "expiredAt"
      FROM posts WHERE id = $1 AND post_commented_on IS NULL FOR UPDATE`,
    [id],
  );
  return row;
}

/** The editor's saved state of a post (the edit form starts from it). */
export async function editorStateOf(db: DbOrTx, id: string): Promise<unknown> {
  const [row] = await runNamed<{ text: unknown }>(
    db,
    'post_editor_state',
    () => `SELECT text FROM posts WHERE id = $1`,
    [id],
  );
  return row?.text ?? null;
}

export interface ListingChanges {
  id: string;
  text: unknown;
  plainText: string;
  category: string | null;
  priceCents: number | null;
  condition: string | null;
  imgCount: number;
  at: Date;
  /** The price fell: the old one is kept to show struck through, and the listing moves to the top. */
  droppedFrom: number | null;
  /** The price rose (or was taken off) after a drop: the struck-through price goes. */
  clearDrop: boolean;
}

/**
 * Writes an edit: 'Edited' (edited_at), the fields, and for a price drop the old price, when it
 * dropped and the feed position (last_modified). An edit is a change of the listing, so the stale
 * question about its current life is answered (unless it already expired: only a renewal brings
 * an expired listing back).
 */
export async function updateListing(db: DbOrTx, c: ListingChanges): Promise<void> {
  await runNamed(
    db,
    'listing_update',
    () => `UPDATE posts SET text = $2::jsonb, plain_text = $3, category = $4, price_cents = $5, condition = $6,
        img_count = $7, edited_at = $8,
        previous_price_cents = CASE WHEN $9::int IS NOT NULL THEN $9::int WHEN $10 THEN NULL ELSE previous_price_cents END,
        price_dropped_at = CASE WHEN $9::int IS NOT NULL THEN $8 WHEN $10 THEN NULL ELSE price_dropped_at END,
        last_modified = CASE WHEN $9::int IS NOT NULL THEN $8 ELSE last_modified END,
        stale_asked_at = CASE WHEN expired_at IS NULL THEN NULL ELSE stale_asked_at END
      WHERE id = $1`,
    [
      c.id,
      c.text === null || c.text === undefined ? null : JSON.stringify(c.text),
      c.plainText,
      c.category,
      c.priceCents,
      c.condition,
      c.imgCount,
      c.at,
      c.droppedFrom,
      c.clearDrop,
    ],
  );
}

/** Removes the media rows of a post that are not among `keep`. */
export async function deleteMediaExcept(db: DbOrTx, postId: string, keep: string[]): Promise<void> {
  await runNamed(
    db,
    'listing_media_delete_except',
    () => `DELETE FROM post_media WHERE post_id = $1 AND NOT (id = ANY($2::text[]))`,
    [postId, keep],
  );
}

/** Puts kept media rows at their new places (`ids` in the new order give `orders`). */
export async function reorderMedia(db: DbOrTx, postId: string, ids: string[], orders: number[]): Promise<void> {
  if (ids.length === 0) return;
  await runNamed(
    db,
    'listing_media_reorder',
    () => `UPDATE post_media m SET img_order = o.ord
      FROM unnest($2::text[], $3::int[]) AS o(id, ord) WHERE m.post_id = $1 AND m.id = o.id`,
    [postId, ids, orders],
  );
}

/** A post's media rows with their storage keys, in order. */
export async function mediaRowsOf(db: DbOrTx, postId: string): Promise<MediaRow[]> {
  return runNamed<MediaRow>(
    db,
    'listing_media_rows',
    () => `SELECT id, post_id AS "postId", kind, path, feed_path AS "feedPath", name, img_order AS "order", width,
        height, bytes, created_at AS "createdAt"
      FROM post_media WHERE post_id = $1 ORDER BY img_order`,
    [postId],
  );
}

/** Everyone who saved a post (they hear of its price drops). */
export async function saversOf(db: DbOrTx, postId: string): Promise<string[]> {
  const rows = await runNamed<{ userId: string }>(
    db,
    'listing_savers',
    () => `SELECT user_id AS "userId" FROM post_likes WHERE post_id = $1`,
    [postId],
  );
  return rows.map((r) => r.userId);
}

/** A renewal: back to the top, out of expiry, its stale question answered. */
export async function renewListing(db: DbOrTx, id: string, at: Date): Promise<void> {
  await runNamed(
    db,
    'listing_renew',
    () =>
      `UPDATE posts SET renewed_at = $2, last_modified = $2, expired_at = NULL, stale_asked_at = NULL WHERE id = $1`,
    [id, at],
  );
}

/** A listing the stale-listings job acts on. */
export interface StaleListing {
  id: string;
  campusId: string;
  userId: string;
  plainText: string;
}

/**
 * Live listings (not sold, not expired, not yet asked) whose last change — posting, edit, renewal
 * or price drop — is at or before `changedBefore`, locked and skipped when another run holds
 * them (posts_stale_idx). `sellerId` narrows to one seller's (the development route).
 */
export async function lockListingsToAsk(
  db: DbOrTx,
  options: { changedBefore: Date; sellerId: string | null; limit: number },
): Promise<StaleListing[]> {
  const limit = literalCount(options.limit);
  return runNamed<StaleListing>(
    db,
    `listings_to_ask_${limit}`,
    () => `SELECT id, campus_id AS "campusId", user_id AS "userId", plain_text AS "plainText" FROM posts
      WHERE post_commented_on IS NULL AND expired_at IS NULL AND stale_asked_at IS NULL
        AND greatest(created_at, edited_at, renewed_at, price_dropped_at) <= $1
        AND status <> 'sold' AND type = 'post' AND ($2::text IS NULL OR user_id = $2)
      ORDER BY greatest(created_at, edited_at, renewed_at, price_dropped_at), id
      LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
    [options.changedBefore, options.sellerId],
  );
}

/** Listings asked about at or before `askedBefore` and neither renewed nor changed since (posts_stale_asked_idx). */
export async function lockListingsToExpire(
  db: DbOrTx,
  options: { askedBefore: Date; sellerId: string | null; limit: number },
): Promise<StaleListing[]> {
  const limit = literalCount(options.limit);
  return runNamed<StaleListing>(
    db,
    `listings_to_expire_${limit}`,
    () => `SELECT id, campus_id AS "campusId", user_id AS "userId", plain_text AS "plainText" FROM posts
      WHERE stale_asked_at IS NOT NULL AND expired_at IS NULL AND stale_asked_at <= $1
        AND status <> 'sold' AND ($2::text IS NULL OR user_id = $2)
      ORDER BY stale_asked_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
    [options.askedBefore, options.sellerId],
  );
}

export async function markAsked(db: DbOrTx, ids: string[], at: Date): Promise<void> {
  await runNamed(db, 'listings_mark_asked', () => `UPDATE posts SET stale_asked_at = $2 WHERE id = ANY($1::text[])`, [
    ids,
    at,
  ]);
}

export async function markExpired(db: DbOrTx, ids: string[], at: Date): Promise<void> {
  await runNamed(db, 'listings_mark_expired', () => `UPDATE posts SET expired_at = $2 WHERE id = ANY($1::text[])`, [
    ids,
    at,
  ]);
}
