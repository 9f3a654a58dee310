import type { CampusDefinition } from '@campus/contract';
import { errors } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { PostFields } from './posts.repo.ts';

/**
 * Who may do what with posts (spec 1 §6). Every campus is private: its posts are for
 * school-verified students (guests from other campuses may look); writing is for members
 * of the campus of the site; deleting is for the author.
 */
export const postPolicy = {
  assertCanWrite(user: SessionUser, campus: CampusDefinition) {
    if (user.campusId !== campus.id) {
      throw errors.forbidden('Only members of this campus can post here.', 'NOT_A_MEMBER');
    }
  },
  /** A post of another campus is not found here, as if it did not exist. */
  requireOnCampus<T extends { post: Pick<PostFields, 'campusId'> }>(found: T | undefined, campus: CampusDefinition): T {
    if (!found || found.post.campusId !== campus.id) {
      throw errors.notFound('Sorry, that post has been deleted.', 'POST_NOT_FOUND');
    }
    return found;
  },
  /**
   * A post in the thread of someone blocked either way is as if deleted to the viewer (a block
   * stops everything between the two): the same 404 as a missing post, revealing nothing.
   */
  assertNotBlocked(blocked: boolean) {
    if (blocked) throw errors.notFound('Sorry, that post has been deleted.', 'POST_NOT_FOUND');
  },
  assertCanDelete(user: SessionUser, post: PostFields) {
    if (post.userId !== user.id) throw errors.forbidden('Only the author can delete this.', 'NOT_THE_AUTHOR');
  },
};
