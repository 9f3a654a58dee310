import { and, asc, desc, eq, getTableColumns, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { blocks, postLikes, postMedia, posts, users } from '../../db/schema/index.ts';
import type { Cursor } from '../../lib/cursor.ts';

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

/** The columns of PostFields: the tsvector stays in PostgreSQL (only search reads it). */
export const postColumns = (() => {
  const { searchVector: _searchVector, ...columns } = getTableColumns(posts);
  return columns;
})();

const authorColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  img: users.img,
  verified: users.verified,
};

/** Newest-modified first; `(last_modified, id) < cursor` as a row comparison (index-only). */
const before = (cursor: Cursor | undefined): SQL | undefined =>
  cursor
    ? sql`(${posts.lastModified}, ${posts.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id})`
    : undefined;

/** Leaves out authors the viewer blocked or who blocked the viewer (issue 9 item 9). */
const notBlocked = (viewerId: string | Placeholder | undefined): SQL | undefined =>
  viewerId
    ? sql`NOT EXISTS (SELECT 1 FROM ${blocks} b WHERE (b.blocker_id = ${viewerId} AND b.blocked_id = ${posts.userId})
        OR (b.blocker_id = ${posts.userId} AND b.blocked_id = ${viewerId}))`
    : undefined;

/** The media of a post the way the presenter reads them, in order. */
export type PostMediaJson = Pick<MediaRow, 'kind' | 'path' | 'feedPath' | 'width' | 'height'>;
/** A post of a list page with everything its card shows: author, media and the viewer's save. */
export interface ListedPost extends PostWithAuthor {
  media: PostMediaJson[];
  liked: boolean;
}

/** Media as a JSON array and the viewer's save as a boolean, so a page is one round trip. */
const listedColumns = (viewerId: Placeholder) => ({
  post: postColumns,
  author: authorColumns,
  media: sql<PostMediaJson[]>`(SELECT coalesce(json_agg(json_build_object('kind', m.kind, 'path', m.path,
      'feedPath', m.feed_path, 'width', m.width, 'height', m.height) ORDER BY m.img_order), '[]'::json)
    FROM ${postMedia} m WHERE m.post_id = ${posts.id})`,
  liked: sql<boolean>`EXISTS (SELECT 1 FROM ${postLikes} l WHERE l.post_id = ${posts.id} AND l.user_id = ${viewerId})`,
});
const placeholderCursor = sql`(${posts.lastModified}, ${posts.id}) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('cursorId')})`;

/**
 * List pages are prepared statements, one per shape of the query (built once per database,
 * planned once per connection): the hot paths skip building SQL on every request.
 */
const preparedByDb = new WeakMap<
  Database,
  Map<string, { execute(values: Record<string, unknown>): Promise<ListedPost[]> }>
>();
function prepared(
  db: Database,
  name: string,
  build: () => { execute(values: Record<string, unknown>): Promise<ListedPost[]> },
) {
  let byName = preparedByDb.get(db);
  if (!byName) {
    byName = new Map();
    preparedByDb.set(db, byName);
  }
  let query = byName.get(name);
  if (!query) {
    query = build();
    byName.set(name, query);
  }
  return query;
}
const cursorValues = (cursor: Cursor | undefined) =>
  cursor ? { at: cursor.at.toISOString(), cursorId: cursor.id } : {};

/** A feed page (top-level posts of a campus, newest-modified first), in one query. */
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
): Promise<ListedPost[]> {
  const name = `posts_feed_${options.category ? 'c' : ''}${options.mediaOnly ? 'm' : ''}${options.cursor ? 'k' : ''}`;
  const query = prepared(db, name, () =>
    db
      .select(listedColumns(sql.placeholder('viewerId')))
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(
        and(
          eq(posts.campusId, sql.placeholder('campusId')),
          isNull(posts.postCommentedOn),
          options.category ? eq(posts.category, sql.placeholder('category')) : undefined,
          options.mediaOnly ? sql`${posts.imgCount} > 0` : undefined,
          notBlocked(sql.placeholder('viewerId')),
          options.cursor ? placeholderCursor : undefined,
        ),
      )
      .orderBy(desc(posts.lastModified), desc(posts.id))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );
  return query.execute({
    viewerId: options.viewerId,
    campusId: options.campusId,
    category: options.category,
    limit: options.limit,
    ...cursorValues(options.cursor),
  });
}

