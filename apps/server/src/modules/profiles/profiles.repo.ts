import { and, desc, eq, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { blocks, posts, users } from '../../db/schema/index.ts';
import type { Cursor } from '../../lib/cursor.ts';
import type { PostWithAuthor } from '../posts/posts.repo.ts';

export type ProfileRow = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'username'
  | 'firstName'
  | 'lastName'
  | 'img'
  | 'bio'
  | 'verified'
  | 'schoolVerified'
  | 'campusId'
  | 'profileSetUp'
  | 'totalPosts'
  | 'createdAt'
>;

/**
 * A profile by username, ignoring case (the column is citext), with whether the viewer and
 * the owner blocked each other (and whether the viewer did) — one query. Only the whitelisted columns are read.
 */
export async function findProfile(
  db: DbOrTx,
  username: string,
  viewerId: string,
): Promise<(ProfileRow & { blocked: boolean; blockedByViewer: boolean }) | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      img: users.img,
      bio: users.bio,
      verified: users.verified,
      schoolVerified: users.schoolVerified,
      campusId: users.campusId,
      profileSetUp: users.profileSetUp,
      totalPosts: users.totalPosts,
      createdAt: users.createdAt,
      blocked: sql<boolean>`EXISTS (SELECT 1 FROM ${blocks} b WHERE (b.blocker_id = ${viewerId} AND b.blocked_id = ${users.id})
        OR (b.blocker_id = ${users.id} AND b.blocked_id = ${viewerId}))`,
      blockedByViewer: sql<boolean>`EXISTS (SELECT 1 FROM ${blocks} b WHERE b.blocker_id = ${viewerId} AND b.blocked_id = ${users.id})`,
    })
    .from(users)
    .where(eq(users.username, username));
  return row;
}

const authorColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  img: users.img,
  verified: users.verified,
};

/** Keyset position on (time column, id), newest first, as a row comparison (index range). */
const before = (column: typeof posts.lastModified | typeof posts.createdAt, cursor: Cursor | undefined) =>
  cursor ? sql`(${column}, ${posts.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id})` : undefined;

export type ProfileListKind = 'posts' | 'photos' | 'replies';

/**
 * A profile tab (spec 2 §7 'Profile lists'), one query per page, each on its own partial index
 * (migration 0007):
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
  const column = kind === 'photos' ? posts.createdAt : posts.lastModified;
  const filter: SQL | undefined =
    kind === 'posts'
      ? and(isNull(posts.postCommentedOn), ne(posts.type, 'new user'))
      : kind === 'photos'
        ? sql`${posts.imgCount} > 0`
        : isNotNull(posts.postCommentedOn);
  return db
    .select({ post: posts, author: authorColumns, at: column })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.userId, options.userId), eq(posts.campusId, options.campusId), filter, before(column, cursor)))
    .orderBy(desc(column), desc(posts.id))
    .limit(options.limit);
}

/** The sign-in address of an account: only for sending it mail, never for an answer. */
export async function emailOf(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row?.email;
}
