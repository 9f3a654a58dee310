import {
  type CampusDefinition,
  type EditablePost,
  LISTING_EVENT_TYPES,
  LISTING_MESSAGES,
  LISTING_TIMES,
  listingTitle,
  POST_SERVER_MESSAGES,
  type Post,
} from '@campus/contract';
import type { DbOrTx } from '../../db/client.ts';
import { errors } from '../../lib/errors.ts';
import { broadcastOnCommit } from '../../lib/events.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { type StoredPostMedia, storePostFile } from '../media/index.ts';
import { notify } from '../notifications/index.ts';
import {
  deleteMediaExcept,
  editorStateOf,
  type LockedListing,
  lockListing,
  lockListingsToAsk,
  lockListingsToExpire,
  markAsked,
  markExpired,
  mediaRowsOf,
  renewListing as renewListingRow,
  reorderMedia,
  saversOf,
  updateListing,
} from './listings.repo.ts';
import { postPolicy } from './posts.policy.ts';
import { presentPost } from './posts.presenter.ts';
import { findPost, insertMedia, type ListedPost, listedByIds, type MediaRow } from './posts.repo.ts';
import { listContext, type PostsDeps } from './posts.service.ts';
import type { PostEditUpload } from './uploads.ts';

/*
 * Editing and renewing a listing, and the stale-listings job (docs/product/selling.md,
 * docs/decisions/034-editing-and-stale-listings.md). Only the owner edits or renews; everyone else
 * gets the missing post. An edit never moves the listing in the feed, except a price drop; a
 * renewal moves it to the top at most once a week.
 */

/** The listing as the owner's edit form starts from it: the editor's state and the media by id. */
export async function getEditablePost(
  deps: Pick<PostsDeps, 'db' | 'storage'>,
  viewer: SessionUser,
  campus: CampusDefinition,
  id: string,
): Promise<EditablePost> {
  const { post } = postPolicy.requireOwnListing(await findPost(deps.db, id), viewer, campus);
  const [text, media] = await Promise.all([editorStateOf(deps.db, id), mediaRowsOf(deps.db, id)]);
  return {
    id: post.id,
    text,
    plainText: post.plainText,
    category: post.category,
    priceCents: post.priceCents,
    condition: post.condition as EditablePost['condition'],
    media: media.map((m) => ({
      id: m.id,
      kind: m.kind,
      url: deps.storage.url(m.feedPath),
      fullUrl: deps.storage.url(m.path),
      width: m.width,
      height: m.height,
    })),
  };
}

/** A post's card as its owner sees it after a change. */
async function ownCard(deps: Pick<PostsDeps, 'db' | 'storage' | 'clock'>, viewerId: string, id: string): Promise<Post> {
  const [row] = await listedByIds(deps.db, viewerId, [id]);
  return presentPost(row as ListedPost, listContext(deps, [row as ListedPost]));
}

/**
 * 'post.changed' to every open stream of the campus, on commit (decision 034): any open post page
 * or list showing the listing reads it again. Unstored: a stream that was away reads it on its
 * next visit anyway.
 */
function announceChanged(tx: DbOrTx, campusId: string, postId: string): Promise<void> {
  return broadcastOnCommit(tx, { campusId, type: LISTING_EVENT_TYPES.postChanged, payload: { postId } });
}

/**
 * Edits a listing (docs/product/selling.md#editing-a-listing): text, price, category, condition
 * and photos (kept ones by id, in the new order, with new files), at most 10, with the
 * composer's rules. New files are stored first; then, in one transaction with the row locked,
 * the row, its media and, for a price drop, the savers' notifications. Files of removed media go
 * after the commit; on failure the newly stored files go instead, so nothing is left half-made.
 */
export async function editListing(
  deps: PostsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  id: string,
  readUpload: () => Promise<PostEditUpload>,
): Promise<Post> {
  // The owner is checked before the body is read: nobody else's upload is even stored in temp files.
  postPolicy.requireOwnListing(await findPost(deps.db, id), viewer, campus);
  const upload = await readUpload();
  try {
    return await editFromUpload(deps, viewer, campus, id, upload);
  } finally {
    await upload.dispose();
  }
}

/** Where each photo of the new order comes from: a kept media row or a new file. */
type Placed = { kind: 'kept'; row: MediaRow } | { kind: 'new'; file: number };

