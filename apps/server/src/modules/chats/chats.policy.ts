import { ACCESS_SERVER_MESSAGES, type CampusDefinition, CHAT_MESSAGES, CHAT_SERVER_MESSAGES } from '@campus/contract';
import { errors } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { ChatRow } from './chats.repo.ts';

/**
 * Who may do what with chats (docs/product/community.md#permission-table): school-verified members of the site's campus message
 * (the route's guard checks school verification); only the two participants read, post into,
 * heart or delete a chat — to anyone else it does not exist (404, nothing stored).
 */
export const chatPolicy = {
  assertMember(user: SessionUser, campus: CampusDefinition) {
    if (user.campusId !== campus.id) {
      throw errors.forbidden(ACCESS_SERVER_MESSAGES.membersOnlyMessaging, 'NOT_A_MEMBER');
    }
  },
  requireParticipant(chat: ChatRow | undefined, user: SessionUser, campus: CampusDefinition): ChatRow {
    if (!chat || chat.campusId !== campus.id || (chat.userA !== user.id && chat.userB !== user.id)) {
      throw errors.notFound(CHAT_MESSAGES.notFound, 'CHAT_NOT_FOUND');
    }
    return chat;
  },
  /** Hearts are a reaction to the other person's message (docs/decisions/030-feed-ads-and-rough-edges.md). */
  assertNotOwnMessage(senderId: string, user: SessionUser) {
    if (senderId === user.id) {
      throw errors.forbidden(CHAT_SERVER_MESSAGES.cannotHeartOwnMessage, 'CANNOT_HEART_OWN_MESSAGE');
    }
  },
  assertNotBlocked(blocked: boolean) {
    if (blocked) throw errors.forbidden(CHAT_SERVER_MESSAGES.blocked, 'BLOCKED');
  },
};
