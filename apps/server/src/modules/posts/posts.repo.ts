import { type ListingFilters, NO_LISTING_FILTERS } from '@campus/contract';
import type { DbOrTx } from '../../db/client.ts';
import { literalCount, runNamed } from '../../db/named-statements.ts';
import type { postMedia, posts, users } from '../../db/schema/index.ts';
import { sessionLookupText } from '../../db/session-lookup.ts';
import type { Cursor } from '../../lib/cursor.ts';
import { type ListingPosition, listingSql } from './listing-filters.ts';

/*
 * Every statement of this repository is hand-written SQL run by name (db/named-statements.ts),
 * on the pool or on the caller's transaction: `pg` parses a named statement once per
 * connection, nothing is built per request, and rows are mapped by column aliases. One
 * statement text per name, so a name carries the query's shape — and the page size, a literal
 * (see `literalCount`).
 */

export type MediaRow = typeof postMedia.$inferSelect;
type UserRow = typeof users.$inferSelect;
export type AuthorRow = Pick<UserRow, 'id' | 'username' | 'firstName' | 'lastName' | 'img' | 'verified'>;
/** The media of a post the way the presenter reads them, in order. */
export type PostMediaJson = Pick<MediaRow, 'kind' | 'path' | 'feedPath' | 'width' | 'height'>;
/** The columns of a post that a card shows (and policies read): every read of posts returns these. */
export type CardPost = Pick<
  typeof posts.$inferSelect,
  | 'id'
  | 'campusId'
  | 'userId'
  | 'type'
  | 'plainText'
  | 'category'
  | 'priceCents'
  | 'condition'
  | 'status'
  | 'editedAt'
  | 'previousPriceCents'
  | 'priceDroppedAt'
  | 'expiredAt'
  | 'postCommentedOn'
  | 'rootId'
  | 'imgCount'
  | 'likesCount'
  | 'commentsCount'
  | 'createdAt'
  | 'lastModified'
>;
/** A post with its author. */
export interface PostWithAuthor {
  post: CardPost;
  author: AuthorRow;
}
/** A post with its author and media (a shared post, a boosted post). */
export interface PostWithMedia extends PostWithAuthor {
  media: PostMediaJson[];
}
/** A post of a list page with everything its card shows: author, media and the viewer's save. */
export interface ListedPost extends PostWithMedia {
  liked: boolean;
}

/**
 * The card: the columns of a post (`p`) and of its author (`u`) that a card shows, in the one
 * shape every read of posts maps (`toPost`). Times come as epoch milliseconds (the columns keep
 * milliseconds): a number is parsed far more cheaply than `pg`'s text timestamps. A column added
 * here that a kept feed page shows needs a feed-version trigger (decision 025;
 * feed-version.test.ts reads this statement's plan and the triggers from the catalog).
 */
const POST_COLUMNS = `p.id, p.campus_id AS "campusId", p.user_id AS "userId", p.type, p.plain_text AS "plainText",
  p.category, p.price_cents AS "priceCents", p.condition, p.status,
  (extract(epoch FROM p.edited_at) * 1000)::float8 AS "editedAt",
  p.previous_price_cents AS "previousPriceCents",
  (extract(epoch FROM p.price_dropped_at) * 1000)::float8 AS "priceDroppedAt",
  (extract(epoch FROM p.expired_at) * 1000)::float8 AS "expiredAt", p.post_commented_on AS "postCommentedOn", p.root_id AS "rootId",
  p.img_count AS "imgCount", p.likes_count AS "likesCount", p.comments_count AS "commentsCount",
  (extract(epoch FROM p.created_at) * 1000)::float8 AS "createdAt",
  (extract(epoch FROM p.last_modified) * 1000)::float8 AS "lastModified",
  u.username::text AS username, u.first_name AS "firstName", u.last_name AS "lastName", u.img, u.verified`;
/** The media of `p`, in order, as JSON. */
const MEDIA_COLUMN = `(SELECT coalesce(json_agg(json_build_object('kind', m.kind, 'path', m.path, 'feedPath', m.feed_path,
      'width', m.width, 'height', m.height) ORDER BY m.img_order), '[]'::json)
    FROM post_media m WHERE m.post_id = p.id) AS media`;
