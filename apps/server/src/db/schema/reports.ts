import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { campusIdColumn, ts } from './columns.ts';
import { reviews } from './reviews.ts';
import { users } from './users.ts';

/**
 * 'Report {name}' on a profile (docs/product/profiles.md#profile-menu), kept for moderators: who reported whom, why and
 * when. One row per reporter and target (a second report is not stored again), never oneself,
 * and only within one campus (the target's, which is the reporter's).
 *
 * A review is reported on the same row (docs/decisions/037-reviews.md): `review_id` names it and
 * `target_id` is its author, so a report of a person and reports of their reviews stay apart
 * (one per reporter and person, one per reporter and review).
 *
 * Migration 0007 also adds the profile-list indexes on `posts` (posts_user_top_idx,
 * posts_user_photos_idx, posts_user_replies_idx); they are declared there only, next to this
 * table, because schema/posts.ts belongs to the posts module.
 */
export const userReports = pgTable(
  'user_reports',
  {
    id: text('id').primaryKey(),
    campusId: campusIdColumn(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetId: text('target_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set when the report is of one of the target's reviews rather than of the person. */
    reviewId: text('review_id').references(() => reviews.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_reports_pair_idx').on(t.reporterId, t.targetId).where(sql`${t.reviewId} IS NULL`),
    uniqueIndex('user_reports_review_idx').on(t.reporterId, t.reviewId).where(sql`${t.reviewId} IS NOT NULL`),
    index('user_reports_queue_idx').on(t.campusId, t.createdAt),
    index('user_reports_target_idx').on(t.targetId),
    check('user_reports_not_self', sql`${t.reporterId} <> ${t.targetId}`),
  ],
);
