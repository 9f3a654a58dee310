import { type ListingFilters, NO_LISTING_FILTERS } from '@campus/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  blocks,
  popularSearches,
  popularSearchViews,
  posts,
  userSearches,
  userSummaryColumns,
  users,
} from '../../db/schema/index.ts';
import type { AuthorRow, ListingPosition } from '../posts/index.ts';

/**
 * SQL of search (decision 017). Every query here takes words that `query.ts` reduced to
 * letters and digits, and a tsquery text it built from them, so no user input reaches
 * tsquery or LIKE syntax.
 */

/**
 * How far a misspelling may be from the word it means: none under 4 letters, 1 edit below 8,
 * else 2. A swap of two neighbouring letters (2 edits) is found by exact lookups instead.
 */
const maxEdits = sql`CASE WHEN length(q.word) >= 8 THEN 2 WHEN length(q.word) >= 4 THEN 1 ELSE 0 END`;

/** `ARRAY[$1, $2, …]::text[]` (drizzle spreads a JS array into a list of parameters). */
const textArray = (values: readonly string[]): SQL =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

export interface WordCorrections {
  /** Words that occur on this campus as written, or as the start of a longer word. */
  known: Set<string>;
  /** For the other words: the words of this campus fewest edits away (a swap counts as one). */
  corrections: Map<string, string[]>;
}

/**
 * One query for all words of a query: which occur (exactly or as a prefix) in the campus's
 * vocabulary, and for those that don't, the 20 most similar words sharing enough trigrams
 * (`%`, pg_trgm's default 0.3, GIN on `(campus_id, term)`) within the edit limit, plus the
 * words that differ by one swap of neighbouring letters (`swaps`, exact primary-key lookups).
 */
export async function correctWords(
  db: DbOrTx,
  campusId: string,
  words: string[],
  swaps: Array<{ word: string; variant: string }>,
): Promise<WordCorrections> {
  if (words.length === 0) return { known: new Set(), corrections: new Map() };
  const result = await db.execute<{ word: string; term: string | null; kind: 'known' | 'near'; edits: number }>(sql`
    WITH q(word) AS (SELECT unnest(${textArray(words)}))
    SELECT q.word, NULL AS term, 'known' AS kind, 0 AS edits FROM q
      WHERE EXISTS (SELECT 1 FROM search_terms st
        WHERE st.campus_id = ${campusId}
          -- A prefix as a range of the primary key (byte order: "C"); 1114111 is the last code point.
          AND st.term >= q.word COLLATE "C" AND st.term < (q.word || chr(1114111)) COLLATE "C")
    UNION ALL
    SELECT q.word, near.term, 'near', levenshtein_less_equal(near.term, q.word, 2) FROM q CROSS JOIN LATERAL (
      SELECT st.term FROM search_terms st
      WHERE st.campus_id = ${campusId} AND st.term % q.word
      ORDER BY similarity(st.term, q.word) DESC
      LIMIT 20
    ) near
    WHERE ${maxEdits} > 0 AND q.word ~ '[[:alpha:]]' AND levenshtein_less_equal(near.term, q.word, 2) <= ${maxEdits}
    UNION ALL
    SELECT s.word, st.term, 'near', 1 FROM unnest(${textArray(swaps.map((s) => s.word))}, ${textArray(swaps.map((s) => s.variant))}) AS s(word, variant)
      JOIN search_terms st ON st.campus_id = ${campusId} AND st.term = s.variant`);
  const known = new Set<string>();
  const best = new Map<string, { edits: number; terms: string[] }>();
  for (const row of result.rows) {
    if (row.kind === 'known') {
      known.add(row.word);
      continue;
    }
    if (!row.term) continue;
    const edits = Number(row.edits);
    const current = best.get(row.word);
    if (!current || edits < current.edits) best.set(row.word, { edits, terms: [row.term] });
    else if (edits === current.edits && !current.terms.includes(row.term)) current.terms.push(row.term);
  }
  const corrections = new Map([...best].map(([word, { terms }]) => [word, terms]));
  return { known, corrections };
}

