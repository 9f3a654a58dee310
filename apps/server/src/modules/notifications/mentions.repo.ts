import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { blocks, postLikes, postMedia, posts, users } from '../../db/schema/index.ts';
import type { Cursor } from '../../lib/cursor.ts';
import type { ListedPost, PostMediaJson } from '../posts/posts.repo.ts';
import { userSummaryColumns } from '../users/users.repo.ts';

/**
 * `@username` as a whole word, case-insensitive: not inside a longer handle (`@ann` does not
 * match `@anna` or `@ann-2`) nor in an email address (`x@ann.edu` has no word break before @).
 * Usernames are lower-case letters, digits and '-' (spec 1 §5); anything else is escaped.
 */
export function mentionPattern(username: string): string {
  const escaped = username.toLowerCase().replace(/[^a-z0-9]/g, (c) => `\\${c}`);
  return `(^|[^a-z0-9_.@-])@${escaped}($|[^a-z0-9_-])`;
}

/**
 * Posts and comments of a campus that mention the user (/notifications/mentions), newest first,
 * keyset by (created_at, id). The viewer's own posts and authors blocked either way are left out.
 * The cheap `ILIKE` narrows the rows (through the trigram index) before the regular expression decides.
 */
export async function listMentions(db: DbOrTx, options: MentionsOptions): Promise<ListedPost[]> {
  return mentionsQuery(db, options);
}

interface MentionsOptions {
  userId: string;
  username: string;
  campusId: string;
  cursor?: Cursor;
  limit: number;
}

/** The statement of listMentions, unexecuted (its plan is tested). */
export function mentionsQuery(db: DbOrTx, options: MentionsOptions) {
  const likeEscaped = options.username.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const after: SQL | undefined = options.cursor
    ? sql`(${posts.createdAt}, ${posts.id}) < (${options.cursor.at.toISOString()}::timestamptz, ${options.cursor.id})`
    : undefined;
  return db
    .select({
      post: posts,
      author: userSummaryColumns,
      media: sql<PostMediaJson[]>`(SELECT coalesce(json_agg(json_build_object('kind', m.kind, 'path', m.path,
          'feedPath', m.feed_path, 'width', m.width, 'height', m.height) ORDER BY m.img_order), '[]'::json)
        FROM ${postMedia} m WHERE m.post_id = ${posts.id})`,
      liked: sql<boolean>`EXISTS (SELECT 1 FROM ${postLikes} l WHERE l.post_id = ${posts.id} AND l.user_id = ${options.userId})`,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(
      and(
        eq(posts.campusId, options.campusId),
        eq(posts.type, 'post'),
        sql`${posts.userId} <> ${options.userId}`,
        // A literal, so the planner can use the partial index of texts with an '@' (posts_mentions_idx).
        sql`${posts.plainText} LIKE '%@%'`,
        sql`${posts.plainText} ILIKE ${`%@${likeEscaped}%`}`,
        sql`${posts.plainText} ~* ${mentionPattern(options.username)}`,
        sql`NOT EXISTS (SELECT 1 FROM ${blocks} b WHERE (b.blocker_id = ${options.userId} AND b.blocked_id = ${posts.userId})
          OR (b.blocker_id = ${posts.userId} AND b.blocked_id = ${options.userId}))`,
        after,
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(options.limit);
}
