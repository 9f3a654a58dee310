import { type CampusDefinition, PROFILE_MESSAGES, PROFILE_SERVER_MESSAGES, REVIEW_MESSAGES } from '@campus/contract';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { errors } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { findProfileOnCampus } from '../profiles/index.ts';
import { reportableReview } from '../reviews/index.ts';
import { insertReport } from './reports.repo.ts';

export interface ReportsDeps {
  db: Database;
  clock: Clock;
  storage: StorageDriver;
}

/**
 * 'Report {name}' (docs/product/profiles.md#profile-menu): kept for moderators with reporter, reason and time. Only a
 * member of this campus reports, only a profile of this campus, never oneself. A second
 * report of the same person by the same reporter is not stored again (the first one, with its
 * reason and time, stands) and is answered the same, so reporting twice reveals nothing.
 */
export async function reportUser(
  deps: ReportsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  username: string,
  reason: string | undefined,
): Promise<{ message: string }> {
  if (viewer.campusId !== campus.id) {
    throw errors.forbidden(PROFILE_SERVER_MESSAGES.reportNotAMember, 'NOT_A_MEMBER');
  }
  const target = await findProfileOnCampus(deps.db, viewer, campus, username);
  if (target.id === viewer.id) throw errors.badRequest(PROFILE_SERVER_MESSAGES.cannotReportSelf, 'CANNOT_REPORT_SELF');
  await insertReport(deps.db, {
    id: newId(),
    campusId: campus.id,
    reporterId: viewer.id,
    targetId: target.id,
    reason: reason ? reason : null,
    createdAt: deps.clock.now(),
  });
  return { message: PROFILE_MESSAGES.userReported };
}

/**
 * 'Report review' (docs/product/reviews.md#reporting): a review the viewer can read (published,
 * or one they could see anyway) and did not write, kept on the same table as a report of its
 * author with the review named (docs/decisions/037-reviews.md). Once per reporter and review;
 * a second report answers the same.
 */
export async function reportReview(
  deps: ReportsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  reviewId: string,
  reason: string | undefined,
): Promise<{ message: string }> {
  if (viewer.campusId !== campus.id) {
    throw errors.forbidden(PROFILE_SERVER_MESSAGES.reportNotAMember, 'NOT_A_MEMBER');
  }
  const review = await reportableReview(deps, viewer, campus, reviewId);
  await insertReport(deps.db, {
    id: newId(),
    campusId: campus.id,
    reporterId: viewer.id,
    targetId: review.authorId,
    reviewId: review.id,
    reason: reason ? reason : null,
    createdAt: deps.clock.now(),
  });
  return { message: REVIEW_MESSAGES.reported };
}
