import { type CampusDefinition, REVIEW_LIMITS, REVIEW_MESSAGES } from '@campus/contract';
import { errors } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { ReviewRow, SaleRow } from './reviews.repo.ts';

/** A sale as one of its two sides sees it: their role and the person they rate. */
export interface SaleSide {
  sale: SaleRow & { buyerId: string; statusChangedAt: Date };
  role: 'seller' | 'buyer';
  subjectId: string;
}

/**
 * Who may do what with reviews (docs/product/reviews.md). Only the seller and the buyer of a
 * listing sold to a named buyer review, each the other; everyone else is told there is no review
 * to write (404, as the deal routes answer a stranger). A review nobody may read yet is missing.
 */
export const reviewPolicy = {
  /** The viewer's side of the listing's current sale, else 404. */
  requireSide(sale: SaleRow | undefined, viewer: SessionUser, campus: CampusDefinition): SaleSide {
    if (!sale || sale.campusId !== campus.id || viewer.campusId !== campus.id) {
      throw errors.notFound(REVIEW_MESSAGES.notDue, 'REVIEW_NOT_DUE');
    }
    const { buyerId, statusChangedAt } = sale;
    if (sale.postCommentedOn !== null || sale.status !== 'sold' || buyerId === null || statusChangedAt === null) {
      throw errors.notFound(REVIEW_MESSAGES.notDue, 'REVIEW_NOT_DUE');
    }
    const current = { ...sale, buyerId, statusChangedAt };
    if (viewer.id === sale.userId && buyerId !== viewer.id)
      return { sale: current, role: 'seller', subjectId: buyerId };
    if (viewer.id === buyerId && sale.userId !== viewer.id)
      return { sale: current, role: 'buyer', subjectId: sale.userId };
    throw errors.notFound(REVIEW_MESSAGES.notDue, 'REVIEW_NOT_DUE');
  },

  /**
   * Why the viewer may not write their review now, or null: the 30 days after the sale are over,
   * they reviewed already, or the other side's review is published (it would be an answer to it).
   */
  refusal(side: SaleSide, mine: ReviewRow | undefined, theirsPublished: boolean, now: Date) {
    if (mine) return errors.conflict(REVIEW_MESSAGES.alreadyReviewed, 'ALREADY_REVIEWED');
    if (now.getTime() >= side.sale.statusChangedAt.getTime() + REVIEW_LIMITS.writeWindowMs) {
      return errors.conflict(REVIEW_MESSAGES.windowClosed, 'REVIEW_WINDOW_CLOSED');
    }
    if (theirsPublished) return errors.conflict(REVIEW_MESSAGES.theirsPublished, 'REVIEW_WINDOW_CLOSED');
    return null;
  },

  /** The review, if the viewer may read it: its author always, others of its campus once published. */
  requireReadable<T extends { review: ReviewRow }>(
    found: T | undefined,
    viewer: SessionUser,
    campus: CampusDefinition,
    isPublished: (review: ReviewRow) => boolean,
  ): T {
    if (
      !found ||
      found.review.campusId !== campus.id ||
      viewer.campusId !== campus.id ||
      (found.review.authorId !== viewer.id && !isPublished(found.review))
    ) {
      throw errors.notFound(REVIEW_MESSAGES.notFound, 'REVIEW_NOT_FOUND');
    }
    return found;
  },

  assertCanReply(review: ReviewRow, viewer: SessionUser) {
    if (review.subjectId !== viewer.id) throw errors.forbidden(REVIEW_MESSAGES.notYourReview, 'FORBIDDEN');
    if (review.reply !== null) throw errors.conflict(REVIEW_MESSAGES.alreadyReplied, 'ALREADY_REPLIED');
  },
};
