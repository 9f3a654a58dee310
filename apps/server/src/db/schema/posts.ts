import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { campuses } from './campuses.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Posts, comments and replies share one table (spec 1 §3): a comment names its parent in
 * `post_commented_on` and the top-level post in `root_id`.
 */
export const posts = pgTable(
  'posts',
  {
    id: text('id').primaryKey(),
    campusId: uuid('campus_id')
      .notNull()
      .references(() => campuses.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['post', 'new user'] })
      .notNull()
      .default('post'),
    /** The editor's serialized state (rich text as JSON); null for a photo-only post. */
    text: jsonb('text'),
    /** Plain text derived from `text`, for previews, limits and search. */
    plainText: text('plain_text').notNull().default(''),
    category: text('category'),
    priceCents: integer('price_cents'),
    postCommentedOn: text('post_commented_on').references((): AnyPgColumn => posts.id, { onDelete: 'cascade' }),
    rootId: text('root_id').references((): AnyPgColumn => posts.id, { onDelete: 'cascade' }),
    imgCount: integer('img_count').notNull().default(0),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastModified: ts('last_modified').notNull().defaultNow(),
  },
  (t) => [
    // The feed: top-level posts of a campus, newest-modified first (scanned backwards).
    index('posts_feed_idx').on(t.campusId, t.lastModified, t.id).where(sql`${t.postCommentedOn} IS NULL`),
    index('posts_parent_idx').on(t.postCommentedOn, t.createdAt),
    index('posts_user_idx').on(t.userId, t.lastModified),
  ],
);
