import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { campuses } from './campuses.ts';
import { campusIdColumn, ts } from './columns.ts';
import { posts } from './posts.ts';
import { users } from './users.ts';

const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });

/** The filters of a saved search as stored: the search page's listing filters (decision 036). */
export interface StoredSearchFilters {
  minPrice?: number;
  maxPrice?: number;
  free: boolean;
  conditions: string[];
  sold: boolean;
  sort: string;
}

/**
 * A member's saved searches (docs/product/notifications.md#saved-searches, decision 040): the
 * query and filters as the search page had them, and what matching a new post needs: the
 * search's own tsquery (with the campus's corrections when it was saved) and its `anchors`,
 * the stemmed alternatives of one of its words. A post can only match when it holds a lexeme
 * starting with one anchor, so a new post reads its candidates through the GIN index on
 * `(campus_id, anchors)` instead of testing every saved search of the campus.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: text('id').primaryKey(),
    campusId: campusIdColumn('cascade'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    query: text('query').notNull(),
    show: text('show', { enum: ['latest', 'media'] }).notNull(),
    filters: jsonb('filters').$type<StoredSearchFilters>().notNull(),
    /** The search as one canonical string (lower case words, show, filter parameters): no duplicates. */
    searchKey: text('search_key').notNull(),
    tsquery: tsquery('tsquery').notNull(),
    anchors: text('anchors').array().notNull(),
    /** The filters the matching reads, in cents (null: no bound). */
    minPriceCents: integer('min_price_cents'),
    maxPriceCents: integer('max_price_cents'),
    freeOnly: boolean('free_only').notNull().default(false),
    conditions: text('conditions').array().notNull().default(sql`'{}'::text[]`),
    createdAt: ts('created_at').notNull(),
    /** When its owner was last notified (at most once an hour). */
    lastNotifiedAt: ts('last_notified_at'),
    /** Matches that came within the hour: told together ('and 3 more') once the hour is over. */
    heldCount: integer('held_count').notNull().default(0),
    heldPostId: text('held_post_id').references(() => posts.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('saved_searches_key_idx').on(t.userId, t.campusId, t.searchKey),
    index('saved_searches_list_idx').on(t.userId, t.campusId, t.createdAt),
    // No pending list (fastupdate off): every new post reads this index, saved searches are
    // rarely added, so an insert pays its GIN update at once instead of every read scanning
    // unmerged entries (bench/saved-searches.ts: 38 ms of a 60 ms match after 10k inserts).
    index('saved_searches_anchors_idx').using('gin', t.campusId, t.anchors).with({ fastupdate: false }),
    index('saved_searches_held_idx').on(t.lastNotifiedAt).where(sql`${t.heldCount} > 0`),
  ],
);

/**
 * Posts that matched a saved search: the daily digest's list (`digested_at` null: not mailed
 * yet) and the hourly notification's count.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: text('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campusId: campusIdColumn('cascade'),
    matchedAt: ts('matched_at').notNull(),
    digestedAt: ts('digested_at'),
  },
  (t) => [
    primaryKey({ name: 'saved_search_matches_pk', columns: [t.savedSearchId, t.postId] }),
    index('saved_search_matches_digest_idx').on(t.userId, t.matchedAt).where(sql`${t.digestedAt} IS NULL`),
  ],
);

/**
 * How far the saved-search job has read each campus's `listing.created` events (the outbox's seq,
 * in commit order per campus, decision 014): nothing is matched twice and nothing skipped.
 */
export const savedSearchCursors = pgTable('saved_search_cursors', {
  campusId: uuid('campus_id')
    .primaryKey()
    .references(() => campuses.id, { onDelete: 'cascade' }),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
});

/**
 * Notification settings (docs/product/notifications.md, decision 040); no row: the defaults
 * (every kind's email on, previews on). The master email switch stays the user record's
 * `email_notifications` (docs/product/accounts.md).
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The kinds (NOTIFICATION_KINDS) whose email is off. */
  emailOff: text('email_off').array().notNull().default(sql`'{}'::text[]`),
  pushPreviews: boolean('push_previews').notNull().default(true),
  updatedAt: ts('updated_at').notNull(),
});
