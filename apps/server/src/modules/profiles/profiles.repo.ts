import type { Database, DbOrTx } from '../../db/client.ts';
import { runNamed } from '../../db/named-statements.ts';
import type { users } from '../../db/schema/index.ts';

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

/*
 * Profiles are read with named statements (db/named-statements.ts), like the post lists of
 * their tabs: parsed once per connection.
 */

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

/** The sign-in address of an account: only for sending it mail, never for an answer. */
export async function emailOf(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await runNamed<{ email: string }>(db, 'email_of_user', () => 'SELECT email FROM users WHERE id = $1', [
    id,
  ]);
  return row?.email;
}
