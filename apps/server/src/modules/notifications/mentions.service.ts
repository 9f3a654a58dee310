import { type CampusDefinition, NOTIFICATION_LIMITS, type PostList } from '@campus/contract';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { errors } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { type PresentContext, presentPost } from '../posts/posts.presenter.ts';
import { findUser } from '../users/users.repo.ts';
import { listMentions } from './mentions.repo.ts';
import type { NotificationsDeps } from './notifications.service.ts';

/**
 * /notifications/mentions (decision 019): the posts and comments of this campus that name the
 * viewer as @username, newest first, 15 a page, as post cards.
 */
export async function listMentionsForViewer(
  deps: NotificationsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  query: { cursor?: string },
): Promise<PostList> {
  const me = await findUser(deps.db, viewer.id);
  if (!me) throw errors.unauthorized();
  const limit = NOTIFICATION_LIMITS.perPage;
  const rows = await listMentions(deps.db, {
    userId: me.id,
    username: me.username,
    campusId: campus.id,
    cursor: decodeCursor(query.cursor),
    limit,
  });
  const ctx: PresentContext = {
    mediaByPost: new Map(rows.map((r) => [r.post.id, r.media])),
    liked: new Set(rows.filter((r) => r.liked).map((r) => r.post.id)),
    mediaUrl: (key) => deps.storage.url(key),
  };
  const last = rows.at(-1);
  return {
    posts: rows.map((r) => presentPost(r, ctx)),
    nextCursor: rows.length === limit && last ? encodeCursor({ at: last.post.createdAt, id: last.post.id }) : null,
  };
}