/** Posts whose author the viewer blocked or who blocked the viewer are left out (as in the feed). */
const notBlocked = (viewerId: string | undefined, column: SQL | typeof posts.userId): SQL | undefined =>
  viewerId
    ? sql`NOT EXISTS (SELECT 1 FROM ${blocks} b WHERE (b.blocker_id = ${viewerId} AND b.blocked_id = ${column})
        OR (b.blocker_id = ${column} AND b.blocked_id = ${viewerId}))`
    : undefined;

/** The searchable posts of a campus matching a tsquery (the partial GIN index's conditions). */
const matching = (campusId: string, tsquery: string, mediaOnly: boolean) =>
  and(
    eq(posts.campusId, campusId),
    sql`${posts.postCommentedOn} IS NULL`,
    sql`${posts.type} = 'post'`,
    // Hidden or removed by moderation (docs/product/moderation.md): never found.
    sql`${posts.moderation} IS NULL`,
    sql`${posts.searchVector} @@ to_tsquery('english', ${tsquery})`,
    mediaOnly ? sql`${posts.imgCount} > 0` : undefined,
  );

/** The columns the filters read, on `posts` itself or on a row of `rareMatchIds`' list. */
interface ListingColumns {
  status: SQL | typeof posts.status;
  expiredAt: SQL | typeof posts.expiredAt;
  priceCents: SQL | typeof posts.priceCents;
  condition: SQL | typeof posts.condition;
}
const postColumns: ListingColumns = {
  status: posts.status,
  expiredAt: posts.expiredAt,
  priceCents: posts.priceCents,
  condition: posts.condition,
};

/**
 * Search's share of the listing filters (docs/product/selling.md#filters-and-sorting, decision 036):
 * expired listings never, sold ones only with 'Show sold', the price sorts only listings with a
 * price; the price range, Free only and conditions. The literals match the feed's partial indexes.
 */
const listingFilter = (filters: ListingFilters, c: ListingColumns): SQL | undefined =>
  and(
    sql`${c.expiredAt} IS NULL`,
    filters.sold ? undefined : sql`${c.status} <> 'sold'`,
    filters.sort === 'newest' ? undefined : sql`${c.priceCents} IS NOT NULL`,
    filters.free ? sql`${c.priceCents} = 0` : undefined,
    filters.minPrice === undefined ? undefined : sql`${c.priceCents} >= ${filters.minPrice * 100}`,
    // Never an index condition (see listingSql in posts/listing-filters.ts).
    filters.maxPrice === undefined ? undefined : sql`(${c.priceCents} + 0) <= ${filters.maxPrice * 100}`,
    filters.conditions.length > 0 ? sql`${c.condition} = ANY(${textArray(filters.conditions)})` : undefined,
  );

/** The page's order and where it starts, in its sort: newest first, or by price with the id breaking ties. */
function listingOrder(
  filters: ListingFilters,
  position: ListingPosition | undefined,
  c: {
    lastModified: SQL | typeof posts.lastModified;
    priceCents: SQL | typeof posts.priceCents;
    id: SQL | typeof posts.id;
  },
): { after: SQL | undefined; orderBy: SQL } {
  if (filters.sort === 'newest') {
    return {
      after:
        position?.sort === 'newest'
          ? sql`(${c.lastModified}, ${c.id}) < (${position.at.at.toISOString()}::timestamptz, ${position.at.id})`
          : undefined,
      orderBy: sql`${c.lastModified} DESC, ${c.id} DESC`,
    };
  }
  const asc = filters.sort === 'price_asc';
  return {
    after:
      position?.sort === 'price'
        ? asc
          ? sql`(${c.priceCents}, ${c.id}) > (${position.at.priceCents}::int, ${position.at.id})`
          : sql`(${c.priceCents}, ${c.id}) < (${position.at.priceCents}::int, ${position.at.id})`
        : undefined,
    orderBy: asc ? sql`${c.priceCents} ASC, ${c.id} ASC` : sql`${c.priceCents} DESC, ${c.id} DESC`,
  };
}

