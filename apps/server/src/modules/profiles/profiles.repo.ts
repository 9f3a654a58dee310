import { eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Cursor } from '../../lib/cursor.ts';
import {
  literalCount,
  POST_WITH_AUTHOR_COLUMNS,
  type PostWithAuthor,
  type PostWithAuthorRow,
  runNamed,
  toPostWithAuthor,
} from '../posts/posts.repo.ts';

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
 * the owner blocked each other (and whether the viewer did) — one named statement. Only the
 * whitelisted columns are read.
 */
export async function findProfile(
  db: Database,
  username: string,
  viewerId: string,
): Promise<(ProfileRow & { blocked: boolean; blockedByViewer: boolean }) | undefined> {
  const [row] = await runNamed<ProfileRow & { blocked: boolean; blockedByViewer: boolean }>(
    db,
    'profile_by_username',
    () => `SELECT u.id, u.username::text AS username, u.first_name AS "firstName", u.last_name AS "lastName", u.img,
        u.bio, u.verified, u.school_verified AS "schoolVerified", u.campus_id AS "campusId",
        u.profile_set_up AS "profileSetUp", u.total_posts AS "totalPosts", u.created_at AS "createdAt",
        EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = $2 AND b.blocked_id = u.id)
          OR (b.blocker_id = u.id AND b.blocked_id = $2)) AS blocked,
        EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = $2 AND b.blocked_id = u.id) AS "blockedByViewer"
      FROM users u WHERE u.username = $1`,
    [username, viewerId],
  );
  return row;
}

export type ProfileListKind = 'posts' | 'photos' | 'replies';

/** Each tab's filter and sort column, written to match its partial index (migration 0007). */
const PROFILE_LISTS: Record<ProfileListKind, { filter: string; column: string }> = {
  // posts_user_top_idx
  posts: { filter: `p.post_commented_on IS NULL AND p.type <> 'new user'`, column: 'last_modified' },
  // posts_user_photos_idx
  photos: { filter: 'p.img_count > 0', column: 'created_at' },
  // posts_user_replies_idx
  replies: { filter: 'p.post_commented_on IS NOT NULL', column: 'last_modified' },
};

/**
 * A profile tab (spec 2 §7 'Profile lists'), one named statement per page, each on its own
 * partial index (migration 0007):
 * - posts: top-level posts, 'new user' posts excluded, newest-modified first;
 * - photos: posts, comments and replies with at least one photo or video, newest first;
 * - replies: comments and replies, newest-modified first.
 * Always within one campus. The sort column is returned as `at` for the next cursor. The page
 * size is part of the statement's text (a `LIMIT $n` generic plan is costed for a tenth of the
 * table, see posts.repo.ts).
 */
export async function listProfilePosts(
  db: Database,
  options: { kind: ProfileListKind; userId: string; campusId: string; cursor?: Cursor; limit: number },
): Promise<Array<PostWithAuthor & { at: Date }>> {
  const { kind, cursor } = options;
  const limit = literalCount(options.limit);
  const { filter, column } = PROFILE_LISTS[kind];
  const rows = await runNamed<PostWithAuthorRow & { at: Date }>(
    db,
    `profile_${kind}_${cursor ? 'k' : ''}_${limit}`,
    () => `SELECT ${POST_WITH_AUTHOR_COLUMNS}, p.${column} AS at
      FROM posts p JOIN users u ON u.id = p.user_id
      WHERE p.user_id = $1 AND p.campus_id = $2 AND ${filter}
        ${cursor ? `AND (p.${column}, p.id) < ($3::timestamptz, $4)` : ''}
      ORDER BY p.${column} DESC, p.id DESC LIMIT ${limit}`,
    [options.userId, options.campusId, ...(cursor ? [cursor.at.toISOString(), cursor.id] : [])],
  );
  return rows.map((r) => ({ ...toPostWithAuthor(r), at: r.at }));
}

/** The sign-in address of an account: only for sending it mail, never for an answer. */
export async function emailOf(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row?.email;
}