/** Everything a card shows but the viewer's save. */
const CARD_COLUMNS = `${POST_COLUMNS}, ${MEDIA_COLUMN}`;
/** The viewer's save of `p` (the post_likes primary key). */
const LIKED_BY = (viewer: string) =>
  `EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ${viewer}) AS liked`;
/** Whether the viewer and the author of `p` blocked each other, either way (docs/decisions/015-chats-notifications-blocks.md). */
const BLOCKED_EITHER_WAY = (viewer: string) =>
  `EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${viewer} AND b.blocked_id = p.user_id)
    OR (b.blocker_id = p.user_id AND b.blocked_id = ${viewer}))`;

/** A row of POST_COLUMNS. */
type PostRow = Omit<CardPost, 'createdAt' | 'lastModified' | 'editedAt' | 'priceDroppedAt' | 'expiredAt'> & {
  createdAt: number;
  lastModified: number;
  editedAt: number | null;
  priceDroppedAt: number | null;
  expiredAt: number | null;
} & Omit<AuthorRow, 'id'>;
type CardRow = PostRow & { media: PostMediaJson[]; liked: boolean };

const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));

function toPost(r: PostRow): PostWithAuthor {
  return {
    post: {
      id: r.id,
      campusId: r.campusId,
      userId: r.userId,
      type: r.type,
      plainText: r.plainText,
      category: r.category,
      priceCents: r.priceCents,
      condition: r.condition,
      status: r.status,
      editedAt: dateOrNull(r.editedAt),
      previousPriceCents: r.previousPriceCents,
      priceDroppedAt: dateOrNull(r.priceDroppedAt),
      expiredAt: dateOrNull(r.expiredAt),
      postCommentedOn: r.postCommentedOn,
      rootId: r.rootId,
      imgCount: r.imgCount,
      likesCount: r.likesCount,
      commentsCount: r.commentsCount,
      createdAt: new Date(r.createdAt),
      lastModified: new Date(r.lastModified),
    },
    author: {
      id: r.userId,
      username: r.username,
      firstName: r.firstName,
      lastName: r.lastName,
      img: r.img,
      verified: r.verified,
    },
  };
}
const toListed = (r: CardRow): ListedPost => ({ ...toPost(r), media: r.media, liked: r.liked });

