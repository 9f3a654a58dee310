import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Cursor } from '../../lib/cursor.ts';
import type { AuthorRow } from './posts.repo.ts';

/** A block between the viewer and `person`, either way (a block stops everything between two people). */
const blockedEitherWay = (viewerId: string, person: ReturnType<typeof sql.raw>) => sql`EXISTS (
  SELECT 1 FROM blocks b
  WHERE (b.blocker_id = ${viewerId} AND b.blocked_id = ${person})
     OR (b.blocker_id = ${person} AND b.blocked_id = ${viewerId}))`;

export interface LikedPost {
  campusId: string;
  /** The viewer and the post's author blocked each other, either way. */
  blocked: boolean;
}

/** The post whose savers are asked for, with what its policy needs; undefined when there is none. */
export async function findLikedPost(db: Database, postId: string, viewerId: string): Promise<LikedPost | undefined> {
  const result = await db.execute<{ campus_id: string; blocked: boolean }>(sql`
    SELECT p.campus_id, ${blockedEitherWay(viewerId, sql.raw('p.user_id'))} AS blocked
    FROM posts p WHERE p.id = ${postId}`);
  const row = result.rows[0];
  return row && { campusId: row.campus_id, blocked: row.blocked };
}

export interface Liker extends AuthorRow {
  likedAt: Date;
}

/**
 * One page of the people who saved a post, latest save first (keyset on the save's time and
 * the person's id), leaving out everyone the viewer blocked or was blocked by. The primary key
 * (post_id, user_id) finds a post's saves; they are sorted in memory, a few hundred at most
 * on a campus.
 */
export async function listLikers(
  db: Database,
  options: { postId: string; viewerId: string; cursor?: Cursor; limit: number },
): Promise<Liker[]> {
  const { postId, viewerId, cursor, limit } = options;
  const after = cursor
    ? sql`AND (s.created_at, s.user_id) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id})`
    : sql``;
  const result = await db.execute<{
    id: string;
    username: string;
    first_name: string;
    last_name: string;
    img: string | null;
    verified: boolean;
    /** Epoch milliseconds (the column keeps milliseconds); drizzle hands timestamps over as text. */
    liked_at: number;
  }>(sql`
    SELECT u.id, u.username, u.first_name, u.last_name, u.img, u.verified,
      (extract(epoch FROM s.created_at) * 1000)::float8 AS liked_at
    FROM post_likes s JOIN users u ON u.id = s.user_id
    WHERE s.post_id = ${postId} AND NOT ${blockedEitherWay(viewerId, sql.raw('s.user_id'))} ${after}
    ORDER BY s.created_at DESC, s.user_id DESC
    LIMIT ${limit}`);
  return result.rows.map((row) => ({
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    img: row.img,
    verified: row.verified,
    likedAt: new Date(row.liked_at),
  }));
}
