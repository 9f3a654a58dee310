import {
  type CampusDefinition,
  type ProfileReviews,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type ReviewResponse,
  type SaleReviews,
} from '@campus/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor } from '../../lib/cursor.ts';
import { errors, isUniqueViolation } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { pageOf } from '../../lib/page.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { blockedEitherWay } from '../blocks/index.ts';
import { notify, presentUserSummary } from '../notifications/index.ts';
import { listingTitle } from '../posts/index.ts';
import { findProfileOnCampus } from '../profiles/index.ts';
import { findUser } from '../users/index.ts';
import { reviewPolicy } from './reviews.policy.ts';
import { isPublished, presentReview } from './reviews.presenter.ts';
import * as repo from './reviews.repo.ts';

/*
 * Reviews after a sale (docs/product/reviews.md, docs/decisions/037-reviews.md): the two sides of
 * a listing sold to a named buyer rate each other within 30 days; a review is published once both
 * reviewed or 14 days after it was written; the reviewed person replies once.
 */

export interface ReviewsDeps {
  db: Database;
  storage: StorageDriver;
  clock: Clock;
}

const mediaUrl = (deps: ReviewsDeps) => (key: string) => deps.storage.url(key);

/** The viewer's side of the sale with the reviews already written between the two. */
async function sideWithReviews(
  deps: ReviewsDeps,
  db: DbOrTx,
  viewer: SessionUser,
  campus: CampusDefinition,
  postId: string,
  lock = false,
) {
  const side = reviewPolicy.requireSide(await repo.findSale(db, postId, lock), viewer, campus);
  const written = await repo.reviewsBetween(db, side.sale.id, viewer.id, side.subjectId);
  const mine = written.find((r) => r.review.authorId === viewer.id);
  const theirs = written.find((r) => r.review.authorId === side.subjectId);
  const now = deps.clock.now();
  const bothReviewed = mine !== undefined && theirs !== undefined;
  const theirsPublished = theirs !== undefined && isPublished(theirs.review, bothReviewed, now);
  return { side, mine, theirs, bothReviewed, theirsPublished, now };
}

/** 'Rate {name}' and the review form: the viewer's side of the listing's sale (docs/product/reviews.md#where-to-write-one). */
export async function getSaleReviews(
  deps: ReviewsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  postId: string,
): Promise<SaleReviews> {
  const { side, mine, theirs, bothReviewed, theirsPublished, now } = await sideWithReviews(
    deps,
    deps.db,
    viewer,
    campus,
    postId,
  );
  const subject = await findUser(deps.db, side.subjectId);
  if (!subject) throw errors.notFound(REVIEW_MESSAGES.notDue, 'REVIEW_NOT_DUE');
  const canReview = reviewPolicy.refusal(side, mine?.review, theirsPublished, now) === null;
  const ctx = { viewerId: viewer.id, mediaUrl: mediaUrl(deps) };
  return {
    subject: presentUserSummary(subject, ctx.mediaUrl),
    listingTitle: listingTitle(side.sale.plainText),
    canReview,
    dueBy: canReview ? new Date(side.sale.statusChangedAt.getTime() + REVIEW_LIMITS.writeWindowMs).toISOString() : null,
    mine: mine ? presentReview(mine, { ...ctx, published: isPublished(mine.review, bothReviewed, now) }) : null,
    theirs: theirs && theirsPublished ? presentReview(theirs, { ...ctx, published: true }) : null,
  };
}

/**
 * Writes the viewer's review of the other side of the sale. Every refusal comes before anything
 * is stored; the listing is share-locked so the sale cannot be undone under the write, and the
 * unique index answers a race between two sends with a 409.
 */