const cursorValues = (cursor: Cursor | undefined) => (cursor ? [cursor.at.toISOString(), cursor.id] : []);
/** Rows in the order of `ids`, the missing ones left out. */
function inOrderOf<R>(ids: string[], rows: R[], idOf: (row: R) => string): R[] {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// Cards of list pages

/** A feed page and the authors hidden from the viewer (blocked either way), for its sponsored posts. */
export interface FeedRows {
  rows: ListedPost[];
  /** Known when the page has rows (an empty page has no sponsored slots to filter). */
  hidden: Set<string>;
}

/**
 * A feed page (top-level posts of a campus, authors blocked either way left out), in one
 * statement. Newest first reads `posts_feed_live_idx` backwards (or its category / media partial
 * twins; with 'Show sold', `posts_feed_idx` and its twins); a price sort reads
 * `posts_price_live_idx` (`posts_price_idx` with sold) forwards or backwards, keyset on
 * (price_cents, id) (decision 036; posts/plans.test.ts checks each plan). The
 * viewer's blocks are read once in the statement and come back with the rows, so the page's
 * sponsored posts are filtered without another round trip. (The rows are filtered with the
 * anti-join on the blocks keys, not `<> ALL (hidden)`: the planner cannot estimate the latter
 * and its generic plan read and sorted the whole campus, 2.5 s a page on 200k posts.)
 */
export async function listTopLevel(
  db: DbOrTx,
  options: {
    viewerId: string;
    campusId: string;
    category?: string;
    mediaOnly?: boolean;
    filters?: ListingFilters;
    after?: ListingPosition;
    limit: number;
  },
): Promise<FeedRows> {
  const { category, mediaOnly } = options;
  const limit = literalCount(options.limit);
  let n = 2;
  // Hidden or removed by moderation (docs/product/moderation.md): out of the feed for everyone, the
  // page being shared between viewers (decision 025).
  const where = [
    'p.campus_id = $2',
    'p.post_commented_on IS NULL',
    'p.moderation IS NULL',
    `NOT ${BLOCKED_EITHER_WAY('$1')}`,
  ];
  const values: unknown[] = [options.viewerId, options.campusId];
  if (category) {
    where.push(`p.category = $${++n}`);
    values.push(category);
  }
  if (mediaOnly) where.push('p.img_count > 0');
  const listing = listingSql(options.filters ?? NO_LISTING_FILTERS, options.after, () => `$${++n}`);
  where.push(...listing.where);
  values.push(...listing.values);
  const name = `feed_${category ? 'c' : ''}${mediaOnly ? 'm' : ''}_${listing.shape}_${limit}`;
  const rows = await runNamed<CardRow & { hidden: string[] }>(
    db,
    name,
    () => `WITH hidden AS MATERIALIZED (
          SELECT coalesce(array_agg(h.id), '{}') AS ids FROM (
            SELECT blocked_id AS id FROM blocks WHERE blocker_id = $1
            UNION SELECT blocker_id FROM blocks WHERE blocked_id = $1) h
        )
        SELECT ${CARD_COLUMNS}, ${LIKED_BY('$1')}, (SELECT ids FROM hidden) AS hidden
        FROM posts p JOIN users u ON u.id = p.user_id
        WHERE ${where.join(' AND ')}
        ORDER BY ${listing.orderBy} LIMIT ${limit}`,
    values,
  );
  return { rows: rows.map(toListed), hidden: new Set(rows[0]?.hidden) };
}

/** The viewer's saved posts of one campus as a page of cards, in one statement. */
export async function listSavedPage(
  db: DbOrTx,
  options: { userId: string; campusId: string; cursor?: Cursor; limit: number },
): Promise<ListedPost[]> {
  const limit = literalCount(options.limit);
  const rows = await runNamed<CardRow>(
    db,
    `saved_${options.cursor ? 'k' : ''}_${limit}`,
    () => `SELECT ${CARD_COLUMNS}, true AS liked
      FROM post_likes s JOIN posts p ON p.id = s.post_id JOIN users u ON u.id = p.user_id
      WHERE s.user_id = $1 AND p.campus_id = $2 AND p.moderation IS NULL
        -- A saved post of someone blocked either way since is left out (docs/decisions/015-chats-notifications-blocks.md).
        AND NOT ${BLOCKED_EITHER_WAY('$1')}
        ${options.cursor ? 'AND (p.last_modified, p.id) < ($3::timestamptz, $4)' : ''}
      ORDER BY p.last_modified DESC, p.id DESC LIMIT ${limit}`,
    [options.userId, options.campusId, ...cursorValues(options.cursor)],
  );
  return rows.map(toListed);
}

/** Posts by id as cards for the viewer (e.g. a feed page's sponsored posts), in the order of `ids`. */
export async function listedByIds(db: DbOrTx, viewerId: string | null, ids: string[]): Promise<ListedPost[]> {
  if (ids.length === 0) return [];
  const rows = await runNamed<CardRow>(
    db,
    'cards_by_ids',
    () => `SELECT ${CARD_COLUMNS}, ${LIKED_BY('$1')}
      FROM posts p JOIN users u ON u.id = p.user_id
      WHERE p.id = ANY($2::text[]) AND (p.moderation IS NULL OR p.user_id = $1)`,
    [viewerId, ids],
  );
  return inOrderOf(ids, rows, (r) => r.id).map(toListed);
}

/** Where a row of a post page stands: the post, a post above it, or a comment below it. */
type PostPageRole = 'post' | 'ancestor' | 'comment';
export interface PostPageRow extends ListedPost {
  role: PostPageRole;
  /** The viewer and the author blocked each other, either way. */
  hidden: boolean;
  /**
   * Hidden or removed by moderation: only its author may read it, so the caller leaves it out for
   * anyone else, and a page with any such row is never shared (whoever read it).
   */
  moderated: boolean;
}

/**
 * Everything a post page shows, in one statement: the post; the posts above it (nearest
 * first in the walk, returned top-level first), at most `maxAncestors` — the nearest
 * `maxAncestors - 1` and the top-level post; up to `maxComments` comments and replies below
 * it, shallowest first and oldest first within a level, so parents come before their replies.
 * Each row says whether its author and the viewer blocked each other; the caller leaves those out.
 * The row estimates of recursive queries are guesses, so the generic plan hashed the whole
 * posts table to join them: each step is a LATERAL subquery (`OFFSET 0` keeps it one), which
 * makes every lookup an index probe by key (posts/plans.test.ts checks the plan).
 */
export async function loadPostPage(
  db: DbOrTx,
  options: { viewerId: string; id: string; maxAncestors: number; maxComments: number },
): Promise<PostPageRow[]> {
  const maxAncestors = literalCount(options.maxAncestors);
  const maxComments = literalCount(options.maxComments);
  const rows = await runNamed<CardRow & { role: number; hidden: boolean; moderated: boolean }>(
    db,
    `post_page_${maxAncestors}_${maxComments}`,
    () => `WITH RECURSIVE
      chain(id, parent, depth) AS (
        SELECT id, post_commented_on, 0 FROM posts WHERE id = $2
        UNION ALL
        SELECT p.id, p.post_commented_on, c.depth + 1 FROM posts p JOIN chain c ON p.id = c.parent
      ),
      above AS (SELECT id, depth, max(depth) OVER () AS top FROM chain WHERE depth > 0),
      tree(id, created_at, depth) AS (
        SELECT id, created_at, 0 FROM posts WHERE post_commented_on = $2
        UNION ALL
        SELECT c.id, c.created_at, t.depth + 1 FROM tree t
        CROSS JOIN LATERAL (SELECT p.id, p.created_at FROM posts p WHERE p.post_commented_on = t.id OFFSET 0) c
      ),
      picked(id, role, ord) AS (
        SELECT id, 0, 0::bigint FROM chain WHERE depth = 0
        UNION ALL
        SELECT id, 1, -depth FROM above WHERE top <= ${maxAncestors} OR depth < ${maxAncestors} OR depth = top
        UNION ALL
        (SELECT id, 2, row_number() OVER (ORDER BY depth, created_at, id) FROM tree
          ORDER BY depth, created_at, id LIMIT ${maxComments})
      )
      SELECT x.role, c.* FROM picked x CROSS JOIN LATERAL (
        SELECT ${CARD_COLUMNS}, ${LIKED_BY('$1')}, ${BLOCKED_EITHER_WAY('$1')} AS hidden,
          p.moderation IS NOT NULL AS moderated
        FROM posts p JOIN users u ON u.id = p.user_id
        -- Hidden or removed by moderation: read here for everyone and marked; the caller shows
        -- it to its author only and never keeps such a page for others (docs/product/moderation.md).
        WHERE p.id = x.id OFFSET 0
      ) c
      ORDER BY x.role, x.ord`,
    [options.viewerId, options.id],
  );
  const roles: PostPageRole[] = ['post', 'ancestor', 'comment'];
  return rows.map((r) => ({
    ...toListed(r),
    role: roles[r.role] as PostPageRole,
    hidden: r.hidden,
    moderated: r.moderated,
  }));
}

/** Someone's saved posts of one campus (docs/product/community.md#post-queries, a profile's Likes tab), newest-modified first. */
export async function listLiked(
  db: DbOrTx,
  options: { userId: string; campusId: string; cursor?: Cursor; limit: number },
): Promise<PostWithAuthor[]> {
  const limit = literalCount(options.limit);
  const rows = await runNamed<PostRow>(
    db,
    `liked_${options.cursor ? 'k' : ''}_${limit}`,
    () => `SELECT ${POST_COLUMNS}
      FROM post_likes s JOIN posts p ON p.id = s.post_id JOIN users u ON u.id = p.user_id
      WHERE s.user_id = $1 AND p.campus_id = $2 AND p.moderation IS NULL
        ${options.cursor ? 'AND (p.last_modified, p.id) < ($3::timestamptz, $4)' : ''}
      ORDER BY p.last_modified DESC, p.id DESC LIMIT ${limit}`,
    [options.userId, options.campusId, ...cursorValues(options.cursor)],
  );
  return rows.map(toPost);
}

export type ProfileListKind = 'posts' | 'photos' | 'replies';

/** Each profile tab's filter and sort column, written to match its partial index (migration 0007). */
const PROFILE_LISTS: Record<ProfileListKind, { filter: string; column: string }> = {
  // posts_user_top_idx
  posts: { filter: `p.post_commented_on IS NULL AND p.type <> 'new user'`, column: 'last_modified' },
  // posts_user_photos_idx
  photos: { filter: 'p.img_count > 0', column: 'created_at' },
  // posts_user_replies_idx
  replies: { filter: 'p.post_commented_on IS NOT NULL', column: 'last_modified' },
};

/**
 * A profile tab (docs/product/profiles.md#profile-lists), one named statement per page, each on its own
 * partial index (migration 0007):
 * - posts: top-level posts, 'new user' posts excluded, newest-modified first;
 * - photos: posts, comments and replies with at least one photo or video, newest first;
 * - replies: comments and replies, newest-modified first.
 * Always within one campus. The sort column is returned as `at` for the next cursor.
 */
export async function listProfilePosts(
  db: DbOrTx,
  options: { kind: ProfileListKind; userId: string; campusId: string; cursor?: Cursor; limit: number },
): Promise<Array<PostWithAuthor & { at: Date }>> {
  const { kind, cursor } = options;
  const limit = literalCount(options.limit);
  const { filter, column } = PROFILE_LISTS[kind];
  const rows = await runNamed<PostRow & { at: Date }>(
    db,
    `profile_${kind}_${cursor ? 'k' : ''}_${limit}`,
    () => `SELECT ${POST_COLUMNS}, p.${column} AS at
      FROM posts p JOIN users u ON u.id = p.user_id
      WHERE p.user_id = $1 AND p.campus_id = $2 AND ${filter} AND p.moderation IS NULL
        ${cursor ? `AND (p.${column}, p.id) < ($3::timestamptz, $4)` : ''}
      ORDER BY p.${column} DESC, p.id DESC LIMIT ${limit}`,
    [options.userId, options.campusId, ...cursorValues(cursor)],
  );
  return rows.map((r) => ({ ...toPost(r), at: r.at }));
}

/**
 * `@username` as a whole word, case-insensitive: not inside a longer handle (`@ann` does not
 * match `@anna` or `@ann-2`) nor in an email address (`x@ann.edu` has no word break before @).
 * Usernames are lower-case letters, digits and '-' (docs/product/accounts.md#username-generation); anything else is escaped.
 */
export function mentionPattern(username: string): string {
  const escaped = username.toLowerCase().replace(/[^a-z0-9]/g, (c) => `\\${c}`);
  return `(^|[^a-z0-9_.@-])@${escaped}($|[^a-z0-9_-])`;
}

export interface MentionsOptions {
  userId: string;
  username: string;
  campusId: string;
  cursor?: Cursor;
  limit: number;
}

/** The name and values of the mentions statement (its plan is tested through `statementText`). */
export function mentionsStatement(options: MentionsOptions): { name: string; build: () => string; values: unknown[] } {
  const limit = literalCount(options.limit);
  const likeEscaped = options.username.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return {
    name: `mentions_${options.cursor ? 'k' : ''}_${limit}`,
    build: () => `SELECT ${CARD_COLUMNS}, ${LIKED_BY('$1')}
      FROM posts p JOIN users u ON u.id = p.user_id
      WHERE p.campus_id = $2 AND p.type = 'post' AND p.user_id <> $1
        -- A literal, so the planner can use the partial index of texts with an '@' (posts_mentions_idx).
        AND p.plain_text LIKE '%@%' AND p.plain_text ILIKE $3 AND p.plain_text ~* $4
        AND NOT ${BLOCKED_EITHER_WAY('$1')}
        ${options.cursor ? 'AND (p.created_at, p.id) < ($5::timestamptz, $6)' : ''}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}`,
    values: [
      options.userId,
      options.campusId,
      `%@${likeEscaped}%`,
      mentionPattern(options.username),
      ...cursorValues(options.cursor),
    ],
  };
}

/**
 * Posts and comments of a campus that mention the user (/notifications/mentions), newest first,
 * keyset by (created_at, id). The viewer's own posts and authors blocked either way are left out.
 * The cheap `ILIKE` narrows the rows (through the trigram index) before the regular expression decides.
 */
export async function listMentions(db: DbOrTx, options: MentionsOptions): Promise<ListedPost[]> {
  const { name, build, values } = mentionsStatement(options);
  return (await runNamed<CardRow>(db, name, build, values)).map(toListed);
}

// Single posts

/** A post with its author. */
export async function findPost(db: DbOrTx, id: string): Promise<PostWithAuthor | undefined> {
  const [row] = await runNamed<PostRow>(
    db,
    'post_by_id',
    () => `SELECT ${POST_COLUMNS} FROM posts p JOIN users u ON u.id = p.user_id WHERE p.id = $1`,
    [id],
  );
  return row && toPost(row);
}

/** Posts by id with their authors and media, in the order of `ids` (missing ones left out). */
export async function findPosts(db: DbOrTx, ids: string[]): Promise<PostWithMedia[]> {
  if (ids.length === 0) return [];
  const rows = await runNamed<CardRow>(
    db,
    'posts_by_ids',
    () => `SELECT ${CARD_COLUMNS} FROM posts p JOIN users u ON u.id = p.user_id WHERE p.id = ANY($1::text[])`,
    [ids],
  );
  return inOrderOf(ids, rows, (r) => r.id).map((r) => ({ ...toPost(r), media: r.media }));
}

/** Media of posts, in post then picture order. */
export async function mediaOf(db: DbOrTx, postIds: string[]): Promise<MediaRow[]> {
  if (postIds.length === 0) return [];
  return runNamed<MediaRow>(
    db,
    'media_of',
    () => `SELECT id, post_id AS "postId", kind, path, feed_path AS "feedPath", name, img_order AS "order", width,
        height, bytes, created_at AS "createdAt"
      FROM post_media WHERE post_id = ANY($1::text[]) ORDER BY post_id, img_order`,
    [postIds],
  );
}

/** Which of `postIds` the user saved. */
export async function likedAmong(db: DbOrTx, userId: string, postIds: string[]): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const rows = await runNamed<{ postId: string }>(
    db,
    'liked_among',
    () => `SELECT post_id AS "postId" FROM post_likes WHERE user_id = $1 AND post_id = ANY($2::text[])`,
    [userId, postIds],
  );
  return new Set(rows.map((r) => r.postId));
}

