import {
  ACCESS_SERVER_MESSAGES,
  type CampusDefinition,
  POST_DETAIL_MESSAGES,
  POST_SERVER_MESSAGES,
} from '@campus/contract';
import { errors } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { CardPost } from './posts.repo.ts';

/**
 * Who may do what with posts (docs/product/community.md#permission-table). Every campus is private: its posts are for
 * school-verified students (guests from other campuses may look); writing is for members
 * of the campus of the site; deleting is for the author.
 */
export const postPolicy = {
  /** Reading what names oneself (mentions) is for members of the campus. */
  assertMember(user: SessionUser, campus: CampusDefinition) {
    if (user.campusId !== campus.id) {
      throw errors.forbidden(ACCESS_SERVER_MESSAGES.membersOnlyMessaging, 'NOT_A_MEMBER');
    }
  },
  assertCanWrite(user: SessionUser, campus: CampusDefinition) {
    if (user.campusId !== campus.id) {
      throw errors.forbidden(ACCESS_SERVER_MESSAGES.membersOnlyPosting, 'NOT_A_MEMBER');
    }
  },
  /** A post of another campus is not found here, as if it did not exist. */
  requireOnCampus<T extends { post: Pick<CardPost, 'campusId'> }>(found: T | undefined, campus: CampusDefinition): T {
    if (!found || found.post.campusId !== campus.id) {
      throw errors.notFound(POST_DETAIL_MESSAGES.postGone, 'POST_NOT_FOUND');
    }
    return found;
  },
  /**
   * A post in the thread of someone blocked either way is as if deleted to the viewer (a block
   * stops everything between the two): the same 404 as a missing post, revealing nothing.
   */
  assertNotBlocked(blocked: boolean) {
    if (blocked) throw errors.notFound(POST_DETAIL_MESSAGES.postGone, 'POST_NOT_FOUND');
  },
  /**
   * A post the moderators hid or removed, or one in such a thread, is as if deleted to everyone
   * but its author (docs/product/moderation.md): the same 404 as a missing post.
   */
  assertNotModerated(moderated: boolean) {
    if (moderated) throw errors.notFound(POST_DETAIL_MESSAGES.postGone, 'POST_NOT_FOUND');
  },
  /**
   * Editing and renewing (docs/product/selling.md): only the owner of a listing (a top-level
   * post of this campus) may; to everyone else, and for a comment, it is the missing post.
   */
  requireOwnListing<T extends { post: Pick<CardPost, 'campusId' | 'userId' | 'postCommentedOn'> }>(
    found: T | undefined,
    user: SessionUser,
    campus: CampusDefinition,
  ): T {
    if (!found || found.post.campusId !== campus.id || found.post.userId !== user.id || found.post.postCommentedOn) {
      throw errors.notFound(POST_DETAIL_MESSAGES.postGone, 'POST_NOT_FOUND');
    }
    return found;
  },
  assertCanDelete(user: SessionUser, post: CardPost) {
    if (post.userId !== user.id) throw errors.forbidden(POST_SERVER_MESSAGES.notTheAuthor, 'NOT_THE_AUTHOR');
  },
};
