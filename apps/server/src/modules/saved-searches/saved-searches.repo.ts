import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { StoredSearchFilters } from '../../db/schema/index.ts';

/**
 * SQL of saved searches (decision 040), all as statements. The matching of a new post against
 * every saved search of its campus is ONE statement (`matchPost`): the post's lexemes and their
 * prefixes meet the saved searches' anchors in the GIN index `saved_searches_anchors_idx`, and
 * only those candidates are checked against their stored tsquery and filters.
 */

/** `ARRAY[$1, $2, …]::text[]` (drizzle spreads a JS array into a list of parameters). */
const textArray = (values: readonly string[]): SQL =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`ARRAY[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;

const asDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** The longest prefix of a post's lexeme that can meet an anchor (words are cut at 32 letters). */
const PREFIX_MAX = 32;

export interface SavedSearchRow {
  id: string;
  query: string;
  show: 'latest' | 'media';
  filters: StoredSearchFilters;
  createdAt: Date;
}

type SavedSearchDbRow = {
  id: string;
  query: string;
  show: 'latest' | 'media';
  filters: StoredSearchFilters;
  created_at: string | Date;
};

const toRow = (r: SavedSearchDbRow): SavedSearchRow => ({
  id: r.id,
  query: r.query,
  show: r.show,
  filters: r.filters,
  createdAt: asDate(r.created_at),
});

/** A member's saved searches on a campus, newest first (at most 20 exist). */
export async function listSavedSearches(db: DbOrTx, userId: string, campusId: string): Promise<SavedSearchRow[]> {
  const result = await db.execute<SavedSearchDbRow>(sql`
    SELECT id, query, show, filters, created_at FROM saved_searches
    WHERE user_id = ${userId} AND campus_id = ${campusId}
    ORDER BY created_at DESC, id DESC`);
  return result.rows.map(toRow);
}

/**
 * Holds the member's saved-search list until commit (a transaction-level advisory lock), so two
 * saves at once cannot both pass the limit; then counts it and says whether `searchKey` is in it.
 */
export async function lockAndCount(
  tx: DbOrTx,
  userId: string,
  campusId: string,
  searchKey: string,
): Promise<{ count: number; exists: boolean }> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('saved_searches'), hashtext(${userId}::text))`);
  // A statement of its own after the lock: its snapshot sees what the previous holder committed.
  const result = await tx.execute<{ n: number; exists: boolean }>(sql`
    SELECT count(*)::int AS n, coalesce(bool_or(search_key = ${searchKey}), false) AS exists
    FROM saved_searches WHERE user_id = ${userId} AND campus_id = ${campusId}`);
  return { count: result.rows[0]?.n ?? 0, exists: result.rows[0]?.exists ?? false };
}

/**
 * Each group's lexemes as the english configuration stems them (stop words give none), and
 * whether the whole tsquery keeps any operand: the anchors are chosen from these.
 */
export async function groupLexemes(db: DbOrTx, groups: string[]): Promise<{ lexemes: string[][]; empty: boolean }> {
  const result = await db.execute<{ ord: number; lexemes: string[]; empty: boolean }>(sql`
    SELECT g.ord::int AS ord,
      tsvector_to_array(to_tsvector('english', regexp_replace(g.grp, '[^[:alnum:]]+', ' ', 'g'))) AS lexemes,
      numnode(to_tsquery('english', ${groups.join(' & ')})) = 0 AS empty
    FROM unnest(${textArray(groups)}) WITH ORDINALITY AS g(grp, ord)
    ORDER BY g.ord`);
  return {
    lexemes: result.rows.map((r) => r.lexemes),
    empty: result.rows[0]?.empty ?? true,
  };
}

export interface NewSavedSearch {
  id: string;
  campusId: string;
  userId: string;
  query: string;
  show: 'latest' | 'media';
  filters: StoredSearchFilters;
  searchKey: string;
  tsquery: string;
  anchors: string[];
  at: Date;
}

/** Inserts a saved search; false when the member already saved the same one (its key). */
export async function insertSavedSearch(db: DbOrTx, s: NewSavedSearch): Promise<boolean> {
  const cents = (dollars: number | undefined) => (dollars === undefined ? null : dollars * 100);
  const result = await db.execute(sql`
    INSERT INTO saved_searches (id, campus_id, user_id, query, show, filters, search_key, tsquery, anchors,
      min_price_cents, max_price_cents, free_only, conditions, created_at)
    VALUES (${s.id}, ${s.campusId}, ${s.userId}, ${s.query}, ${s.show}, ${JSON.stringify(s.filters)}::jsonb,
      ${s.searchKey}, to_tsquery('english', ${s.tsquery}), ${textArray(s.anchors)},
      ${cents(s.filters.minPrice)}::int, ${cents(s.filters.maxPrice)}::int, ${s.filters.free},
      ${textArray(s.filters.conditions)}, ${s.at.toISOString()}::timestamptz)
    ON CONFLICT (user_id, campus_id, search_key) DO NOTHING`);
  return (result.rowCount ?? 0) > 0;
}