/** The author of a post, or undefined. */
export async function authorOf(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await runNamed<{ userId: string }>(
    db,
    'post_author',
    () => `SELECT user_id AS "userId" FROM posts WHERE id = $1`,
    [id],
  );
  return row?.userId;
}

/** How many posts, comments and replies these accounts wrote ('new user' posts not counted). */
export async function countWrittenBy(db: DbOrTx, userIds: string[]): Promise<number> {
  const [row] = await runNamed<{ n: number }>(
    db,
    'posts_written_by',
    () => `SELECT count(*)::int AS n FROM posts WHERE user_id = ANY($1::text[]) AND type = 'post'`,
    [userIds],
  );
  return row?.n ?? 0;
}

// Threads

/** The posts above `id`, nearest first (the parent chain of a reply). */
export async function ancestorIds(db: DbOrTx, id: string): Promise<string[]> {
  const rows = await runNamed<{ id: string }>(
    db,
    'post_ancestors',
    () => `WITH RECURSIVE chain(id, parent, depth) AS (
        SELECT id, post_commented_on, 0 FROM posts WHERE id = $1
        UNION ALL
        SELECT p.id, p.post_commented_on, c.depth + 1 FROM posts p JOIN chain c ON p.id = c.parent
      )
      SELECT id FROM chain WHERE depth > 0 ORDER BY depth`,
    [id],
  );
  return rows.map((r) => r.id);
}

