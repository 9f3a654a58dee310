import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { campusIdColumn, ts } from './columns.ts';
import { users } from './users.ts';

/**
 * Every word of a campus's searchable posts (unstemmed, unaccented, lower case), filled by the
 * `posts_search_terms` trigger (migration 0008). Misspelt query words are corrected and prefixes
 * completed against it, so the post query itself stays a GIN full-text match (decision 017).
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    campusId: campusIdColumn('cascade'),
    term: text('term').notNull(),
  },
  (t) => [
    primaryKey({ name: 'search_terms_pk', columns: [t.campusId, t.term] }),
    index('search_terms_trgm_idx').using('gin', t.campusId, sql`${t.term} gin_trgm_ops`),
  ],
);

/** A member's recent searches (docs/product/search.md#recent-searches: search_text, search_qty, date, lastModified). */
export const userSearches = pgTable(
  'user_searches',
  {
    id: text('id').primaryKey(),
    campusId: campusIdColumn('cascade'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    searchText: text('search_text').notNull(),
    searchQty: integer('search_qty').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastModified: ts('last_modified').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_searches_text_idx').on(t.userId, t.campusId, sql`lower(${t.searchText})`),
    index('user_searches_recent_idx').on(t.userId, t.campusId, t.lastModified),
  ],
);

/** Popular search (docs/product/search.md#popular-searches): a campus's query texts (lower case) and how often they were viewed. */
export const popularSearches = pgTable(
  'popular_searches',
  {
    campusId: campusIdColumn('cascade'),
    searchText: text('search_text').notNull(),
    totalViews: integer('total_views').notNull().default(0),
    lastModified: ts('last_modified').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'popular_searches_pk', columns: [t.campusId, t.searchText] }),
    index('popular_searches_top_idx').on(t.campusId, t.totalViews),
  ],
);

/**
 * Who counted toward a popular search on a day (UTC, the app clock): one row per day, campus,
 * text and member, so a member's repeated searches count once a day and nobody else counts.
 * Only today's rows are read; the purge job deletes older days (the key starts with `day`).
 */
export const popularSearchViews = pgTable(
  'popular_search_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    campusId: campusIdColumn('cascade'),
    searchText: text('search_text').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'popular_search_views_pk', columns: [t.day, t.campusId, t.searchText, t.userId] })],
);