/**
 * Whether every group of a query matches one of the lexemes PostgreSQL's statistics count as
 * most common in `posts.search_vector` (up to 1,000, refreshed by ANALYZE). A word that matches
 * none is rarer than all of them, so its matches are few on any campus; without statistics (a
 * new database) every query counts as rare, which is always correct, only not always fastest.
 */
export async function allGroupsCommon(db: DbOrTx, groups: string[]): Promise<boolean> {
  const result = await db.execute<{ common: boolean | null }>(sql`
    WITH common AS (
      SELECT e.lexeme FROM pg_stats s, unnest(s.most_common_elems::text::text[]) AS e(lexeme)
      WHERE s.schemaname = current_schema() AND s.tablename = 'posts' AND s.attname = 'search_vector'
    )
    SELECT bool_and(EXISTS (
      SELECT 1 FROM common WHERE array_to_tsvector(ARRAY[common.lexeme]) @@ to_tsquery('english', g.grp)
    )) AS common
    FROM unnest(${textArray(groups)}) AS g(grp)`);
  return result.rows[0]?.common === true;
}

/**
 * How many matches, over every campus, a query for a word this campus has never used may read
 * before the usual plan takes over (see `rareMatchIds`).
 */
const RARE_MATCHES_CAP = 2000;

type PageOptions = {
  campusId: string;
  tsquery: string;
  mediaOnly: boolean;
  viewerId?: string;
  filters: ListingFilters;
  after?: ListingPosition;
  limit: number;
  /** A word of the query is rarer than PostgreSQL's most common lexemes: there are few matches. */
  rare?: boolean;
};

/**
 * The ids of a page of Latest or Media hits, newest-modified first (the spec's posts_date_desc),
 * keyset on `(last_modified, id)`. Only ids: the authors are read for the 10 kept, not for every
 * match the sort looks at. Common words walk the feed index backwards and stop at 10 hits; the
 * planner cannot tell a rare word from a common one when it is a prefix (its estimate is a
 * guess, 2 % of the table) and would walk the whole campus for a word nobody uses, so a query
 * with a word rarer than the common lexemes (`allGroupsCommon`) reads its few matches first
 * (`rareMatchIds`).
 */
export async function searchPostIds(db: DbOrTx, options: PageOptions): Promise<string[]> {
  if (options.rare) {
    const ids = await rareMatchIds(db, options);
    if (ids) return ids;
  }
  const { after, orderBy } = listingOrder(options.filters, options.after, posts);
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        matching(options.campusId, options.tsquery, options.mediaOnly),
        listingFilter(options.filters, postColumns),
        notBlocked(options.viewerId, posts.userId),
        after,
      ),
    )
    .orderBy(orderBy)
    .limit(options.limit);
  return rows.map((r) => r.id);
}

/**
 * The page from the matches of every campus, read through the GIN index on the tsquery alone
 * (a word nobody used matches nothing, in microseconds; with `campus_id` in the index condition
 * GIN would read the campus's whole posting list), then kept to this campus and sorted. Null
 * when there are more than RARE_MATCHES_CAP matches after all (statistics are a sample): the
 * usual plan is right for those.
 */
async function rareMatchIds(db: DbOrTx, options: PageOptions): Promise<string[] | null> {
  const m = {
    status: sql`m.status`,
    expiredAt: sql`m.expired_at`,
    priceCents: sql`m.price_cents`,
    condition: sql`m.condition`,
    lastModified: sql`m.last_modified`,
    id: sql`m.id`,
  };
  const { after, orderBy } = listingOrder(options.filters, options.after, m);
  const result = await db.execute<{ scanned: number; ids: string[] }>(sql`
    WITH m AS MATERIALIZED (
      SELECT ${posts.id} AS id, ${posts.campusId} AS campus_id, ${posts.userId} AS user_id,
             ${posts.lastModified} AS last_modified, ${posts.imgCount} AS img_count,
             ${posts.status} AS status, ${posts.expiredAt} AS expired_at, ${posts.priceCents} AS price_cents,
             ${posts.condition} AS condition
      FROM ${posts}
      WHERE ${posts.postCommentedOn} IS NULL AND ${posts.type} = 'post' AND ${posts.moderation} IS NULL
        AND ${posts.searchVector} @@ to_tsquery('english', ${options.tsquery})
      LIMIT ${RARE_MATCHES_CAP + 1}
    )
    SELECT (SELECT count(*) FROM m)::int AS scanned, ARRAY(
      SELECT m.id FROM m
      WHERE ${and(
        sql`m.campus_id = ${options.campusId}`,
        options.mediaOnly ? sql`m.img_count > 0` : undefined,
        listingFilter(options.filters, m),
        notBlocked(options.viewerId, sql`m.user_id`),
        after,
      )}
      ORDER BY ${orderBy}
      LIMIT ${options.limit}
    ) AS ids`);
  const row = result.rows[0];
  if (!row || Number(row.scanned) > RARE_MATCHES_CAP) return null;
  return row.ids;
}