/**
 * Whether `id` or any post above it was written by someone the viewer blocked or who blocked
 * the viewer. Their thread is theirs: the viewer may neither comment in it nor save from it.
 */
export async function blockedAlongChain(db: DbOrTx, viewerId: string, id: string): Promise<boolean> {
  const [row] = await runNamed<{ blocked: boolean }>(
    db,
    'post_chain_blocked',
    () => `WITH RECURSIVE chain(id, user_id, parent) AS (
        SELECT id, user_id, post_commented_on FROM posts WHERE id = $2
        UNION ALL
        SELECT p.id, p.user_id, p.post_commented_on FROM posts p JOIN chain c ON p.id = c.parent
      )
      SELECT EXISTS (SELECT 1 FROM chain c JOIN blocks b
        ON (b.blocker_id = $1 AND b.blocked_id = c.user_id)
        OR (b.blocker_id = c.user_id AND b.blocked_id = $1)) AS blocked`,
    [viewerId, id],
  );
  return row?.blocked === true;
}

/**
 * Whether `id` or any post above it was hidden or removed by the moderators and is not the
 * viewer's own (docs/product/moderation.md): to everyone but its author it is gone, so nobody
 * else saves it or comments under it.
 */
export async function moderatedAlongChain(db: DbOrTx, viewerId: string, id: string): Promise<boolean> {
  const [row] = await runNamed<{ moderated: boolean }>(
    db,
    'post_chain_moderated',
    () => `WITH RECURSIVE chain(id, user_id, moderation, parent) AS (
        SELECT id, user_id, moderation, post_commented_on FROM posts WHERE id = $2
        UNION ALL
        SELECT p.id, p.user_id, p.moderation, p.post_commented_on FROM posts p JOIN chain c ON p.id = c.parent
      )
      SELECT EXISTS (SELECT 1 FROM chain WHERE moderation IS NOT NULL AND user_id <> $1) AS moderated`,
    [viewerId, id],
  );
  return row?.moderated === true;
}

