import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { blocks, postLikes, postMedia, posts, users } from '../../db/schema/index.ts';
import type { Cursor } from '../../lib/cursor.ts';

export type PostRow = typeof posts.$inferSelect;
export type MediaRow = typeof postMedia.$inferSelect;
export type AuthorRow = Pick<
  typeof users.$inferSelect,
  'id' | 'username' | 'firstName' | 'lastName' | 'img' | 'verified'
>;
export interface PostWithAuthor {
  post: PostRow;
  author: AuthorRow;
}
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

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
const notBlocked = (viewerId: string | undefined): SQL | undefined =>
  viewerId
    ? sql`NOT EXISTS (SELECT 1 FROM ${blocks} b WHERE (b.blocker_id = ${viewerId} AND b.blocked_id = ${posts.userId})
        OR (b.blocker_id = ${posts.userId} AND b.blocked_id = ${viewerId}))`
    : undefined;

export async function listTopLevel(
  db: Executor,
  options: {
    viewerId?: string;
    campusId: string;
    category?: string;
    mediaOnly?: boolean;
    cursor?: Cursor;
    limit: number;
  },
): Promise<PostWithAuthor[]> {
  return db
    .select({ post: posts, author: authorColumns })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(
      and(
        eq(posts.campusId, options.campusId),
        isNull(posts.postCommentedOn),
        options.category ? eq(posts.category, options.category) : undefined,
        options.mediaOnly ? sql`${posts.imgCount} > 0` : undefined,
        notBlocked(options.viewerId),
        before(options.cursor),
      ),
    )
    .orderBy(desc(posts.lastModified), desc(posts.id))
    .limit(options.limit);
}

/** The viewer's saved posts of one campus (spec 1 §7 'liked posts'), newest-modified first. */
export async function listLiked(
  db: Executor,
  options: { userId: string; campusId: string; cursor?: Cursor; limit: number },
): Promise<PostWithAuthor[]> {
  return db
    .select({ post: posts, author: authorColumns })
    .from(postLikes)
    .innerJoin(posts, eq(posts.id, postLikes.postId))
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(postLikes.userId, options.userId), eq(posts.campusId, options.campusId), before(options.cursor)))
    .orderBy(desc(posts.lastModified), desc(posts.id))
    .limit(options.limit);
}

export async function findPost(db: Executor, id: string): Promise<PostWithAuthor | undefined> {
  const [row] = await db
    .select({ post: posts, author: authorColumns })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(eq(posts.id, id));
  return row;
}

/** Posts by id with their authors, in the order of `ids` (missing ones left out). */
export async function findPosts(db: Executor, ids: string[]): Promise<PostWithAuthor[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ post: posts, author: authorColumns })
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
