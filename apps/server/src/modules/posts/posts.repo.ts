import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { postLikes, postMedia, posts, users } from '../../db/schema/index.ts';
import type { Cursor } from '../../lib/cursor.ts';
import type { SessionRider } from '../../plugins/session.ts';
import { userSummaryColumns } from '../users/users.repo.ts';

export type PostRow = typeof posts.$inferSelect;
export type MediaRow = typeof postMedia.$inferSelect;
export type AuthorRow = Pick<
  typeof users.$inferSelect,
  'id' | 'username' | 'firstName' | 'lastName' | 'img' | 'verified'
>;
/** A post as lists and pages read it: every column but the search index's `search_vector`. */
export type PostFields = Omit<PostRow, 'searchVector'>;
export interface PostWithAuthor {
  post: PostFields;
  author: AuthorRow;
}
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;
/** A transaction runs its statements on its own connection: named statements are for the pool. */
const isTransaction = (db: Executor): db is Tx => db instanceof PgTransaction;

/** The columns of PostFields: the tsvector stays in PostgreSQL (only search reads it). */
export const postColumns = (() => {
  const { searchVector: _searchVector, ...columns } = getTableColumns(posts);
  return columns;
})();

/** The media of a post the way the presenter reads them, in order. */
export type PostMediaJson = Pick<MediaRow, 'kind' | 'path' | 'feedPath' | 'width' | 'height'>;
/** The columns of a post that a card shows (and policies read). */
export type CardPost = Pick<
  PostFields,
  | 'id'
  | 'campusId'
  | 'userId'
  | 'type'
  | 'plainText'
  | 'category'
  | 'priceCents'
  | 'postCommentedOn'
  | 'rootId'
  | 'imgCount'
  | 'likesCount'
  | 'commentsCount'
  | 'createdAt'
  | 'lastModified'
>;
/** A post of a list page with everything its card shows: author, media and the viewer's save. */
export interface ListedPost {
  post: CardPost;
  author: AuthorRow;
  media: PostMediaJson[];
  liked: boolean;
}

/*
 * The hot read paths (feed, media feed, saved, sponsored posts, post page) are hand-written SQL
 * run by name on the pool: `pg` parses a named statement once per connection, nothing is built
 * per request, and rows are mapped by column aliases. One statement text per name (PostgreSQL
 * refuses a second text under a used name on a connection), so a name carries the query's shape
 * — and the page size, a literal: with `LIMIT $n` the generic plan of a prepared statement is
 * costed for 10 % of the table, which crossed `jit_above_cost` and made PostgreSQL JIT-compile
 * the feed on every execution (20+ ms each).
 */
const CARD_COLUMNS = `p.id, p.campus_id AS "campusId", p.user_id AS "userId", p.type, p.plain_text AS "plainText",
  p.category, p.price_cents AS "priceCents", p.post_commented_on AS "postCommentedOn", p.root_id AS "rootId",
  p.img_count AS "imgCount", p.likes_count AS "likesCount", p.comments_count AS "commentsCount",
  (extract(epoch FROM p.created_at) * 1000)::float8 AS "createdAt",
  (extract(epoch FROM p.last_modified) * 1000)::float8 AS "lastModified",
  u.username::text AS username, u.first_name AS "firstName", u.last_name AS "lastName", u.img, u.verified,
  (SELECT coalesce(json_agg(json_build_object('kind', m.kind, 'path', m.path, 'feedPath', m.feed_path,
      'width', m.width, 'height', m.height) ORDER BY m.img_order), '[]'::json)
    FROM post_media m WHERE m.post_id = p.id) AS media`;
/** The viewer's save of `p` (the post_likes primary key). */
const LIKED_BY = (viewer: string) =>
  `EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ${viewer}) AS liked`;
/** Whether the viewer and the author of `p` blocked each other, either way (issue 9 item 9). */
const BLOCKED_EITHER_WAY = (viewer: string) =>
  `EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${viewer} AND b.blocked_id = p.user_id)
    OR (b.blocker_id = p.user_id AND b.blocked_id = ${viewer}))`;

/**
 * Times come as epoch milliseconds (the columns keep milliseconds): a number is parsed far
 * more cheaply than `pg`'s text timestamps (a regular expression per value, two per row).
 */