/** `id` and everything below it. */
export async function subtreeIds(db: DbOrTx, id: string): Promise<string[]> {
  const rows = await runNamed<{ id: string }>(
    db,
    'post_subtree',
    () => `WITH RECURSIVE tree(id) AS (
        SELECT id FROM posts WHERE id = $1
        UNION ALL
        SELECT p.id FROM posts p JOIN tree t ON p.post_commented_on = t.id
      )
      SELECT id FROM tree`,
    [id],
  );
  return rows.map((r) => r.id);
}

// Writes

export interface NewPost {
  id: string;
  campusId: string;
  userId: string;
  text: unknown;
  plainText: string;
  category: string | null;
  priceCents: number | null;
  condition: string | null;
  postCommentedOn: string | null;
  rootId: string | null;
  imgCount: number;
  at: Date;
}

export async function insertPost(db: DbOrTx, p: NewPost): Promise<void> {
  await runNamed(
    db,
    'post_insert',
    () => `INSERT INTO posts (id, campus_id, user_id, type, text, plain_text, category, price_cents,
        post_commented_on, root_id, img_count, created_at, last_modified, condition)
      VALUES ($1, $2, $3, 'post', $4::jsonb, $5, $6, $7, $8, $9, $10, $11, $11, $12)`,
    [
      p.id,
      p.campusId,
      p.userId,
      p.text === null || p.text === undefined ? null : JSON.stringify(p.text),
      p.plainText,
      p.category,
      p.priceCents,
      p.postCommentedOn,
      p.rootId,
      p.imgCount,
      p.at,
      p.condition,
    ],
  );
}

