import { type CampusDefinition, NOTIFICATION_LIMITS, type PostList } from '@campus/contract';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor } from '../../lib/cursor.ts';
import { errors } from '../../lib/errors.ts';
import { pageOf } from '../../lib/page.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { findUser } from '../users/index.ts';
import { presentPost } from './posts.presenter.ts';
import { listMentions } from './posts.repo.ts';
import { listContext } from './posts.service.ts';

/**
 * /notifications/mentions (decision 019): the posts and comments of this campus that name the
 * viewer as @username, newest first, 15 a page, as post cards.
 */
export async function listMentionsForViewer(
  deps: { db: Database; storage: StorageDriver; clock: Clock },
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
  const ctx = listContext(deps, rows);
  const page = pageOf(rows, limit, (r) => ({ at: r.post.createdAt, id: r.post.id }));
  return { posts: rows.map((r) => presentPost(r, ctx)), nextCursor: page.nextCursor };
}
