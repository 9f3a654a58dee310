import { z } from 'zod';
import { RowIdSchema } from './chats.ts';
import { PostAuthorSchema } from './posts.ts';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from './reviews-texts.ts';
import { countPlainText, hasNulCharacter, isBlankText } from './text-length.ts';

/**
 * Reviews after a sale (docs/product/reviews.md): the seller and the buyer of a listing marked
 * Sold rate each other, 1–5 stars and a few words; the reviewed person may reply once. Every
 * text a person reads here is quoted word for word in the product page.
 */

/** The composer's text rules: no NUL, not blank, at most 300 counted characters (trimmed). */
const reviewText = z
  .string({ error: REVIEW_MESSAGES.textRequired })
  .max(REVIEW_LIMITS.textMaxUnits, REVIEW_MESSAGES.textTooLong)
  .refine((t) => !hasNulCharacter(t), REVIEW_MESSAGES.textInvalid)
  .refine((t) => !isBlankText(t), REVIEW_MESSAGES.textRequired)
  .refine((t) => countPlainText(t.trim()) <= REVIEW_LIMITS.textMax, REVIEW_MESSAGES.textTooLong)
  .transform((t) => t.trim());

const stars = z
  .number({ error: REVIEW_MESSAGES.starsRequired })
  .int(REVIEW_MESSAGES.starsRequired)
  .min(REVIEW_LIMITS.starsMin, REVIEW_MESSAGES.starsRequired)
  .max(REVIEW_LIMITS.starsMax, REVIEW_MESSAGES.starsRequired);

export const ReviewBodySchema = z.strictObject({ stars, text: reviewText });
export type ReviewBody = z.input<typeof ReviewBodySchema>;

export const ReviewReplyBodySchema = z.strictObject({ text: reviewText });

export const ReviewIdParamsSchema = z.object({ reviewId: RowIdSchema });

const ReviewSchema = z.object({
  id: z.string(),
  postId: z.string(),
  /** The listing's title as it reads now (its first line). */
  listingTitle: z.string(),
  author: PostAuthorSchema,
  subject: PostAuthorSchema,
  /** Whom the author was in the deal. */
  authorRole: z.enum(['seller', 'buyer']),
  stars: z.number().int(),
  text: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  /** Shown to others: both sides reviewed, or 14 days passed. The author sees theirs before. */
  published: z.boolean(),
  /** The viewer is the reviewed person and has not replied yet (published reviews only). */
  canReply: z.boolean(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewResponseSchema = z.object({ review: ReviewSchema });
export type ReviewResponse = z.infer<typeof ReviewResponseSchema>;

/** A side's view of a sale's reviews: whether they may write one now, theirs, and the other's once published. */
export const SaleReviewsSchema = z.object({
  /** The other side of the sale: the one the viewer rates. */
  subject: PostAuthorSchema,
  listingTitle: z.string(),
  /** The viewer may write their review now ('Rate {name}'). */
  canReview: z.boolean(),
  /** Until when (the sale plus 30 days), or null once the viewer reviewed. */
  dueBy: z.string().nullable(),
  mine: ReviewSchema.nullable(),
  /** The other side's review of the viewer, once published. */
  theirs: ReviewSchema.nullable(),
});
export type SaleReviews = z.infer<typeof SaleReviewsSchema>;

const RatingSummarySchema = z.object({
  /** The mean of the published reviews' stars, or null with none. */
  average: z.number().nullable(),
  count: z.number().int(),
});

export const ProfileReviewsQuerySchema = z.object({ cursor: z.string().max(200).optional() });

/** A profile's Reviews tab: published reviews of this person, newest first, 10 a page. */
export const ProfileReviewsSchema = z.object({
  summary: RatingSummarySchema,
  reviews: z.array(ReviewSchema),
  nextCursor: z.string().nullable(),
});
export type ProfileReviews = z.infer<typeof ProfileReviewsSchema>;
