import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { campusIdColumn, ts } from './columns.ts';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Posts, comments and replies share one table (docs/product/community.md#post-record): a comment names its parent in
 * `post_commented_on` and the top-level post in `root_id`.
 */
export const posts = pgTable(
  'posts',
  {
    id: text('id').primaryKey(),
    campusId: campusIdColumn(),
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
    /** Comments and replies below this post, at any depth. */
    commentsCount: integer('comments_count').notNull().default(0),
    /**
     * Full-text search (migration 0008, decision 017): the first line weighs A, the rest B;
     * English stemming over unaccented text (`search_unaccent` is the IMMUTABLE wrapper).
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, search_unaccent(split_part(plain_text, E'\\n', 1))), 'A') || setweight(to_tsvector('english'::regconfig, search_unaccent(substr(plain_text, length(split_part(plain_text, E'\\n', 1)) + 2))), 'B')`,
    ),
    /** The item's condition (docs/product/selling.md): one of CONDITION_VALUES, or null. */
    condition: text('condition'),
    /** Where the deal stands: 'available', 'pending' or 'sold' (docs/product/selling.md). */
    status: text('status', { enum: ['available', 'pending', 'sold'] })
      .notNull()
      .default('available'),
    /** The buyer a pending or sold listing went to; null for 'Someone else' or none. */
    buyerId: text('buyer_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** When the status last changed. */
    statusChangedAt: ts('status_changed_at'),
    /** When the owner last edited the listing ('Edited'); editing alone never moves it in the feed. */
    editedAt: ts('edited_at'),
    /** The price before the last drop, and when it dropped: shown struck through for 7 days. */
    previousPriceCents: integer('previous_price_cents'),
    priceDroppedAt: ts('price_dropped_at'),
    /** The last renewal (at most one a week moves a listing to the top). */
    renewedAt: ts('renewed_at'),
    /** When the seller was asked 'Is {title} still available?' for the listing's current life. */
    staleAskedAt: ts('stale_asked_at'),
    /** When the listing expired unrenewed: out of the feed and search, still on the profile. */
    expiredAt: ts('expired_at'),
    /**
     * Moderation (docs/product/moderation.md): 'hidden' when 3 members reported it (pending review),
     * 'removed' by a moderator; either way out of everyone's view but its author's. Null: visible.
     */
    moderation: text('moderation', { enum: ['hidden', 'removed'] }),
    moderatedAt: ts('moderated_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * The feed's order: set at posting, and moved only by a price drop or a renewal (an edit
     * or a status change leaves the listing where it is).
     */
    lastModified: ts('last_modified').notNull().defaultNow(),
  },
  (t) => [
    check(
      'posts_condition_known',
      sql`${t.condition} IS NULL OR ${t.condition} IN ('new', 'like new', 'good', 'fair', 'for parts')`,
    ),
    check('posts_status_known', sql`${t.status} IN ('available', 'pending', 'sold')`),
    check('posts_moderation_known', sql`${t.moderation} IS NULL OR ${t.moderation} IN ('hidden', 'removed')`),
    // The feed: top-level posts of a campus, newest-modified first (scanned backwards).
    index('posts_feed_idx').on(t.campusId, t.lastModified, t.id).where(sql`${t.postCommentedOn} IS NULL`),
    index('posts_feed_category_idx')
      .on(t.campusId, t.category, t.lastModified, t.id)
      .where(sql`${t.postCommentedOn} IS NULL`),
    index('posts_media_feed_idx')
      .on(t.campusId, t.lastModified, t.id)
      .where(sql`${t.postCommentedOn} IS NULL AND ${t.imgCount} > 0`),
    // The feed as buyers see it unless they ask for sold listings (docs/product/selling.md#filters-and-sorting,
    // decision 036): neither sold nor expired. 'Show sold' reads the three indexes above.
    index('posts_feed_live_idx')
      .on(t.campusId, t.lastModified, t.id)
      .where(sql`${t.postCommentedOn} IS NULL AND ${t.status} <> 'sold' AND ${t.expiredAt} IS NULL`),
    index('posts_feed_live_category_idx')
      .on(t.campusId, t.category, t.lastModified, t.id)
      .where(sql`${t.postCommentedOn} IS NULL AND ${t.status} <> 'sold' AND ${t.expiredAt} IS NULL`),
    index('posts_media_feed_live_idx')
      .on(t.campusId, t.lastModified, t.id)
      .where(
        sql`${t.postCommentedOn} IS NULL AND ${t.imgCount} > 0 AND ${t.status} <> 'sold' AND ${t.expiredAt} IS NULL`,
      ),
    // The price sorts: listings with a price, keyset on (price_cents, id), read forwards or backwards.
    index('posts_price_live_idx')
      .on(t.campusId, t.priceCents, t.id)
      .where(
        sql`${t.postCommentedOn} IS NULL AND ${t.priceCents} IS NOT NULL AND ${t.status} <> 'sold' AND ${t.expiredAt} IS NULL`,
      ),
    index('posts_price_idx')
      .on(t.campusId, t.priceCents, t.id)
      .where(sql`${t.postCommentedOn} IS NULL AND ${t.priceCents} IS NOT NULL AND ${t.expiredAt} IS NULL`),
    // The stale-listings job (docs/product/selling.md#listings-that-go-stale): live listings by their last change.
    index('posts_stale_idx')
      .on(sql`greatest(${t.createdAt}, ${t.editedAt}, ${t.renewedAt}, ${t.priceDroppedAt})`)
      .where(sql`${t.postCommentedOn} IS NULL AND ${t.expiredAt} IS NULL AND ${t.staleAskedAt} IS NULL`),
    // …and the listings asked about, by when (14 days later the unrenewed ones expire).
    index('posts_stale_asked_idx')
      .on(t.staleAskedAt)
      .where(sql`${t.staleAskedAt} IS NOT NULL AND ${t.expiredAt} IS NULL`),
    // A thread: every comment under a top-level post, oldest first.
    index('posts_thread_idx').on(t.rootId, t.createdAt),
    index('posts_parent_idx').on(t.postCommentedOn),
    index('posts_user_idx').on(t.userId, t.lastModified),
    // Search: searchable posts of a campus (btree_gin puts campus_id inside the GIN index).
    index('posts_search_idx')
      .using('gin', t.campusId, t.searchVector)
      .where(sql`${t.postCommentedOn} IS NULL AND ${t.type} = 'post'`),
    // Mentions (/notifications/mentions): trigrams of the texts that contain an '@' at all, so
    // `ILIKE '%@name%'` reads a campus's few mentioning posts instead of all of its posts.
    index('posts_mentions_idx')
      .using('gin', t.campusId, t.plainText.op('gin_trgm_ops'))
      .where(sql`${t.plainText} LIKE '%@%'`),
  ],
);

/** Photos and videos of a post, in the order the author chose (docs/product/community.md#post-media). */
export const postMedia = pgTable(
  'post_media',
  {
    id: text('id').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    /** Storage key of the largest size (images: `full` WebP; videos: the file itself). */
    path: text('path').notNull(),
    /** Storage key of the feed size (images); the same as `path` for videos. */
    feedPath: text('feed_path').notNull(),
    name: text('name').notNull(),
    order: integer('img_order').notNull(),
    width: integer('width'),
    height: integer('height'),
    bytes: integer('bytes').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('post_media_post_idx').on(t.postId, t.order)],
);

/** Saves (likes) of a post (docs/product/community.md#saving-a-post). */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_idx').on(t.userId)],
);

/**
 * One counter per campus that every change a feed page shows moves: a post, its media, an
 * author's card, an ad (decision 025). The triggers of migration 0012 keep it, inside the
 * writing transaction; a process may keep a feed page while the counter has not moved.
 */
export const feedVersions = pgTable('feed_versions', {
  campusId: campusIdColumn('cascade').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
