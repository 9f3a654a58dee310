import { ACCESS_SERVER_MESSAGES, type CampusDefinition, CHAT_SERVER_MESSAGES } from '@campus/contract';
import { errors } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';

/** Who may block whom (docs/decisions/015-chats-notifications-blocks.md): members of the site's campus block other members of it, never themselves. */
export const blockPolicy = {
  assertMember(user: SessionUser, campus: CampusDefinition) {
    if (user.campusId !== campus.id) {
      throw errors.forbidden(ACCESS_SERVER_MESSAGES.membersOnlyMessaging, 'NOT_A_MEMBER');
    }
  },
  assertNotSelf(user: SessionUser, userId: string) {
    if (userId === user.id) throw errors.badRequest(CHAT_SERVER_MESSAGES.cannotBlockSelf, 'CANNOT_BLOCK_SELF');
  },
  requireOnCampus<T extends { campusId: string | null }>(other: T | undefined, campus: CampusDefinition): T {
    if (!other || other.campusId !== campus.id) {
      throw errors.notFound(CHAT_SERVER_MESSAGES.userNotFound, 'USER_NOT_FOUND');
    }
    return other;
  },
};
