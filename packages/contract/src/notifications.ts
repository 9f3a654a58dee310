import { z } from 'zod';
import { PAGE_SIZES } from './constants.ts';
import { PostAuthorSchema } from './posts.ts';

/**
 * The kinds of notification: the spec's eight (docs/product/messages.md#notification-record) and
 * the deal ones (docs/product/selling.md).
 * The kinds of notification (docs/product/messages.md#notification-record, and
 * docs/product/selling.md for 'price drop' and 'still available'). 'still available' is the
 * app's own question to a seller about their listing: from and to are the seller
 * (decision 034), the one type the table lets be to oneself.
 */
export const NOTIFICATION_TYPE_VALUES = [
  'message',
  'comment',
  'comment reply',
  'comment interaction',
  'post interaction',
  'like',
  'message like',
  'new chat',
  'listing sold',
  'offer accepted',
  'review due',
  'price drop',
  'still available',
  'saved search',
  'content removed',
  'content hidden',
  'warning',
  'suspended',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPE_VALUES)[number];

/**
 * What the sender did, after their name ('Alma L. saved your post'): one wording for the
 * notification list and the notification emails. Not spec text (the spec names only the types).
 */
export const NOTIFICATION_ACTIONS: Record<NotificationType, string> = {
  message: 'sent you a message',
  comment: 'commented on your post',
  'comment reply': 'replied to your comment',
  // A save of the recipient's comment (posts.service: a like of a comment).
  'comment interaction': 'saved your comment',
  // A reply deeper in the thread of the recipient's post.
  'post interaction': 'replied in a thread on your post',
  like: 'saved your post',
  'message like': 'reacted to your message',
  'new chat': 'started a conversation with you',
  // To everyone who saved the listing (docs/product/selling.md#available-pending-sold).
  'listing sold': 'sold a listing you saved',
  // To the other side of an accepted offer (docs/product/selling.md#offers).
  'offer accepted': 'accepted your offer',
  // To both sides of a sale to a named buyer (docs/product/reviews.md): the message is 'Rate your deal with {name}'.
  'review due': 'closed a deal with you',
  // The message carries 'Price dropped on {title}: $60 → $45' (docs/product/selling.md).
  'price drop': 'lowered the price of a listing you saved',
  // The app asks (decision 034); the message carries 'Is {title} still available?'.
  'still available': 'asks',
  // A new post matches the recipient's saved search (decision 040); the message carries
  // 'New: {title} — $45', with ' and 3 more' when matches waited for the hourly limit.
  'saved search': 'posted a match for your saved search',
  // Moderation (docs/product/moderation.md): from the app ('OU Buy / Sell removed something you
  // posted'), never naming the moderator; the message carries the reason.
  'content removed': 'removed something you posted',
  'content hidden': 'hid something you posted until moderators review it',
  warning: 'sent you a warning from the moderators',
  suspended: 'suspended your account',
};

/** Notifications the app itself sends about the recipient's own listing (no other person). */
export const SYSTEM_NOTIFICATION_TYPES: readonly NotificationType[] = [
  'still available',
  'content removed',
  'content hidden',
  'warning',
  'suspended',
];

export const NOTIFICATION_LIMITS = {
  perPage: PAGE_SIZES.notifications,
  /** Ids one mark-read request may carry (a page or two of what was shown). */
  markReadMax: 50,
} as const;

const NotificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPE_VALUES),
  /** Who caused it, as read now (a renamed user shows their new name). */
  fromUser: PostAuthorSchema,
  postId: z.string().nullable(),
  chatId: z.string().nullable(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.object({
  notifications: z.array(NotificationSchema),
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const MarkNotificationsReadBodySchema = z
  .object({
    ids: z
      .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/))
      .min(1)
      .max(NOTIFICATION_LIMITS.markReadMax),
  })
  .strict();
export const MarkNotificationsReadResponseSchema = z.object({ updated: z.number().int() });

/** The badges: unread chats (Messages) and unread notifications (Notifications). */
export const UnreadCountsSchema = z.object({ messages: z.number().int(), notifications: z.number().int() });
export type UnreadCounts = z.infer<typeof UnreadCountsSchema>;