/** How many of the newest matches are ranked for suggestions: the cost stays flat as a campus grows. */
const SUGGESTION_CANDIDATES = 200;

/**
 * Suggestions for the header box: the newest 200 matches ranked by `ts_rank` (title words
 * weigh more), best `limit` first.
 */
export async function suggestPosts(
  db: DbOrTx,
  options: { campusId: string; tsquery: string; viewerId?: string; limit: number; rare?: boolean },
): Promise<Array<{ id: string; plainText: string; imgCount: number }>> {
  // A word the campus never used: the candidates are the few matches (see searchPostIds).
  // Sold and expired listings are not suggested (docs/product/selling.md): search's default filters.
  const filters = NO_LISTING_FILTERS;
  const rareIds = options.rare
    ? await rareMatchIds(db, { ...options, mediaOnly: false, filters, limit: SUGGESTION_CANDIDATES })
    : null;
  const candidates = rareIds
    ? sql`${inArray(posts.id, rareIds.length > 0 ? rareIds : [''])}`
    : and(
        matching(options.campusId, options.tsquery, false),
        listingFilter(filters, postColumns),
        notBlocked(options.viewerId, posts.userId),
      );
  const result = await db.execute<{ id: string; plain_text: string; img_count: number }>(sql`
    WITH candidates AS (
      SELECT ${posts.id} AS id, ${posts.plainText} AS plain_text, ${posts.imgCount} AS img_count,
             ${posts.searchVector} AS search_vector, ${posts.lastModified} AS last_modified
      FROM ${posts}
      WHERE ${candidates}
      ORDER BY ${posts.lastModified} DESC
      LIMIT ${SUGGESTION_CANDIDATES}
    )
    SELECT id, left(plain_text, 300) AS plain_text, img_count FROM candidates
    ORDER BY ts_rank(search_vector, to_tsquery('english', ${options.tsquery})) DESC, last_modified DESC, id DESC
    LIMIT ${options.limit}`);
  return result.rows.map((r) => ({ id: r.id, plainText: r.plain_text, imgCount: Number(r.img_count) }));
}

/** The expression `users_search_idx` indexes: unaccented lower-case names and username. */
const nameExpr = sql`search_unaccent(lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.username}::text))`;

export type PersonRow = AuthorRow & { campusId: string | null };

/**
 * People (docs/product/search.md#what-is-searched): school-verified members of the campus where every word
 * is part of a name or the username, or close to a word of them (trigram word similarity,
 * so 'jordn' finds Jordan). Best match first; pages by offset, as the spec's page numbers.
 */
export async function searchPeople(
  db: DbOrTx,
  options: { campusId: string; words: string[]; text: string; viewerId?: string; offset: number; limit: number },
): Promise<PersonRow[]> {
  const wordMatches = options.words.map((w) => sql`(${nameExpr} LIKE ${`%${w}%`} OR ${w} <% ${nameExpr})`);
  return db
    .select({ ...userSummaryColumns, campusId: users.campusId })
    .from(users)
    .where(
      and(
        eq(users.campusId, options.campusId),
        sql`${users.schoolVerified}`,
        ...wordMatches,
        notBlocked(options.viewerId, sql`${users.id}`),
      ),
    )
    .orderBy(sql`word_similarity(${options.text}, ${nameExpr}) DESC`, users.username)
    .offset(options.offset)
    .limit(options.limit);
}