export type NewMedia = Pick<
  MediaRow,
  'id' | 'postId' | 'kind' | 'path' | 'feedPath' | 'name' | 'order' | 'width' | 'height' | 'bytes' | 'createdAt'
>;

/** A post's media rows, in one statement. */
export async function insertMedia(db: DbOrTx, rows: NewMedia[]): Promise<void> {
  if (rows.length === 0) return;
  await runNamed(
    db,
    'post_media_insert',
    () => `INSERT INTO post_media (id, post_id, kind, path, feed_path, name, img_order, width, height, bytes, created_at)
      SELECT * FROM jsonb_to_recordset($1::jsonb) AS m(id text, post_id text, kind text, path text, feed_path text,
        name text, img_order integer, width integer, height integer, bytes integer, created_at timestamptz)`,
    [
      JSON.stringify(
        rows.map((m) => ({
          id: m.id,
          post_id: m.postId,
          kind: m.kind,
          path: m.path,
          feed_path: m.feedPath,
          name: m.name,
          img_order: m.order,
          width: m.width,
          height: m.height,
          bytes: m.bytes,
          created_at: m.createdAt.toISOString(),
        })),
      ),
    ],
  );
}

/** Moves an author's count of top-level posts by `delta` (never below 0). */
export async function addToTotalPosts(db: DbOrTx, userId: string, delta: 1 | -1): Promise<void> {
  await runNamed(
    db,
    'post_author_total',
    () => `UPDATE users SET total_posts = greatest(total_posts + $2, 0) WHERE id = $1`,
    [userId, delta],
  );
}

/** A new comment below `ids`: each rises in the feed (lastModified) and counts one more comment. */
export async function touchThread(db: DbOrTx, ids: string[], at: Date): Promise<void> {
  await runNamed(
    db,
    'post_thread_commented',
    () => `UPDATE posts SET last_modified = $2, comments_count = comments_count + 1 WHERE id = ANY($1::text[])`,
    [ids, at],
  );
}

