import { DEAL_MESSAGES, POST_DETAIL_MESSAGES } from '@campus/contract';
import { errors } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { OfferRow } from './offers.repo.ts';

/**
 * Who may do what with deals (docs/product/selling.md). Marking and the buyer list are the
 * listing owner's: everyone else gets the missing-post 404. An offer is made by a member of the
 * listing's campus who is not its owner, on a listing that has not sold; it is answered by the
 * side that did not make it.
 */
export const dealPolicy = {
  requireOwner<T extends { post: { userId: string } }>(found: T, viewer: SessionUser): T {
    if (found.post.userId !== viewer.id) throw errors.notFound(POST_DETAIL_MESSAGES.postGone, 'POST_NOT_FOUND');
    return found;
  },
  assertListing(post: { postCommentedOn: string | null }) {
    if (post.postCommentedOn !== null) throw errors.badRequest(DEAL_MESSAGES.notAListing, 'NOT_A_LISTING');
  },
  assertCanOffer(viewer: SessionUser, post: { userId: string; status: string }) {
    if (post.userId === viewer.id) throw errors.badRequest(DEAL_MESSAGES.ownListing, 'OWN_LISTING');
    if (post.status === 'sold') throw errors.conflict(DEAL_MESSAGES.listingSold, 'LISTING_SOLD');
  },
  /** The offer, if the viewer is one of its two sides on this campus; otherwise as if absent. */
  requireSide(offer: OfferRow | undefined, viewer: SessionUser, campusId: string): OfferRow {
    if (!offer || offer.campusId !== campusId || (offer.buyerId !== viewer.id && offer.sellerId !== viewer.id)) {
      throw errors.notFound(DEAL_MESSAGES.offerNotFound, 'OFFER_NOT_FOUND');
    }
    return offer;
  },
  assertCanAnswer(offer: OfferRow, viewer: SessionUser, now: Date) {
    if (offer.fromUserId === viewer.id) throw errors.forbidden(DEAL_MESSAGES.notYourTurn, 'NOT_YOUR_TURN');
    if (offer.status === 'open' && offer.expiresAt.getTime() <= now.getTime()) {
      throw errors.conflict(DEAL_MESSAGES.offerExpired, 'OFFER_EXPIRED');
    }
    if (offer.status !== 'open') throw errors.conflict(DEAL_MESSAGES.offerAnswered, 'OFFER_ANSWERED');
  },
  /** Only the offer's maker withdraws it, and only while it is open (not answered, not expired). */
  assertCanWithdraw(offer: OfferRow, viewer: SessionUser, now: Date) {
    if (offer.fromUserId !== viewer.id) throw errors.forbidden(DEAL_MESSAGES.notYourOffer, 'NOT_YOUR_OFFER');
    if (offer.status === 'open' && offer.expiresAt.getTime() <= now.getTime()) {
      throw errors.conflict(DEAL_MESSAGES.offerExpired, 'OFFER_EXPIRED');
    }
    if (offer.status !== 'open') throw errors.conflict(DEAL_MESSAGES.offerAnswered, 'OFFER_ANSWERED');
  },
  /** A buyer named for a pending or sold listing must be one of its candidates (or null). */
  assertBuyer(status: string, buyerId: string | null, isCandidate: boolean) {
    if (buyerId === null) return;
    if (status === 'available') throw errors.badRequest(DEAL_MESSAGES.buyerOnlyWhenDealt, 'BAD_REQUEST');
    if (!isCandidate) throw errors.badRequest(DEAL_MESSAGES.buyerNotCandidate, 'BUYER_NOT_CANDIDATE');
  },
};