/** Deletes one of the member's own saved searches on the campus; false when there is none such. */
export async function deleteSavedSearch(db: DbOrTx, userId: string, campusId: string, id: string): Promise<boolean> {
  const result = await db.execute(sql`
    DELETE FROM saved_searches WHERE id = ${id} AND user_id = ${userId} AND campus_id = ${campusId}`);
  return (result.rowCount ?? 0) > 0;
}

/** A saved search a new post matches, locked for this transaction (its hourly state changes). */
export interface MatchRow {
  savedSearchId: string;
  ownerId: string;
  lastNotifiedAt: Date | null;
  heldCount: number;
}

/** The new post as the matching needs it (the notification's title and price, its author). */
export interface MatchedPost {
  postId: string;
  campusId: string;
  authorId: string;
  plainText: string;
  priceCents: number | null;
}

/** The matching statement of `matchPost` (also EXPLAINed by the tests and bench/saved-searches.ts). */
const matchStatement = (postId: string): SQL => sql`
    WITH p AS MATERIALIZED (
      SELECT id, campus_id, user_id, plain_text, price_cents, condition, img_count, search_vector FROM posts
      WHERE id = ${postId} AND post_commented_on IS NULL AND type = 'post' AND status <> 'sold' AND expired_at IS NULL
    ), terms AS MATERIALIZED (
      SELECT coalesce(array_agg(DISTINCT left(l, n)), '{}'::text[]) AS prefixes
      FROM p, unnest(tsvector_to_array(p.search_vector)) AS l, generate_series(1, least(length(l), ${PREFIX_MAX})) AS n
    ), candidates AS MATERIALIZED (
      -- Read first, and only through the anchors index: the saved searches of the post's campus
      -- that share an anchor with it, then the search page's own match and the filters on those
      -- rows alone. The people checks below run on these few (the planner is not left to start
      -- from the campus's members).
      SELECT s.id, s.user_id FROM p, terms, saved_searches s
      WHERE s.campus_id = p.campus_id AND s.anchors && terms.prefixes
        AND p.search_vector @@ s.tsquery
        AND s.user_id <> p.user_id
        AND (s.show = 'latest' OR p.img_count > 0)
        AND (s.min_price_cents IS NULL OR p.price_cents >= s.min_price_cents)
        AND (s.max_price_cents IS NULL OR p.price_cents <= s.max_price_cents)
        AND (NOT s.free_only OR p.price_cents = 0)
        AND (cardinality(s.conditions) = 0 OR p.condition = ANY(s.conditions))
        AND (s.filters->>'sort' = 'newest' OR p.price_cents IS NOT NULL)
    ), hits AS (
      SELECT s.id, s.user_id, s.last_notified_at, s.held_count
      FROM p, candidates c
      JOIN saved_searches s ON s.id = c.id
      -- Each owner by primary key (OFFSET 0 keeps this a per-candidate lookup: flattened, the
      -- planner scanned the campus's members once per candidate, bench/saved-searches.ts).
      JOIN LATERAL (SELECT u.campus_id, u.school_verified, u.email FROM users u WHERE u.id = c.user_id OFFSET 0) u ON true
      WHERE u.campus_id = p.campus_id AND u.school_verified
        AND NOT EXISTS (SELECT 1 FROM banned_emails be WHERE be.email = u.email)
        AND NOT EXISTS (SELECT 1 FROM blocks b
          WHERE (b.blocker_id = c.user_id AND b.blocked_id = p.user_id)
             OR (b.blocker_id = p.user_id AND b.blocked_id = c.user_id))
      ORDER BY s.id
      FOR UPDATE OF s
    )
    SELECT p.id AS post_id, p.campus_id, p.user_id AS author_id, p.plain_text, p.price_cents,
      hits.id AS saved_search_id, hits.user_id AS owner_id, hits.last_notified_at, hits.held_count
    FROM p LEFT JOIN hits ON true`;

/**
 * The plan of the matching statement for a post, for the tests (JSON) and the bench (`analyze`:
 * run and timed, as text lines).
 */
export async function explainMatch(db: DbOrTx, postId: string, options: { analyze?: boolean } = {}): Promise<unknown> {
  const how = options.analyze ? sql.raw('ANALYZE, BUFFERS, COSTS OFF') : sql.raw('FORMAT JSON');
  const result = await db.execute<{ 'QUERY PLAN': unknown }>(sql`EXPLAIN (${how}) ${matchStatement(postId)}`);
  return options.analyze ? result.rows.map((r) => r['QUERY PLAN']).join('\n') : result.rows[0]?.['QUERY PLAN'];
}