/** `removed` comments went from below `ids` (never below 0). */
export async function subtractComments(db: DbOrTx, ids: string[], removed: number): Promise<void> {
  await runNamed(
    db,
    'post_thread_uncommented',
    () => `UPDATE posts SET comments_count = greatest(comments_count - $2, 0) WHERE id = ANY($1::text[])`,
    [ids, removed],
  );
}

/** Deletes a post; its comments, media, saves and ads cascade. */
export async function deletePostRow(db: DbOrTx, id: string): Promise<void> {
  await runNamed(db, 'post_delete', () => 'DELETE FROM posts WHERE id = $1', [id]);
}

/**
 * Saves or unsaves (a toggle) in one statement: the save is inserted, or removed when it was
 * there, and the post's count follows. Returns undefined when the post is gone.
 */
export async function toggleSave(
  db: DbOrTx,
  postId: string,
  userId: string,
  at: Date,
): Promise<{ liked: boolean; likesCount: number } | undefined> {
  const [row] = await runNamed<{ liked: boolean; likesCount: number }>(
    db,
    'post_save_toggle',
    () => `WITH inserted AS (
        INSERT INTO post_likes (post_id, user_id, created_at) VALUES ($1, $2, $3)
        ON CONFLICT DO NOTHING RETURNING post_id
      ), removed AS (
        DELETE FROM post_likes WHERE post_id = $1 AND user_id = $2 AND NOT EXISTS (SELECT 1 FROM inserted)
        RETURNING post_id
      )
      UPDATE posts SET likes_count = greatest(likes_count
          + (SELECT count(*) FROM inserted) - (SELECT count(*) FROM removed), 0)
        WHERE id = $1
        RETURNING EXISTS (SELECT 1 FROM inserted) AS liked, likes_count AS "likesCount"`,
    [postId, userId, at],
  );
  return row;
}

// The feed state (decision 025)

/** What a viewer needs beside a kept feed page (decision 025). */
export interface FeedViewerState {
  /** The campus's feed version (migration 0012), as text: it is a bigint. */
  version: string;
  /** The people the viewer blocked or was blocked by. */
  hidden: Set<string>;
  /** Which of the asked posts the viewer saved. */
  liked: Set<string>;
}

interface FeedStateColumns {
  feedVersion: string;
  feedHidden: string[];
  feedLiked: string[];
}

/** The session lookup with the feed state's columns: `$2` the campus, `$3` the posts asked about. */
export const SESSION_WITH_FEED_STATE = sessionLookupText(`coalesce((SELECT version FROM feed_versions
    WHERE campus_id = $2), 0)::text AS "feedVersion",
  ARRAY(SELECT blocked_id FROM blocks WHERE blocker_id = u.id
    UNION SELECT blocker_id FROM blocks WHERE blocked_id = u.id) AS "feedHidden",
  ARRAY(SELECT post_id FROM post_likes WHERE user_id = u.id AND post_id = ANY($3::text[])) AS "feedLiked"`);

/**
 * The session of `token` with the viewer's feed state, so a feed page kept in the process costs
 * one statement: the campus's feed version, the viewer's blocks either way and which of
 * `postIds` the viewer saved. Undefined when the session is not valid.
 */
export function sessionWithFeedState<U extends object>(
  db: DbOrTx,
  token: string,
  campusId: string,
  postIds: string[],
): Promise<(U & { feedState: FeedViewerState }) | undefined> {
  // `.then`, not async/await: this runs on every kept page (see runNamed).
  return runNamed<U & FeedStateColumns>(db, 'session_with_feed_state', () => SESSION_WITH_FEED_STATE, [
    token,
    campusId,
    postIds,
  ]).then(([row]) => {
    if (!row) return undefined;
    const { feedVersion, feedHidden, feedLiked, ...user } = row;
    const feedState = { version: feedVersion, hidden: new Set(feedHidden), liked: new Set(feedLiked) };
    return Object.assign(user as unknown as U, { feedState });
  });
}

/** Of `ids`, the posts with a moderation state (hidden or removed) not written by `viewerId`. */
export async function moderatedNotBy(db: DbOrTx, viewerId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await runNamed<{ id: string }>(
    db,
    'posts_moderated_not_by',
    () => `SELECT id FROM posts WHERE id = ANY($1::text[]) AND moderation IS NOT NULL AND user_id <> $2`,
    [ids, viewerId],
  );
  return new Set(rows.map((r) => r.id));
}
