import { REVIEW_LIMITS, type Review } from '@campus/contract';
import { presentUserSummary } from '../notifications/index.ts';
import { listingTitle } from '../posts/index.ts';
import type { ReviewRow, ReviewWithPeople } from './reviews.repo.ts';

/**
 * Publication is read here, on the app clock (docs/product/reviews.md#publication): a review is
 * published once the other side reviewed too, or 14 days after it was written.
 */
export function isPublished(review: ReviewRow, bothReviewed: boolean, now: Date): boolean {
  return bothReviewed || review.createdAt.getTime() + REVIEW_LIMITS.publishAfterMs <= now.getTime();
}

export function presentReview(
  row: ReviewWithPeople,
  ctx: { viewerId: string; published: boolean; mediaUrl: (key: string) => string },
): Review {
  const { review } = row;
  return {
    id: review.id,
    postId: review.postId,
    listingTitle: listingTitle(row.listingText),
    author: presentUserSummary(row.author, ctx.mediaUrl),
    subject: presentUserSummary(row.subject, ctx.mediaUrl),
    authorRole: review.authorRole,
    stars: review.stars,
    text: review.text,
    reply: review.reply,
    repliedAt: review.repliedAt?.toISOString() ?? null,
    published: ctx.published,
    canReply: ctx.published && review.reply === null && review.subjectId === ctx.viewerId,
    createdAt: review.createdAt.toISOString(),
  };
}
