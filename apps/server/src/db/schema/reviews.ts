import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { campusIdColumn, ts } from './columns.ts';
import { posts } from './posts.ts';
import { users } from './users.ts';

/**
 * A review after a sale (docs/product/reviews.md, docs/decisions/037-reviews.md): the seller and
 * the buyer of a listing marked Sold each rate the other once. A sale is the listing, its seller
 * and its buyer, so one review per side per sale is one row per (listing, author, subject).
 * Publication is read, not stored: both sides reviewed, or 14 days after `created_at` (app clock).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    campusId: campusIdColumn(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Whom the author was in the deal: the listing's seller, or its buyer. */
    authorRole: text('author_role', { enum: ['seller', 'buyer'] }).notNull(),
    stars: smallint('stars').notNull(),
    text: text('text').notNull(),
    /** The reviewed person's one reply. */
    reply: text('reply'),
    repliedAt: ts('replied_at'),
    /** Moderation (docs/product/moderation.md): 'hidden' pending review or 'removed'; shown to its author only. */
    moderation: text('moderation', { enum: ['hidden', 'removed'] }),
    moderatedAt: ts('moderated_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    check('reviews_moderation_known', sql`${t.moderation} IS NULL OR ${t.moderation} IN ('hidden', 'removed')`),
    check('reviews_stars_range', sql`${t.stars} BETWEEN 1 AND 5`),
    check('reviews_not_self', sql`${t.authorId} <> ${t.subjectId}`),
    check('reviews_role_known', sql`${t.authorRole} IN ('seller', 'buyer')`),
    check('reviews_text_length', sql`char_length(${t.text}) <= 3000 AND char_length(${t.reply}) <= 3000`),
    check('reviews_reply_with_time', sql`(${t.reply} IS NULL) = (${t.repliedAt} IS NULL)`),
    // One review per side per sale.
    uniqueIndex('reviews_one_per_side_idx').on(t.postId, t.authorId, t.subjectId),
    // A profile's Reviews tab and its rating: newest first, keyset (created_at, id).
    index('reviews_subject_idx').on(t.subjectId, t.campusId, t.createdAt, t.id),
  ],
);
