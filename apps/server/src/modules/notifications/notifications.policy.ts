import { ACCESS_SERVER_MESSAGES, type CampusDefinition } from '@campus/contract';
import { errors } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';

/** Notifications and badges are for members of the site's campus (the routes ask for school verification). */
export const notificationPolicy = {
  assertMember(user: SessionUser, campus: CampusDefinition) {
    if (user.campusId !== campus.id) {
      throw errors.forbidden(ACCESS_SERVER_MESSAGES.membersOnlyMessaging, 'NOT_A_MEMBER');
    }
  },
};
