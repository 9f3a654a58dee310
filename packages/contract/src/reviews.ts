import { z } from 'zod';
import { RowIdSchema } from './chats.ts';
import { PAGE_SIZES } from './constants.ts';
import { PostAuthorSchema } from './posts.ts';
import { countPlainText, hasNulCharacter, isBlankText } from './text-length.ts';

/**
 * Reviews after a sale (docs/product/reviews.md): the seller and the buyer of a listing marked
 * Sold rate each other, 1–5 stars and a few words; the reviewed person may reply once. Every
 * text a person reads here is quoted word for word in the product page.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export const REVIEW_LIMITS = {
  starsMin: 1,
  starsMax: 5,
  /** A review's and a reply's text, counted as a post's text is (a line break counts 2). */
  textMax: 300,
  /** UTF-16 units a text may carry before it is counted (emoji and line breaks have room). */
  textMaxUnits: 3000,
  /** Either side may review for this long after the sale (app clock). */
  writeWindowMs: 30 * DAY_MS,
  /** A review nobody answered is published this long after it was written (app clock). */
  publishAfterMs: 14 * DAY_MS,
  perPage: PAGE_SIZES.profileLists,
} as const;

export const REVIEW_MESSAGES = {
  rate: (firstName: string) => `Rate ${firstName}`,
  formTitle: (firstName: string) => `Rate your deal with ${firstName}`,
  notice: (firstName: string) => `Rate your deal with ${firstName}`,
  starsLabel: 'Your rating',
  starLabel: (n: number) => (n === 1 ? '1 star' : `${n} stars`),
  textLabel: 'How did it go?',
  textPlaceholder: 'Was the item as described? Did they show up on time?',
  send: 'Post review',
  sent: 'Thanks! Your review is saved.',
  waiting: (firstName: string) => `Waiting for ${firstName}'s review`,
  waitingBody: 'Reviews show on profiles once both of you have reviewed, or 14 days after the first one.',
  reply: 'Reply',
  replyLabel: 'Your reply',
  sendReply: 'Post reply',
  replyHeading: (firstName: string) => `${firstName}'s reply`,
  report: 'Report review',
  reported: 'Thanks. The moderators will look at this review.',
  tab: 'Reviews',
  emptyTitle: 'No reviews yet',
  emptyBody: 'Reviews from buyers and sellers show up here after a sale.',
  emptyOwnBody: 'When you sell or buy something here, the other person can review you.',
  listingLine: (title: string) => `For ${title}`,
  summaryLabel: (average: string, count: number) =>
    `Rated ${average} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`,
  // Refusals.
  starsRequired: 'Choose from 1 to 5 stars.',
  textRequired: 'Write a few words about the deal.',
  textTooLong: 'Keep it to 300 characters.',
  textInvalid: "This text can't be saved.",
  notFound: 'This review could not be found.',
  notDue: 'There is no review to write for this listing.',
  windowClosed: 'Reviews can be written for 30 days after a sale.',
  alreadyReviewed: 'You already reviewed this deal.',
  theirsPublished: "Their review is already published, so this deal can't be reviewed any more.",
  alreadyReplied: 'You already replied to this review.',
  notYourReview: 'Only the person reviewed can reply.',
  notPublished: 'This review is not published yet.',
  cannotReportOwn: "You can't report your own review.",
} as const;

/** '4.8' for an average of 4.75…4.849, as the header shows it. */
export function formatRating(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

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
