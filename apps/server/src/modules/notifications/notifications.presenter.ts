import type { Notification } from '@campus/contract';
import { avatarSmallKey, isOwnAvatarKey } from '../media/index.ts';
import type { FromUserRow, NotificationRow } from './notifications.repo.ts';

/** A user as others see them: never their email, phone or school email. */
export function presentUserSummary(user: FromUserRow, mediaUrl: (key: string) => string) {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    img: user.img && isOwnAvatarKey(user.id, user.img) ? mediaUrl(avatarSmallKey(user.img)) : null,
    verified: user.verified,
  };
}

export function presentNotification(
  { notification, fromUser }: { notification: NotificationRow; fromUser: FromUserRow },
  mediaUrl: (key: string) => string,
): Notification {
  return {
    id: notification.id,
    type: notification.type,
    fromUser: presentUserSummary(fromUser, mediaUrl),
    postId: notification.postId,
    chatId: notification.chatId,
    message: notification.message,
    read: notification.read,
    createdAt: notification.createdAt.toISOString(),
  };
}