function placeMedia(body: PostEditUpload['body'], fileCount: number, existing: MediaRow[]): Placed[] {
  const byId = new Map(existing.map((m) => [m.id, m]));
  const seenIds = new Set<string>();
  const seenFiles = new Set<number>();
  const placed = body.media.map((item): Placed => {
    if ('id' in item) {
      const row = byId.get(item.id);
      // Someone else's media id, one removed meanwhile, or the same one twice.
      if (!row || seenIds.has(item.id)) throw errors.badRequest(LISTING_MESSAGES.mediaNotFound, 'MEDIA_NOT_FOUND');
      seenIds.add(item.id);
      return { kind: 'kept', row };
    }
    if (item.file >= fileCount || seenFiles.has(item.file)) {
      throw errors.badRequest(LISTING_MESSAGES.mediaOrderInvalid, 'INVALID_POST');
    }
    seenFiles.add(item.file);
    return { kind: 'new', file: item.file };
  });
  // Every file sent has its place.
  if (seenFiles.size !== fileCount) throw errors.badRequest(LISTING_MESSAGES.mediaOrderInvalid, 'INVALID_POST');
  return placed;
}

async function editFromUpload(
  deps: PostsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  id: string,
  upload: PostEditUpload,
): Promise<Post> {
  const { body, files } = upload;
  const plainText = body.plainText.trim();
  const existing = await mediaRowsOf(deps.db, id);
  const placed = placeMedia(body, files.length, existing);
  if (!plainText && placed.length === 0) throw errors.badRequest(POST_SERVER_MESSAGES.emptyPost, 'EMPTY_POST');

  const now = deps.clock.now();
  const stored = new Map<number, StoredPostMedia>();
  try {
    for (const [order, place] of placed.entries()) {
      if (place.kind === 'new') {
        stored.set(place.file, await storePostFile(deps.storage, id, order, files[place.file] as never));
      }
    }
    await deps.db.transaction(async (tx) => {
      const locked = await lockListing(tx, id);
      // Deleted (or changed hands) between the check and the lock: the missing post.
      if (!locked || locked.userId !== viewer.id) postPolicy.requireOwnListing(undefined, viewer, campus);
      const listing = locked as LockedListing;
      const kept = placed.flatMap((p, order) => (p.kind === 'kept' ? [{ id: p.row.id, order }] : []));
      await deleteMediaExcept(
        tx,
        id,
        kept.map((k) => k.id),
      );
      // Out of the way first, so no two rows share a place while they move.
      await reorderMedia(
        tx,
        id,
        kept.map((k) => k.id),
        kept.map((k) => k.order + 1000),
      );
      await reorderMedia(
        tx,
        id,
        kept.map((k) => k.id),
        kept.map((k) => k.order),
      );
      await insertMedia(
        tx,
        placed.flatMap((p, order) => {
          if (p.kind !== 'new') return [];
          const media = stored.get(p.file) as StoredPostMedia;
          return [{ id: newId(), postId: id, order, ...media, createdAt: now }];
        }),
      );
      const oldPrice = listing.priceCents;
      const newPrice = body.priceCents ?? null;
      const dropped = oldPrice !== null && newPrice !== null && newPrice < oldPrice;
      await updateListing(tx, {
        id,
        text: body.text ?? null,
        plainText,
        category: body.category ?? null,
        priceCents: newPrice,
        condition: body.condition ?? null,
        imgCount: placed.length,
        at: now,
        droppedFrom: dropped ? oldPrice : null,
        clearDrop: !dropped && newPrice !== oldPrice,
      });
      if (dropped) {
        const savers = await saversOf(tx, id);
        const drop = { campusId: campus.id, sellerId: viewer.id, id, plainText, savers, oldPrice, newPrice, now };
        await notifyPriceDrop(tx, drop as PriceDrop);
      }
      await announceChanged(tx, campus.id, id);
    });
  } catch (error) {
    await Promise.allSettled(
      [...stored.values()].flatMap((m) => [m.path, m.feedPath]).map((key) => deps.storage.delete(key)),
    );
    throw error;
  }
  // The removed media's files, unless a new file has the very same key (same place, same bytes).
  const inUse = new Set([...stored.values()].flatMap((m) => [m.path, m.feedPath]));
  for (const p of placed) if (p.kind === 'kept') inUse.add(p.row.path).add(p.row.feedPath);
  const keptIds = new Set(placed.flatMap((p) => (p.kind === 'kept' ? [p.row.id] : [])));
  const removedKeys = existing
    .filter((m) => !keptIds.has(m.id))
    .flatMap((m) => [m.path, m.feedPath])
    .filter((key) => !inUse.has(key));
  const failures = await Promise.allSettled([...new Set(removedKeys)].map((key) => deps.storage.delete(key)));
  for (const failure of failures) {
    if (failure.status === 'rejected')
      deps.log.error({ err: failure.reason }, 'edited listing: removing a file failed');
  }
  return ownCard(deps, viewer.id, id);
}