export async function writeReview(
  deps: ReviewsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  postId: string,
  body: { stars: number; text: string },
): Promise<ReviewResponse> {
  const id = newId();
  try {
    await deps.db.transaction(async (tx) => {
      const { side, mine, theirsPublished, now } = await sideWithReviews(deps, tx, viewer, campus, postId, true);
      const refusal = reviewPolicy.refusal(side, mine?.review, theirsPublished, now);
      if (refusal) throw refusal;
      await repo.insertReview(tx, {
        id,
        campusId: campus.id,
        postId: side.sale.id,
        authorId: viewer.id,
        subjectId: side.subjectId,
        authorRole: side.role,
        stars: body.stars,
        text: body.text,
        createdAt: now,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.conflict(REVIEW_MESSAGES.alreadyReviewed, 'ALREADY_REVIEWED');
    throw error;
  }
  return presentOne(deps, viewer, id);
}

async function presentOne(deps: ReviewsDeps, viewer: SessionUser, id: string): Promise<ReviewResponse> {
  const found = await repo.findReview(deps.db, id);
  if (!found) throw errors.notFound(REVIEW_MESSAGES.notFound, 'REVIEW_NOT_FOUND');
  const published = isPublished(found.review, await repo.counterpartExists(deps.db, found.review), deps.clock.now());
  return { review: presentReview(found, { viewerId: viewer.id, published, mediaUrl: mediaUrl(deps) }) };
}

/** A review the viewer may read (its author, or anyone of the campus once published), with whether it is. */
async function readableReview(deps: ReviewsDeps, viewer: SessionUser, campus: CampusDefinition, reviewId: string) {
  const found = await repo.findReview(deps.db, reviewId);
  const bothReviewed = found ? await repo.counterpartExists(deps.db, found.review) : false;
  const now = deps.clock.now();
  const readable = reviewPolicy.requireReadable(found, viewer, campus, (r) => isPublished(r, bothReviewed, now));
  return { found: readable, published: isPublished(readable.review, bothReviewed, now) };
}

/** The reviewed person's one reply, to a published review (docs/product/reviews.md#replies). */
export async function replyToReview(
  deps: ReviewsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  reviewId: string,
  text: string,
): Promise<ReviewResponse> {
  const { found } = await readableReview(deps, viewer, campus, reviewId);
  reviewPolicy.assertCanReply(found.review, viewer);
  if (!(await repo.setReply(deps.db, found.review.id, text, deps.clock.now()))) {
    throw errors.conflict(REVIEW_MESSAGES.alreadyReplied, 'ALREADY_REPLIED');
  }
  return presentOne(deps, viewer, found.review.id);
}

/**
 * A review as the reports module reports it: readable by the viewer and not their own. The
 * report's target is its author (docs/decisions/037-reviews.md#reporting).
 */
export async function reportableReview(
  deps: Pick<ReviewsDeps, 'db' | 'clock' | 'storage'>,
  viewer: SessionUser,
  campus: CampusDefinition,
  reviewId: string,
): Promise<{ id: string; authorId: string }> {
  const { found } = await readableReview(deps, viewer, campus, reviewId);
  if (found.review.authorId === viewer.id) {
    throw errors.badRequest(REVIEW_MESSAGES.cannotReportOwn, 'CANNOT_REPORT_OWN_REVIEW');
  }
  return { id: found.review.id, authorId: found.review.authorId };
}

/** A profile's Reviews tab and its header rating (docs/product/reviews.md#on-profiles). */
export async function listProfileReviews(
  deps: ReviewsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  username: string,
  cursorText: string | undefined,
): Promise<ProfileReviews> {
  const cursor = decodeCursor(cursorText);
  const profile = await findProfileOnCampus(deps.db, viewer, campus, username);
  const now = deps.clock.now();
  // Someone blocked either way is left out of the list, as from feeds (decision 015); the rating
  // is about the person reviewed, so it counts every published review.
  const hiddenAuthors = [...(await blockedEitherWay(deps.db, viewer.id))];
  const [rows, summary] = await Promise.all([
    repo.listPublished(deps.db, {
      subjectId: profile.id,
      campusId: campus.id,
      now,
      hiddenAuthors,
      cursor,
      limit: REVIEW_LIMITS.perPage,
    }),
    repo.ratingOf(deps.db, profile.id, campus.id, now),
  ]);
  const page = pageOf(rows, REVIEW_LIMITS.perPage, (r) => ({ at: r.review.createdAt, id: r.review.id }));
  const ctx = { viewerId: viewer.id, published: true, mediaUrl: mediaUrl(deps) };
  return { summary, reviews: page.rows.map((r) => presentReview(r, ctx)), nextCursor: page.nextCursor };
}

/**
 * A listing sold to a named buyer: each side gets 'Rate your deal with {name}', from the other,
 * linked to the listing (docs/product/reviews.md#where-to-write-one). Called by the deal routes
 * inside the transaction that marks the sale.
 */
export async function announceReviewsDue(
  tx: DbOrTx,
  sale: { campusId: string; postId: string; sellerId: string; buyerId: string; at: Date },
): Promise<void> {
  const names = await repo.firstNames(tx, [sale.sellerId, sale.buyerId]);
  for (const [toUserId, fromUserId] of [
    [sale.sellerId, sale.buyerId],
    [sale.buyerId, sale.sellerId],
  ] as const) {
    await notify(tx, {
      campusId: sale.campusId,
      type: 'review due',
      toUserId,
      fromUserId,
      postId: sale.postId,
      message: REVIEW_MESSAGES.notice(names.get(fromUserId) ?? ''),
      createdAt: sale.at,
    });
  }
}