/**
 * ONE statement per new post (decision 040): the post's lexemes and all their prefixes (up to 32
 * letters) meet the anchors of the campus's saved searches in the GIN index on
 * `(campus_id, anchors)`; each candidate is then checked with the search page's own match
 * (`search_vector @@ tsquery`) and filters. Never the post's author, a member blocked either
 * way, a member of another campus, a banned account. The post must still be a live listing
 * (top level, searchable, not sold or expired). Locked FOR UPDATE: their hourly state changes.
 */
export async function matchPost(
  tx: DbOrTx,
  postId: string,
): Promise<{ post: MatchedPost | undefined; matches: MatchRow[] }> {
  const result = await tx.execute<{
    post_id: string;
    campus_id: string;
    author_id: string;
    plain_text: string;
    price_cents: number | null;
    saved_search_id: string | null;
    owner_id: string | null;
    last_notified_at: string | Date | null;
    held_count: number | null;
  }>(matchStatement(postId));
  const first = result.rows[0];
  if (!first) return { post: undefined, matches: [] };
  return {
    post: {
      postId: first.post_id,
      campusId: first.campus_id,
      authorId: first.author_id,
      plainText: first.plain_text,
      priceCents: first.price_cents,
    },
    matches: result.rows.flatMap((r) =>
      r.saved_search_id && r.owner_id
        ? [
            {
              savedSearchId: r.saved_search_id,
              ownerId: r.owner_id,
              lastNotifiedAt: r.last_notified_at === null ? null : asDate(r.last_notified_at),
              heldCount: Number(r.held_count ?? 0),
            },
          ]
        : [],
    ),
  };
}

/** Records the matches of a post (the digest's list); a repeat changes nothing. */
export async function insertMatches(tx: DbOrTx, post: MatchedPost, matches: MatchRow[], at: Date): Promise<void> {
  if (matches.length === 0) return;
  await tx.execute(sql`
    INSERT INTO saved_search_matches (saved_search_id, post_id, user_id, campus_id, matched_at)
    SELECT m.sid, ${post.postId}, m.uid, ${post.campusId}, ${at.toISOString()}::timestamptz
    FROM unnest(${textArray(matches.map((m) => m.savedSearchId))}, ${textArray(matches.map((m) => m.ownerId))}) AS m(sid, uid)
    ON CONFLICT DO NOTHING`);
}

/** The owners of these saved searches were just told: the hour starts again, nothing is held. */
export async function markNotified(tx: DbOrTx, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    UPDATE saved_searches SET last_notified_at = ${at.toISOString()}::timestamptz, held_count = 0, held_post_id = NULL
    WHERE id = ANY(${textArray(ids)})`);
}

/** Matches within the hour: counted, the newest kept, told when the hour is over. */
export async function holdMatch(tx: DbOrTx, ids: string[], postId: string): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    UPDATE saved_searches SET held_count = held_count + 1, held_post_id = ${postId}
    WHERE id = ANY(${textArray(ids)})`);
}

/** A saved search whose held matches are due (its hour is over), with the newest held post. */
export interface DueHeld {
  savedSearchId: string;
  campusId: string;
  ownerId: string;
  heldCount: number;
  post: { postId: string; authorId: string; plainText: string; priceCents: number | null } | null;
}

/** Locks up to `limit` saved searches whose held matches may be told now (partial index on held ones). */
export async function lockDueHeld(tx: DbOrTx, hourAgo: Date, limit: number): Promise<DueHeld[]> {
  const result = await tx.execute<{
    id: string;
    campus_id: string;
    user_id: string;
    held_count: number;
    post_id: string | null;
    author_id: string | null;
    plain_text: string | null;
    price_cents: number | null;
  }>(sql`
    SELECT s.id, s.campus_id, s.user_id, s.held_count, p.id AS post_id, p.user_id AS author_id, p.plain_text, p.price_cents
    FROM saved_searches s LEFT JOIN posts p ON p.id = s.held_post_id
    WHERE s.held_count > 0 AND s.last_notified_at <= ${hourAgo.toISOString()}::timestamptz
    ORDER BY s.last_notified_at
    LIMIT ${limit}
    FOR UPDATE OF s SKIP LOCKED`);
  return result.rows.map((r) => ({
    savedSearchId: r.id,
    campusId: r.campus_id,
    ownerId: r.user_id,
    heldCount: Number(r.held_count),
    post:
      r.post_id && r.author_id && r.plain_text !== null
        ? { postId: r.post_id, authorId: r.author_id, plainText: r.plain_text, priceCents: r.price_cents }
        : null,
  }));
}

/**
 * Locks the campus's cursor row (made at 0 the first time) for this transaction: one reader of a
 * campus's new posts at a time, across instances. The last seq read (null: no such campus stored).
 */