/** The viewer's saved posts of one campus as a page of cards, in one query. */
export async function listSavedPage(
  db: Database,
  options: { userId: string; campusId: string; cursor?: Cursor; limit: number },
): Promise<ListedPost[]> {
  const name = `posts_saved${options.cursor ? '_k' : ''}`;
  const query = prepared(db, name, () =>
    db
      .select(listedColumns(sql.placeholder('userId')))
      .from(postLikes)
      .innerJoin(posts, eq(posts.id, postLikes.postId))
      .innerJoin(users, eq(users.id, posts.userId))
      .where(
        and(
          eq(postLikes.userId, sql.placeholder('userId')),
          eq(posts.campusId, sql.placeholder('campusId')),
          // A saved post of someone blocked either way since is left out (issue 9 item 9).
          notBlocked(sql.placeholder('userId')),
          options.cursor ? placeholderCursor : undefined,
        ),
      )
      .orderBy(desc(posts.lastModified), desc(posts.id))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );
  return query.execute({
    userId: options.userId,
    campusId: options.campusId,
    limit: options.limit,
    ...cursorValues(options.cursor),
  });
}

/** The viewer's saved posts of one campus (spec 1 §7 'liked posts'), newest-modified first. */
export async function listLiked(
  db: Executor,
  options: { userId: string; campusId: string; cursor?: Cursor; limit: number },
): Promise<PostWithAuthor[]> {
  return db
    .select({ post: postColumns, author: authorColumns })
    .from(postLikes)
    .innerJoin(posts, eq(posts.id, postLikes.postId))
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(postLikes.userId, options.userId), eq(posts.campusId, options.campusId), before(options.cursor)))
    .orderBy(desc(posts.lastModified), desc(posts.id))
    .limit(options.limit);
}

export async function findPost(db: Executor, id: string): Promise<PostWithAuthor | undefined> {
  const [row] = await db
    .select({ post: postColumns, author: authorColumns })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(eq(posts.id, id));
  return row;
}

/** Posts by id with their authors, in the order of `ids` (missing ones left out). */
export async function findPosts(db: Executor, ids: string[]): Promise<PostWithAuthor[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ post: postColumns, author: authorColumns })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(inArray(posts.id, ids));
  const byId = new Map(rows.map((r) => [r.post.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is PostWithAuthor => r !== undefined);
}

/**
 * Up to `limit` comments and replies below `id`, shallowest first and oldest first within a
 * level, so parents always come before their replies. The walk collects ids only; the rows
 * are read for the ones kept.
 */
export async function listSubtree(db: Executor, id: string, limit: number): Promise<PostWithAuthor[]> {
  const result = await db.execute<{ id: string }>(sql`
    WITH RECURSIVE tree(id, created_at, depth) AS (
      SELECT id, created_at, 0 FROM ${posts} WHERE post_commented_on = ${id}
      UNION ALL
      SELECT p.id, p.created_at, t.depth + 1 FROM ${posts} p JOIN tree t ON p.post_commented_on = t.id
    )
    SELECT id FROM tree ORDER BY depth, created_at, id LIMIT ${limit}`);
  return findPosts(
    db,
    result.rows.map((r) => r.id),
  );
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

export async function mediaOf(db: Executor, postIds: string[]): Promise<MediaRow[]> {
  if (postIds.length === 0) return [];
  return db
    .select()
    .from(postMedia)
    .where(inArray(postMedia.postId, postIds))
    .orderBy(asc(postMedia.postId), asc(postMedia.order));
}

export async function likedAmong(db: Executor, userId: string, postIds: string[]): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .select({ postId: postLikes.postId })
    .from(postLikes)
    .where(and(eq(postLikes.userId, userId), inArray(postLikes.postId, postIds)));
  return new Set(rows.map((r) => r.postId));
}
