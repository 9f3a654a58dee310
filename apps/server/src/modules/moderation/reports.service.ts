import {
  type CampusDefinition,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  PROFILE_MESSAGES,
  PROFILE_SERVER_MESSAGES,
  REVIEW_MESSAGES,
  type ReportContentBody,
  type ReportContentResponse,
} from '@campus/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, errors } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { notify } from '../notifications/index.ts';
import { findProfileOnCampus } from '../profiles/index.ts';
import { reportableReview } from '../reviews/index.ts';
import { announceContent, announceQueueChange } from './moderation.events.ts';
import { moderationPolicy } from './moderation.policy.ts';
import {
  type ContentKind,
  countOpenReporters,
  findTarget,
  insertReport,
  setModeration,
  type TargetRow,
} from './moderation.repo.ts';

export interface ModerationDeps {
  db: Database;
  clock: Clock;
  storage: StorageDriver;
}

/**
 * Report a post, comment, message, review or person (docs/product/moderation.md#reporting): a
 * member of this campus, of what they can see and did not write. Once per reporter and target: a
 * second report stores nothing and answers the first. Content reported by 3 different members is
 * hidden pending review, and its author is told.
 */
export async function reportContent(
  deps: ModerationDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  body: ReportContentBody & { note?: string },
): Promise<ReportContentResponse> {
  moderationPolicy.requireMember(viewer, campus);
  if (body.target.type === 'review') {
    // A review is reportable as the review page shows it (published, or the viewer's to see).
    try {
      await reportableReview(deps, viewer, campus, body.target.id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'CANNOT_REPORT_OWN_REVIEW') {
        throw errors.badRequest(MODERATION_MESSAGES.cannotReportOwn, 'CANNOT_REPORT_OWN_CONTENT');
      }
      if (error instanceof AppError && error.statusCode === 404) {
        throw errors.notFound(MODERATION_MESSAGES.targetNotFound, 'TARGET_NOT_FOUND');
      }
      throw error;
    }
  }
  const target = moderationPolicy.requireReportable(
    await findTarget(deps.db, campus.id, body.target.type, body.target.id),
    viewer,
  );
  const stored = await store(deps, viewer, campus, target, body.reason, body.note);
  return { message: MODERATION_MESSAGES.reported, reportId: stored.id, alreadyReported: !stored.created };
}

/**
 * 'Report {name}' (docs/product/profiles.md#profile-menu): kept for moderators with reporter,
 * note and time. Only a member of this campus reports, only a profile of this campus, never
 * oneself. A second report of the same person by the same reporter is not stored again and is
 * answered the same, so reporting twice reveals nothing.
 */
export async function reportUser(
  deps: ModerationDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  username: string,
  reason: string | undefined,
): Promise<{ message: string }> {
  if (viewer.campusId !== campus.id) {
    throw errors.forbidden(PROFILE_SERVER_MESSAGES.reportNotAMember, 'NOT_A_MEMBER');
  }
  const profile = await findProfileOnCampus(deps.db, viewer, campus, username);
  if (profile.id === viewer.id) throw errors.badRequest(PROFILE_SERVER_MESSAGES.cannotReportSelf, 'CANNOT_REPORT_SELF');
  const target: TargetRow = {
    kind: 'user',
    id: profile.id,
    campusId: campus.id,
    authorId: profile.id,
    moderation: null,
    postId: null,
    chatId: null,
    chatMembers: [],
  };
  await store(deps, viewer, campus, target, 'other', reason);
  return { message: PROFILE_MESSAGES.userReported };
}

/**
 * 'Report review' (docs/product/reviews.md#reporting): a review the viewer can read and did not
 * write, once per reporter and review; a second report answers the same.
 */
export async function reportReview(
  deps: ModerationDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  reviewId: string,
  reason: string | undefined,
): Promise<{ message: string }> {
  if (viewer.campusId !== campus.id) {
    throw errors.forbidden(PROFILE_SERVER_MESSAGES.reportNotAMember, 'NOT_A_MEMBER');
  }
  const review = await reportableReview(deps, viewer, campus, reviewId);
  const target = await findTarget(deps.db, campus.id, 'review', review.id);
  if (!target) throw errors.notFound(REVIEW_MESSAGES.notFound, 'REVIEW_NOT_FOUND');
  await store(deps, viewer, campus, target, 'other', reason);
  return { message: REVIEW_MESSAGES.reported };
}

/** Stores the report and, for content, hides it once enough different members reported it. */
async function store(
  deps: ModerationDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  target: TargetRow,
  category: string,
  note: string | undefined,
): Promise<{ id: string; created: boolean }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const stored = await insertReport(tx, {
      id: newId(),
      campusId: campus.id,
      reporterId: viewer.id,
      targetId: target.authorId,
      kind: target.kind,
      contentId: target.kind === 'user' ? null : target.id,
      category,
      reason: note ? note : null,
      createdAt: now,
    });
    if (!stored.created) return stored;
    if (target.kind !== 'user' && target.moderation === null) {
      await hideIfReportedEnough(tx, { ...target, kind: target.kind }, now);
    }
    // The moderators' open queues show the new report (after the hide's own publishes).
    await announceQueueChange(tx, campus.id);
    return stored;
  });
}

/**
 * Content with open reports from 3 different members is hidden pending review, and its author is
 * told (docs/product/moderation.md#auto-hide).
 */
async function hideIfReportedEnough(tx: DbOrTx, target: TargetRow & { kind: ContentKind }, now: Date): Promise<void> {
  const { kind } = target;
  if ((await countOpenReporters(tx, kind, target.id)) < MODERATION_LIMITS.autoHideReporters) return;
  // Hidden once: the state check makes a concurrent third report a no-op.
  if (!(await setModeration(tx, kind, target.id, null, 'hidden', now))) return;
  await announceContent(tx, target, 'hidden');
  await notify(tx, {
    campusId: target.campusId,
    type: 'content hidden',
    toUserId: target.authorId,
    fromUserId: target.authorId,
    postId: target.postId,
    chatId: target.chatId,
    message: MODERATION_MESSAGES.notifyHidden(MODERATION_MESSAGES.targetWords[kind]),
    createdAt: now,
  });
}
