import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { campuses } from './campuses.ts';
import { messages } from './chats.ts';
import { campusIdColumn, ts } from './columns.ts';
import { posts } from './posts.ts';
import { reviews } from './reviews.ts';
import { users } from './users.ts';

/**
 * Reports, kept for the campus's moderators (docs/product/moderation.md): who reported what, why
 * and when. One table for every kind (decision 039): `kind` says what was reported and
 * `target_id` is always a person — the reported member, or the author of the reported post,
 * comment, message or review — so a report of one's own content is refused by the same CHECK
 * as a report of oneself. The content is named by `post_id` (a post or a comment),
 * `message_id` or `review_id`; each goes with its content (cascade).
 *
 * One report per reporter and target: one per reporter and person (kind 'user'), and one per
 * reporter and post, message or review (the partial unique indexes).
 *
 * `reason` is the reporter's own words (the note; 'Report {name}' on a profile sends only this),
 * `category` the reason picked from the short list (REPORT_REASONS). A report is 'open' until a
 * moderator acts on its target: then 'dismissed' or 'actioned', with who and when.
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
    kind: text('kind', { enum: ['user', 'post', 'comment', 'message', 'review'] })
      .notNull()
      .default('user'),
    postId: text('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    messageId: text('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    /** Set when the report is of one of the target's reviews rather than of the person. */
    reviewId: text('review_id').references(() => reviews.id, { onDelete: 'cascade' }),
    category: text('category').notNull().default('other'),
    reason: text('reason'),
    status: text('status', { enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    resolvedAt: ts('resolved_at'),
    resolvedBy: text('resolved_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_reports_pair_idx').on(t.reporterId, t.targetId).where(sql`${t.kind} = 'user'`),
    uniqueIndex('user_reports_review_idx').on(t.reporterId, t.reviewId).where(sql`${t.reviewId} IS NOT NULL`),
    uniqueIndex('user_reports_post_idx').on(t.reporterId, t.postId).where(sql`${t.postId} IS NOT NULL`),
    uniqueIndex('user_reports_message_idx').on(t.reporterId, t.messageId).where(sql`${t.messageId} IS NOT NULL`),
    index('user_reports_queue_idx').on(t.campusId, t.createdAt),
    // The queue: a campus's open reports, oldest first.
    index('user_reports_open_idx').on(t.campusId, t.createdAt, t.id).where(sql`${t.status} = 'open'`),
    index('user_reports_target_idx').on(t.targetId),
    index('user_reports_post_ref_idx').on(t.postId).where(sql`${t.postId} IS NOT NULL`),
    index('user_reports_message_ref_idx').on(t.messageId).where(sql`${t.messageId} IS NOT NULL`),
    check('user_reports_not_self', sql`${t.reporterId} <> ${t.targetId}`),
    check('user_reports_kind_known', sql`${t.kind} IN ('user', 'post', 'comment', 'message', 'review')`),
    check('user_reports_status_known', sql`${t.status} IN ('open', 'dismissed', 'actioned')`),
    check(
      'user_reports_names_content',
      sql`(${t.kind} = 'user' AND ${t.postId} IS NULL AND ${t.messageId} IS NULL AND ${t.reviewId} IS NULL)
        OR (${t.kind} IN ('post', 'comment') AND ${t.postId} IS NOT NULL)
        OR (${t.kind} = 'message' AND ${t.messageId} IS NOT NULL)
        OR (${t.kind} = 'review' AND ${t.reviewId} IS NOT NULL)`,
    ),
  ],
);

/**
 * Campus moderators (docs/product/moderation.md#granting): granted and revoked by the
 * `npm run moderators` command only. A moderator acts on their campus only.
 */
export const campusModerators = pgTable(
  'campus_moderators',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campusId: uuid('campus_id')
      .notNull()
      .references(() => campuses.id),
    grantedAt: ts('granted_at').notNull().defaultNow(),
    /** Who ran the command (free text, e.g. the operator's name). */
    grantedBy: text('granted_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.campusId] }), index('campus_moderators_campus_idx').on(t.campusId)],
);

/**
 * Suspensions (docs/product/moderation.md#suspension): a ban with an end. Open while `lifted_at`
 * is null and `ends_at` is ahead on the app clock; while open, every session of the member is
 * refused at the session lookup and no new one is made (decision 039).
 */
export const memberSuspensions = pgTable(
  'member_suspensions',
  {
    id: text('id').primaryKey(),
    campusId: campusIdColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    createdBy: text('created_by').notNull(),
    liftedAt: ts('lifted_at'),
    liftedBy: text('lifted_by'),
  },
  (t) => [
    index('member_suspensions_open_idx').on(t.userId, t.endsAt).where(sql`${t.liftedAt} IS NULL`),
    check('member_suspensions_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * The audit log (docs/product/moderation.md#audit-log): every moderator action, append-only.
 * No foreign keys (a deleted account must not take its log lines, nor be blocked by them), and
 * a trigger refuses UPDATE, DELETE and TRUNCATE (migration of decision 039).
 */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: text('id').primaryKey(),
    campusId: uuid('campus_id').notNull(),
    moderatorId: text('moderator_id').notNull(),
    action: text('action', { enum: ['dismiss', 'remove', 'warn', 'suspend', 'ban', 'restore'] }).notNull(),
    targetType: text('target_type', { enum: ['user', 'post', 'comment', 'message', 'review'] }).notNull(),
    targetId: text('target_id').notNull(),
    /** The person acted on: the content's author, or the person. */
    subjectId: text('subject_id'),
    reason: text('reason').notNull(),
    days: integer('days'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('moderation_log_campus_idx').on(t.campusId, t.createdAt, t.id)],
);
