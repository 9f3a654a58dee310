import {
  DEAL_EVENT_TYPES,
  DEAL_MESSAGES,
  LISTING_EVENT_TYPES,
  type ListingStatus,
  POST_DETAIL_MESSAGES,
} from '@campus/contract';
import type { DbOrTx } from '../../db/client.ts';
import { errors } from '../../lib/errors.ts';
import { broadcastOnCommit, publishEvents } from '../../lib/events.ts';
import { notify } from '../notifications/index.ts';
import type { FeedAds } from './feed-ads.ts';
import { lockListing, saversOf, setListingStatus } from './listing-status.repo.ts';

/** A listing's title as a notification shows it: its first non-blank line, at most 80 characters. */
export function listingTitle(plainText: string): string {
  const line = plainText.split('\n').find((l) => l.trim() !== '') ?? '';
  return Array.from(line.trim()).slice(0, 80).join('');
}

export interface MarkListing {
  postId: string;
  /** Who asks: only the listing's owner may mark it (anyone else: the missing-post 404). */
  ownerId: string;
  campusId: string;
  status: ListingStatus;
  /** The buyer of a pending or sold listing, null for 'Someone else'; ignored for available. */
  buyerId: string | null;
  at: Date;
  /** Others whose open pages show the listing (an offer's buyer): told it changed. */
  alsoTell?: readonly string[];
}

/**
 * Marks a listing available, pending or sold (docs/product/selling.md#available-pending-sold),
 * inside the caller's transaction (the deals routes, or an accepted offer). The row is locked;
 * on a sale the listing's running ads stop with their unspent money back to Available Funds
 * (`ads.postSold`), and everyone who saved it (but its buyer) is notified. Who may be the buyer
 * is the caller's rule. Returns the status before.
 */
export async function markListing(tx: DbOrTx, ads: Pick<FeedAds, 'postSold'>, mark: MarkListing) {
  const listing = await lockListing(tx, mark.postId);
  if (!listing || listing.campusId !== mark.campusId || listing.userId !== mark.ownerId) {
    throw errors.notFound(POST_DETAIL_MESSAGES.postGone, 'POST_NOT_FOUND');
  }
  if (listing.postCommentedOn !== null) throw errors.badRequest(DEAL_MESSAGES.notAListing, 'NOT_A_LISTING');
  const buyerId = mark.status === 'available' ? null : mark.buyerId;
  const before = { status: listing.status, buyerId: listing.buyerId };
  if (before.status === mark.status && before.buyerId === buyerId) return before;

  await setListingStatus(tx, listing.id, { status: mark.status, buyerId, at: mark.at });
  if (mark.status === 'sold' && before.status !== 'sold') {
    await ads.postSold(tx, listing.id, mark.at);
    const title = listingTitle(listing.plainText);
    for (const saverId of await saversOf(tx, listing.id, buyerId)) {
      await notify(tx, {
        campusId: listing.campusId,
        type: 'listing sold',
        toUserId: saverId,
        fromUserId: listing.userId,
        postId: listing.id,
        message: DEAL_MESSAGES.soldNotice(title),
        createdAt: mark.at,
      });
    }
  }
  // Live: the open post pages and offer cards of the people in the deal (SSE).
  const told = new Set([listing.userId, buyerId, before.buyerId, ...(mark.alsoTell ?? [])]);
  await publishEvents(
    tx,
    [...told]
      .filter((id): id is string => id !== null)
      .map((userId) => ({
        campusId: listing.campusId,
        userId,
        type: DEAL_EVENT_TYPES.listingChanged,
        payload: { postId: listing.id },
      })),
  );
  // …and every other open feed or post page of the campus that shows it ('Pending', 'Sold', or
  // gone from the feed), as an edit does (decision 034).
  await broadcastOnCommit(tx, {
    campusId: listing.campusId,
    type: LISTING_EVENT_TYPES.postChanged,
    payload: { postId: listing.id },
  });
  return before;
}