type CardRow = Omit<CardPost, 'createdAt' | 'lastModified'> & {
  createdAt: number;
  lastModified: number;
} & Pick<AuthorRow, 'username' | 'firstName' | 'lastName' | 'img' | 'verified'> & {
    media: PostMediaJson[];
    liked: boolean;
  };
function toListed(r: CardRow): ListedPost {
  return {
    post: {
      id: r.id,
      campusId: r.campusId,
      userId: r.userId,
      type: r.type,
      plainText: r.plainText,
      category: r.category,
      priceCents: r.priceCents,
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
    media: r.media,
    liked: r.liked,
  };
}

/** Statement texts by name, built on first use. */
const texts = new Map<string, string>();
/** The text of a named statement built so far (the plan tests explain them). */
export const statementText = (name: string): string | undefined => texts.get(name);
/**
 * Runs a named statement on the pool (parsed once per connection); `build` makes its text on
 * first use. One text per name: the name must carry everything that shapes the text.
 */
export async function runNamed<R extends object>(
  db: Database,
  name: string,
  build: () => string,
  values: unknown[],
): Promise<R[]> {
  let text = texts.get(name);
  if (text === undefined) {
    text = build();
    texts.set(name, text);
  }
  return (await db.$client.query<R>({ name, text, values })).rows;
}
/** Every column of PostFields (`p`) and the author (`u`), aliased as PostWithAuthorRow reads them. */
export const POST_WITH_AUTHOR_COLUMNS = `p.id, p.campus_id AS "campusId", p.user_id AS "userId", p.type, p.text,
  p.plain_text AS "plainText", p.category, p.price_cents AS "priceCents", p.post_commented_on AS "postCommentedOn",
  p.root_id AS "rootId", p.img_count AS "imgCount", p.likes_count AS "likesCount", p.comments_count AS "commentsCount",
  p.views, p.accounts_reached AS "accountsReached", p.direct_messages AS "directMessages", p.copied_link AS "copiedLink",
  p.external_link_clicks AS "externalLinkClicks", p.profile_visits AS "profileVisits", p.created_at AS "createdAt",
  p.last_modified AS "lastModified",
  u.username::text AS username, u.first_name AS "firstName", u.last_name AS "lastName", u.img, u.verified`;
export type PostWithAuthorRow = PostFields &
  Pick<AuthorRow, 'username' | 'firstName' | 'lastName' | 'img' | 'verified'>;
export function toPostWithAuthor(r: PostWithAuthorRow): PostWithAuthor {
  return {
    post: {
      id: r.id,
      campusId: r.campusId,
      userId: r.userId,
      type: r.type,
      text: r.text,
      plainText: r.plainText,
      category: r.category,
      priceCents: r.priceCents,
      postCommentedOn: r.postCommentedOn,
      rootId: r.rootId,
      imgCount: r.imgCount,
      likesCount: r.likesCount,
      commentsCount: r.commentsCount,
      views: r.views,
      accountsReached: r.accountsReached,
      directMessages: r.directMessages,
      copiedLink: r.copiedLink,
      externalLinkClicks: r.externalLinkClicks,
      profileVisits: r.profileVisits,
      createdAt: r.createdAt,
      lastModified: r.lastModified,
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

/** A count written into a statement's text: a small positive integer, never a string. */
export function literalCount(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error(`bad count ${n}`);
  return n;
}
const cursorValues = (cursor: Cursor | undefined) => (cursor ? [cursor.at.toISOString(), cursor.id] : []);

/** A feed page and the authors hidden from the viewer (blocked either way), for its sponsored posts. */
export interface FeedRows {
  rows: ListedPost[];
  /** Known when the page has rows (an empty page has no sponsored slots to filter). */
  hidden: Set<string>;
}

/**
 * A feed page (top-level posts of a campus, newest-modified first, authors blocked either way
 * left out), in one statement on `posts_feed_idx` (or its category / media partial twins). The
 * viewer's blocks are read once in the statement and come back with the rows, so the page's
 * sponsored posts are filtered without another round trip. (The rows are filtered with the
 * anti-join on the blocks keys, not `<> ALL (hidden)`: the planner cannot estimate the latter
 * and its generic plan read and sorted the whole campus, 2.5 s a page on 200k posts.)
 */
export async function listTopLevel(
  db: Database,
  options: {
    viewerId: string;
    campusId: string;
    category?: string;
    mediaOnly?: boolean;
    cursor?: Cursor;
    limit: number;
  },
): Promise<FeedRows> {
  const { category, mediaOnly, cursor } = options;
  const limit = literalCount(options.limit);
  const name = `feed_${category ? 'c' : ''}${mediaOnly ? 'm' : ''}${cursor ? 'k' : ''}_${limit}`;
  const rows = await runNamed<CardRow & { hidden: string[] }>(
    db,
    name,
    () => {
      let n = 2;
      const where = ['p.campus_id = $2', 'p.post_commented_on IS NULL', `NOT ${BLOCKED_EITHER_WAY('$1')}`];
      if (category) where.push(`p.category = $${++n}`);
      if (mediaOnly) where.push('p.img_count > 0');
      if (cursor) where.push(`(p.last_modified, p.id) < ($${++n}::timestamptz, $${++n})`);
      return `WITH hidden AS MATERIALIZED (
          SELECT coalesce(array_agg(h.id), '{}') AS ids FROM (
            SELECT blocked_id AS id FROM blocks WHERE blocker_id = $1
            UNION SELECT blocker_id FROM blocks WHERE blocked_id = $1) h
        )
        SELECT ${CARD_COLUMNS}, ${LIKED_BY('$1')}, (SELECT ids FROM hidden) AS hidden
        FROM posts p JOIN users u ON u.id = p.user_id
        WHERE ${where.join(' AND ')}
        ORDER BY p.last_modified DESC, p.id DESC LIMIT ${limit}`;
    },
    [options.viewerId, options.campusId, ...(category ? [category] : []), ...cursorValues(cursor)],
  );
  return { rows: rows.map(toListed), hidden: new Set(rows[0]?.hidden) };
}

/** What a viewer needs beside a kept feed page (decision 025). */
export interface FeedViewerState {
  /** The campus's feed version (migration 0012), as text: it is a bigint. */
  version: string;
  /** The people the viewer blocked or was blocked by. */
  hidden: Set<string>;
  /** Which of the asked posts the viewer saved. */
  liked: Set<string>;
}

/** The feed state's columns as the session lookup returns them. */
export interface FeedStateColumns {
  feedVersion: string;
  feedHidden: string[];
  feedLiked: string[];
}

/**
 * The feed state as columns of the session lookup (`request.sessionUserWith`), so a feed page
 * kept in the process costs one statement: the campus's feed version, the viewer's blocks either
 * way and which of `postIds` the viewer saved.
 */
export function feedStateRider(campusId: string, postIds: string[]): SessionRider {
  return {
    name: 'feed_state',
    columns: `coalesce((SELECT version FROM feed_versions WHERE campus_id = $2), 0)::text AS "feedVersion",
      ARRAY(SELECT blocked_id FROM blocks WHERE blocker_id = u.id
        UNION SELECT blocker_id FROM blocks WHERE blocked_id = u.id) AS "feedHidden",
      ARRAY(SELECT post_id FROM post_likes WHERE user_id = u.id AND post_id = ANY($3::text[])) AS "feedLiked"`,
    values: [campusId, postIds],
  };
}

export const feedStateOf = (row: FeedStateColumns): FeedViewerState => ({
  version: row.feedVersion,
  hidden: new Set(row.feedHidden),
  liked: new Set(row.feedLiked),
});

/** The viewer's saved posts of one campus as a page of cards, in one statement. */
export async function listSavedPage(
  db: Database,
  options: { userId: string; campusId: string; cursor?: Cursor; limit: number },
): Promise<ListedPost[]> {
  const limit = literalCount(options.limit);
  const name = `saved_${options.cursor ? 'k' : ''}_${limit}`;
  const rows = await runNamed<CardRow>(
    db,
    name,
    () => `SELECT ${CARD_COLUMNS}, true AS liked
      FROM post_likes s JOIN posts p ON p.id = s.post_id JOIN users u ON u.id = p.user_id
      WHERE s.user_id = $1 AND p.campus_id = $2
        -- A saved post of someone blocked either way since is left out (issue 9 item 9).
        AND NOT ${BLOCKED_EITHER_WAY('$1')}
        ${options.cursor ? 'AND (p.last_modified, p.id) < ($3::timestamptz, $4)' : ''}
      ORDER BY p.last_modified DESC, p.id DESC LIMIT ${limit}`,
    [options.userId, options.campusId, ...cursorValues(options.cursor)],
  );
  return rows.map(toListed);
}

/** Posts by id as cards for the viewer (e.g. a feed page's sponsored posts), in the order of `ids`. */
export async function listedByIds(db: Database, viewerId: string, ids: string[]): Promise<ListedPost[]> {
  if (ids.length === 0) return [];
  const rows = await runNamed<CardRow>(
    db,
    'cards_by_ids',
    () => `SELECT ${CARD_COLUMNS}, ${LIKED_BY('$1')}
      FROM posts p JOIN users u ON u.id = p.user_id WHERE p.id = ANY($2::text[])`,
    [viewerId, ids],
  );
  const byId = new Map(rows.map((r) => [r.id, toListed(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Where a row of a post page stands: the post, a post above it, or a comment below it. */
export type PostPageRole = 'post' | 'ancestor' | 'comment';
export interface PostPageRow extends ListedPost {
  role: PostPageRole;
  /** The viewer and the author blocked each other, either way. */
  hidden: boolean;
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
  db: Database,
  options: { viewerId: string; id: string; maxAncestors: number; maxComments: number },
): Promise<PostPageRow[]> {
  const maxAncestors = literalCount(options.maxAncestors);
  const maxComments = literalCount(options.maxComments);
  const rows = await runNamed<CardRow & { role: number; hidden: boolean }>(
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
        SELECT ${CARD_COLUMNS}, ${LIKED_BY('$1')}, ${BLOCKED_EITHER_WAY('$1')} AS hidden
        FROM posts p JOIN users u ON u.id = p.user_id WHERE p.id = x.id OFFSET 0
      ) c
      ORDER BY x.role, x.ord`,
    [options.viewerId, options.id],
  );
  const roles: PostPageRole[] = ['post', 'ancestor', 'comment'];
  return rows.map((r) => ({ ...toListed(r), role: roles[r.role] as PostPageRole, hidden: r.hidden }));
}

/** Someone's saved posts of one campus (spec 1 §7 'liked posts', a profile's Likes tab), newest-modified first. */
export async function listLiked(
  db: Database,
  options: { userId: string; campusId: string; cursor?: Cursor; limit: number },
): Promise<PostWithAuthor[]> {
  const limit = literalCount(options.limit);
  const rows = await runNamed<PostWithAuthorRow>(
    db,
    `liked_${options.cursor ? 'k' : ''}_${limit}`,
    () => `SELECT ${POST_WITH_AUTHOR_COLUMNS}
      FROM post_likes s JOIN posts p ON p.id = s.post_id JOIN users u ON u.id = p.user_id
      WHERE s.user_id = $1 AND p.campus_id = $2
        ${options.cursor ? 'AND (p.last_modified, p.id) < ($3::timestamptz, $4)' : ''}
      ORDER BY p.last_modified DESC, p.id DESC LIMIT ${limit}`,
    [options.userId, options.campusId, ...cursorValues(options.cursor)],
  );
  return rows.map(toPostWithAuthor);
}

/** A post with its author (a named statement on the pool, built SQL in a transaction). */
export async function findPost(db: Executor, id: string): Promise<PostWithAuthor | undefined> {
  if (isTransaction(db)) {
    const [row] = await db
      .select({ post: postColumns, author: userSummaryColumns })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(eq(posts.id, id));
    return row;
  }
  const [row] = await runNamed<PostWithAuthorRow>(
    db as Database,
    'post_by_id',
    () => `SELECT ${POST_WITH_AUTHOR_COLUMNS} FROM posts p JOIN users u ON u.id = p.user_id WHERE p.id = $1`,
    [id],
  );
  return row && toPostWithAuthor(row);
}

/** Posts by id with their authors, in the order of `ids` (missing ones left out). */
export async function findPosts(db: Executor, ids: string[]): Promise<PostWithAuthor[]> {
  if (ids.length === 0) return [];
  const rows = isTransaction(db)
    ? await db
        .select({ post: postColumns, author: userSummaryColumns })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(inArray(posts.id, ids))
    : (
        await runNamed<PostWithAuthorRow>(
          db as Database,
          'posts_by_ids',
          () =>
            `SELECT ${POST_WITH_AUTHOR_COLUMNS} FROM posts p JOIN users u ON u.id = p.user_id WHERE p.id = ANY($1::text[])`,
          [ids],
        )
      ).map(toPostWithAuthor);
  const byId = new Map(rows.map((r) => [r.post.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is PostWithAuthor => r !== undefined);
}

/** The posts above `id`, nearest first (the parent chain of a reply). */
export async function ancestorIds(db: Executor, id: string): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    WITH RECURSIVE chain(id, parent, depth) AS (
      SELECT id, post_commented_on, 0 FROM ${posts} WHERE id = ${id}
      UNION ALL
      SELECT p.id, p.post_commented_on, c.depth + 1 FROM ${posts} p JOIN chain c ON p.id = c.parent
    )
    SELECT id FROM chain WHERE depth > 0 ORDER BY depth`);
  return result.rows.map((r) => r.id);
}

/**
 * Whether `id` or any post above it was written by someone the viewer blocked or who blocked
 * the viewer. Their thread is theirs: the viewer may neither comment in it nor save from it.
 */
export async function blockedAlongChain(db: Executor, viewerId: string, id: string): Promise<boolean> {
  const result = await db.execute<{ blocked: boolean }>(sql`
    WITH RECURSIVE chain(id, user_id, parent) AS (
      SELECT id, user_id, post_commented_on FROM ${posts} WHERE id = ${id}
      UNION ALL
      SELECT p.id, p.user_id, p.post_commented_on FROM ${posts} p JOIN chain c ON p.id = c.parent
    )
    SELECT EXISTS (SELECT 1 FROM chain c JOIN blocks b
      ON (b.blocker_id = ${viewerId} AND b.blocked_id = c.user_id)
      OR (b.blocker_id = c.user_id AND b.blocked_id = ${viewerId})) AS blocked`);
  return result.rows[0]?.blocked === true;
}

/** `id` and everything below it. */
export async function subtreeIds(db: Executor, id: string): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    WITH RECURSIVE tree(id) AS (
      SELECT id FROM ${posts} WHERE id = ${id}
      UNION ALL
      SELECT p.id FROM ${posts} p JOIN tree t ON p.post_commented_on = t.id
    )
    SELECT id FROM tree`);
  return result.rows.map((r) => r.id);
}

/** Media rows of posts, in post then picture order (a named statement on the pool, built SQL in a transaction). */
export async function mediaOf(db: Executor, postIds: string[]): Promise<MediaRow[]> {
  if (postIds.length === 0) return [];
  if (isTransaction(db)) {
    return db
      .select()
      .from(postMedia)
      .where(inArray(postMedia.postId, postIds))
      .orderBy(asc(postMedia.postId), asc(postMedia.order));
  }
  return runNamed<MediaRow>(
    db as Database,
    'media_of',
    () => `SELECT id, post_id AS "postId", kind, path, feed_path AS "feedPath", name, img_order AS "order", width,
        height, bytes, created_at AS "createdAt"
      FROM post_media WHERE post_id = ANY($1::text[]) ORDER BY post_id, img_order`,
    [postIds],
  );
}

/** Which of `postIds` the user saved (a named statement on the pool, built SQL in a transaction). */
export async function likedAmong(db: Executor, userId: string, postIds: string[]): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  if (isTransaction(db)) {
    const rows = await db
      .select({ postId: postLikes.postId })
      .from(postLikes)
      .where(and(eq(postLikes.userId, userId), inArray(postLikes.postId, postIds)));
    return new Set(rows.map((r) => r.postId));
  }
  const rows = await runNamed<{ postId: string }>(
    db as Database,
    'liked_among',
    () => `SELECT post_id AS "postId" FROM post_likes WHERE user_id = $1 AND post_id = ANY($2::text[])`,
    [userId, postIds],
  );
  return new Set(rows.map((r) => r.postId));
}