/** 'Price dropped on {title}: $60 → $45' to everyone who saved the listing (notify() skips the seller and blocks). */
interface PriceDrop {
  campusId: string;
  sellerId: string;
  id: string;
  plainText: string;
  savers: string[];
  oldPrice: number;
  newPrice: number;
  now: Date;
}

async function notifyPriceDrop(tx: DbOrTx, d: PriceDrop) {
  const message = LISTING_MESSAGES.priceDropped(listingTitle(d.plainText), d.oldPrice, d.newPrice);
  for (const saver of d.savers) {
    await notify(tx, {
      campusId: d.campusId,
      type: 'price drop',
      toUserId: saver,
      fromUserId: d.sellerId,
      postId: d.id,
      message,
      createdAt: d.now,
    });
  }
}

/**
 * Renews a listing (docs/product/selling.md#listings-that-go-stale): back to the top of the feed,
 * out of expiry, its stale question answered; at most once a week (409 RENEW_TOO_SOON with the
 * time it becomes possible). A sold listing stays where it is.
 */
export async function renewListing(
  deps: PostsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  id: string,
): Promise<Post> {
  postPolicy.requireOwnListing(await findPost(deps.db, id), viewer, campus);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const locked = await lockListing(tx, id);
    if (!locked || locked.userId !== viewer.id) postPolicy.requireOwnListing(undefined, viewer, campus);
    const listing = locked as LockedListing;
    if (listing.status === 'sold') throw errors.conflict(LISTING_MESSAGES.soldCannotRenew, 'LISTING_SOLD');
    if (listing.renewedAt) {
      const renewableAt = listing.renewedAt.getTime() + LISTING_TIMES.renewEveryMs;
      if (now.getTime() < renewableAt) {
        throw errors.conflict(LISTING_MESSAGES.renewTooSoon(new Date(renewableAt)), 'RENEW_TOO_SOON');
      }
    }
    await renewListingRow(tx, id, now);
    await announceChanged(tx, campus.id, id);
  });
  return ownCard(deps, viewer.id, id);
}

/** Listings one pass of the job takes per step; a full step is followed by another. */
const STALE_BATCH = 200;

export interface StaleListingsResult {
  asked: number;
  expired: number;
}

/**
 * One run of the stale-listings job (docs/product/selling.md#listings-that-go-stale), on the
 * app's clock: listings unchanged for 30 days get their seller the question 'Is {title} still
 * available?' (a 'still available' notification from and to the seller, decision 034), and
 * listings asked 14 days ago and not renewed or edited since expire. Rows are locked with SKIP
 * LOCKED and each step only takes rows still due, so two runs never ask or expire one twice.
 * `sellerId` narrows the run to one seller's listings (the development route of e2e tests).
 */
export async function runStaleListings(
  deps: { db: PostsDeps['db'] },
  now: Date,
  options: { sellerId?: string } = {},
): Promise<StaleListingsResult> {
  const sellerId = options.sellerId ?? null;
  const result: StaleListingsResult = { asked: 0, expired: 0 };
  // Expiry first: a listing asked now must not expire in the same run.
  for (;;) {
    const expired = await deps.db.transaction(async (tx) => {
      const due = await lockListingsToExpire(tx, {
        askedBefore: new Date(now.getTime() - LISTING_TIMES.expireAfterQuestionMs),
        sellerId,
        limit: STALE_BATCH,
      });
      if (due.length === 0) return 0;
      await markExpired(
        tx,
        due.map((l) => l.id),
        now,
      );
      for (const listing of due) await announceChanged(tx, listing.campusId, listing.id);
      return due.length;
    });
    result.expired += expired;
    if (expired < STALE_BATCH) break;
  }
  for (;;) {
    const asked = await deps.db.transaction(async (tx) => {
      const due = await lockListingsToAsk(tx, {
        changedBefore: new Date(now.getTime() - LISTING_TIMES.staleAfterMs),
        sellerId,
        limit: STALE_BATCH,
      });
      if (due.length === 0) return 0;
      await markAsked(
        tx,
        due.map((l) => l.id),
        now,
      );
      for (const listing of due) {
        await notify(tx, {
          campusId: listing.campusId,
          type: 'still available',
          toUserId: listing.userId,
          fromUserId: listing.userId,
          postId: listing.id,
          message: LISTING_MESSAGES.stillAvailable(listingTitle(listing.plainText)),
          createdAt: now,
        });
      }
      return due.length;
    });
    result.asked += asked;
    if (asked < STALE_BATCH) break;
  }
  return result;
}