/** For the rest of the transaction: the threshold of `<%` (word similarity). */
export async function setWordSimilarityThreshold(tx: DbOrTx, threshold: number): Promise<void> {
  await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}, true)`);
}

// Recent searches (docs/product/search.md#recent-searches).

export async function listRecent(db: DbOrTx, userId: string, campusId: string, limit: number) {
  return db
    .select({ id: userSearches.id, text: userSearches.searchText, lastModified: userSearches.lastModified })
    .from(userSearches)
    .where(and(eq(userSearches.userId, userId), eq(userSearches.campusId, campusId)))
    .orderBy(desc(userSearches.lastModified), desc(userSearches.id))
    .limit(limit);
}

/** Adds a recent search; false when the person already has it (any case). */
export async function insertRecent(
  db: DbOrTx,
  row: { id: string; userId: string; campusId: string; text: string; at: Date },
): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO ${userSearches} (id, campus_id, user_id, search_text, created_at, last_modified)
    VALUES (${row.id}, ${row.campusId}, ${row.userId}, ${row.text}, ${row.at.toISOString()}, ${row.at.toISOString()})
    ON CONFLICT (user_id, campus_id, lower(search_text)) DO NOTHING`);
  return (result.rowCount ?? 0) > 0;
}

/** Keeps the newest `keep` recent searches of a person on a campus. */
export async function trimRecent(db: DbOrTx, userId: string, campusId: string, keep: number): Promise<void> {
  await db.execute(sql`
    DELETE FROM ${userSearches} WHERE user_id = ${userId} AND campus_id = ${campusId} AND id NOT IN (
      SELECT id FROM ${userSearches} WHERE user_id = ${userId} AND campus_id = ${campusId}
      ORDER BY last_modified DESC, id DESC LIMIT ${keep})`);
}

export async function deleteRecent(db: DbOrTx, userId: string, campusId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(userSearches)
    .where(and(eq(userSearches.id, id), eq(userSearches.userId, userId), eq(userSearches.campusId, campusId)))
    .returning({ id: userSearches.id });
  return rows.length > 0;
}

export async function clearRecent(db: DbOrTx, userId: string, campusId: string): Promise<void> {
  await db.delete(userSearches).where(and(eq(userSearches.userId, userId), eq(userSearches.campusId, campusId)));
}

// Popular searches (docs/product/search.md#popular-searches).

/** The day a view counts on: the UTC date of the app clock. */
const viewDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Counts a member's view of a search text, once per member, text and day: the member's row of
 * the day is inserted (nothing when it is there already) and only a new row adds a view. One
 * statement, so parallel searches of one member count once.
 */
export async function countView(
  db: DbOrTx,
  view: { campusId: string; userId: string; text: string; at: Date },
): Promise<void> {
  await db.execute(sql`
    WITH counted AS (
      INSERT INTO ${popularSearchViews} (day, campus_id, search_text, user_id)
      VALUES (${viewDay(view.at)}::date, ${view.campusId}, ${view.text}, ${view.userId})
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    INSERT INTO ${popularSearches} (campus_id, search_text, total_views, last_modified)
    SELECT ${view.campusId}::uuid, ${view.text}, 1, ${view.at.toISOString()}::timestamptz FROM counted
    ON CONFLICT (campus_id, search_text)
    DO UPDATE SET total_views = ${popularSearches.totalViews} + 1, last_modified = excluded.last_modified`);
}

/** Deletes the views of days before `now`'s (only today's say who already counted); how many went. */
export async function purgePopularSearchViews(db: DbOrTx, now: Date): Promise<number> {
  const result = await db.execute(sql`DELETE FROM ${popularSearchViews} WHERE day < ${viewDay(now)}::date`);
  return result.rowCount ?? 0;
}

export async function listPopular(db: DbOrTx, campusId: string, limit: number) {
  return db
    .select({ text: popularSearches.searchText, totalViews: popularSearches.totalViews })
    .from(popularSearches)
    .where(eq(popularSearches.campusId, campusId))
    .orderBy(desc(popularSearches.totalViews), popularSearches.searchText)
    .limit(limit);
}
