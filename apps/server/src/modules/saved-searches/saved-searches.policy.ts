import { ACCESS_SERVER_MESSAGES, type CampusDefinition } from '@campus/contract';
import { errors } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';

/**
 * Saved searches belong to a member of the site's campus (docs/product/notifications.md#saved-searches):
 * a guest from another campus may search here but keeps no searches here and is told nothing.
 */
export const savedSearchPolicy = {
  assertMember(user: SessionUser, campus: CampusDefinition) {
    if (user.campusId !== campus.id) throw errors.forbidden(ACCESS_SERVER_MESSAGES.membersOnly, 'NOT_A_MEMBER');
  },
};
