import { PAGE_SIZES } from './constants.ts';

/**
 * Reviews after a sale (docs/product/reviews.md): their limits, texts and the rating's format,
 * without Zod, so the profile and post pages that show reviews load none
 * (docs/decisions/022-entry-javascript.md). The request and response schemas are in reviews.ts.
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