export async function lockCursor(tx: DbOrTx, campusId: string): Promise<number | null> {
  await tx.execute(sql`
    INSERT INTO saved_search_cursors (campus_id) SELECT id FROM campuses WHERE id = ${campusId}
    ON CONFLICT DO NOTHING`);
  const result = await tx.execute<{ last_seq: string | number }>(sql`
    SELECT last_seq FROM saved_search_cursors WHERE campus_id = ${campusId} FOR UPDATE`);
  const row = result.rows[0];
  return row ? Number(row.last_seq) : null;
}

export async function advanceCursor(tx: DbOrTx, campusId: string, seq: number): Promise<void> {
  await tx.execute(sql`UPDATE saved_search_cursors SET last_seq = ${seq} WHERE campus_id = ${campusId}`);
}

/**
 * The campus's next `listing.created` events after `afterSeq`, in seq order, which on one campus is
 * commit order (decision 014): reading after the last seq misses nothing and repeats nothing.
 */
export async function nextPostEvents(
  tx: DbOrTx,
  campusId: string,
  afterSeq: number,
  limit: number,
): Promise<Array<{ seq: number; postId: string; createdAt: Date }>> {
  const result = await tx.execute<{ seq: string | number; post_id: string; created_at: string | Date }>(sql`
    SELECT seq, payload->>'postId' AS post_id, created_at FROM events
    WHERE campus_id = ${campusId} AND type = 'listing.created' AND seq > ${afterSeq}
    ORDER BY seq LIMIT ${limit}`);
  return result.rows.map((r) => ({ seq: Number(r.seq), postId: r.post_id, createdAt: asDate(r.created_at) }));
}

/** One match waiting for the daily digest, with what its email line needs. */
export interface DigestRow {
  savedSearchId: string;
  postId: string;
  userId: string;
  campusId: string;
  query: string;
  plainText: string;
  priceCents: number | null;
  email: string;
  emailNotifications: boolean;
  emailOff: string[];
  /** The post's author and the member blocked each other since it matched. */
  blocked: boolean;
}

/**
 * Locks the undigested matches of up to `limit` members (all of them, or one member's:
 * `userId`), SKIP LOCKED so two runs share the work.
 */
export async function lockDigestRows(
  tx: DbOrTx,
  options: { before: Date; limit: number; userId?: string },
): Promise<DigestRow[]> {
  const only = options.userId ? sql`AND m.user_id = ${options.userId}` : sql``;
  const result = await tx.execute<{
    saved_search_id: string;
    post_id: string;
    user_id: string;
    campus_id: string;
    query: string;
    plain_text: string;
    price_cents: number | null;
    email: string;
    email_notifications: boolean;
    email_off: string[] | null;
    blocked: boolean;
  }>(sql`
    WITH members AS (
      SELECT DISTINCT m.user_id FROM saved_search_matches m
      WHERE m.digested_at IS NULL AND m.matched_at <= ${options.before.toISOString()}::timestamptz ${only}
      LIMIT ${options.limit}
    ), locked AS (
      SELECT m.* FROM saved_search_matches m JOIN members USING (user_id)
      WHERE m.digested_at IS NULL AND m.matched_at <= ${options.before.toISOString()}::timestamptz
      FOR UPDATE OF m SKIP LOCKED
    )
    SELECT l.saved_search_id, l.post_id, l.user_id, l.campus_id, s.query, p.plain_text, p.price_cents,
      u.email, u.email_notifications, ns.email_off,
      EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = l.user_id AND b.blocked_id = p.user_id)
        OR (b.blocker_id = p.user_id AND b.blocked_id = l.user_id)) AS blocked
    FROM locked l
    JOIN saved_searches s ON s.id = l.saved_search_id
    JOIN posts p ON p.id = l.post_id
    JOIN users u ON u.id = l.user_id
    LEFT JOIN notification_settings ns ON ns.user_id = l.user_id
    ORDER BY l.user_id, l.matched_at DESC`);
  return result.rows.map((r) => ({
    savedSearchId: r.saved_search_id,
    postId: r.post_id,
    userId: r.user_id,
    campusId: r.campus_id,
    query: r.query,
    plainText: r.plain_text,
    priceCents: r.price_cents,
    email: r.email,
    emailNotifications: r.email_notifications,
    emailOff: r.email_off ?? [],
    blocked: r.blocked,
  }));
}

export async function markDigested(
  tx: DbOrTx,
  rows: Array<{ savedSearchId: string; postId: string }>,
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    UPDATE saved_search_matches m SET digested_at = ${at.toISOString()}::timestamptz
    FROM unnest(${textArray(rows.map((r) => r.savedSearchId))}, ${textArray(rows.map((r) => r.postId))}) AS d(sid, pid)
    WHERE m.saved_search_id = d.sid AND m.post_id = d.pid`);
}
