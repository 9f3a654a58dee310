import {
  type CampusDefinition,
  LIKED_BY_PAGE_SIZE,
  type LikedByPage,
  LikedByPageSchema,
  PostPageQuerySchema,
} from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { decodeCursor } from '../../lib/cursor.ts';
import { pageOf } from '../../lib/page.ts';
import { requireSchoolVerifiedUser, type SessionUser } from '../../plugins/session.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { avatarSmallKey, isOwnAvatarKey } from '../media/index.ts';
import { findLikedPost, type Liker, listLikers } from './liked-by.repo.ts';
import { postPolicy } from './posts.policy.ts';

export interface LikedByDeps {
  db: Database;
  storage: StorageDriver;
}

/** A saver as others see them: the post author's card fields, never an email or phone. */
function presentLiker(liker: Liker, storage: StorageDriver) {
  return {
    id: liker.id,
    username: liker.username,
    firstName: liker.firstName,
    lastName: liker.lastName,
    // users.img is a storage key in the person's own folder (the small variant is shown here).
    img: liker.img && isOwnAvatarKey(liker.id, liker.img) ? storage.url(avatarSmallKey(liker.img)) : null,
    verified: liker.verified,
  };
}

/**
 * Who saved a post (docs/product/community.md#post-page 'liked by'): readable by whoever may read the post page. A post
 * of another campus, or one whose author and the viewer blocked each other, is missing (the
 * post page's 404, decision 028); people blocked either way are never listed.
 */
async function listLikedBy(
  deps: LikedByDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  postId: string,
  query: { cursor?: string },
): Promise<LikedByPage> {
  const cursor = decodeCursor(query.cursor);
  const found = await findLikedPost(deps.db, postId, viewer.id);
  const { post } = postPolicy.requireOnCampus(found && { post: found }, campus);
  postPolicy.assertNotBlocked(post.blocked);
  const rows = await listLikers(deps.db, { postId, viewerId: viewer.id, cursor, limit: LIKED_BY_PAGE_SIZE });
  const page = pageOf(rows, LIKED_BY_PAGE_SIZE, (row) => ({ at: row.likedAt, id: row.id }));
  return { people: page.rows.map((row) => presentLiker(row, deps.storage)), nextCursor: page.nextCursor };
}

const PostIdParams = z.object({ postId: z.string().min(1).max(64) });

export const likedByRoutes: FastifyPluginAsyncZod<LikedByDeps> = async (app, deps) => {
  app.get(
    '/api/posts/:postId/liked-by',
    {
      schema: {
        tags: ['posts'],
        summary: 'Who saved a post, latest first (keyset pages of 20)',
        params: PostIdParams,
        querystring: PostPageQuerySchema.pick({ cursor: true }),
        response: { 200: LikedByPageSchema },
      },
    },
    async (request) =>
      listLikedBy(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.postId, request.query),
  );
};
