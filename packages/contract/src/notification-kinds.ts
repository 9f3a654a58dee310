/**
 * The kinds of notification a member chooses for (docs/product/notifications.md, decision 040)
 * and the settings page's words: constants only, without Zod, so the web app's entry (the route
 * table) can use them; the API's schemas are in notification-settings.ts.
 */
import type { NotificationType } from './notifications.ts';

/** The kinds a member chooses for, in the settings page's order. */
export const NOTIFICATION_KINDS = ['messages', 'comments', 'saves', 'offers', 'savedSearches', 'moderation'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Which kind each notification type belongs to (its email and push follow that kind's setting). */
export const NOTIFICATION_KIND_OF_TYPE: Record<NotificationType, NotificationKind> = {
  message: 'messages',
  'new chat': 'messages',
  'message like': 'messages',
  comment: 'comments',
  'comment reply': 'comments',
  'post interaction': 'comments',
  like: 'saves',
  'comment interaction': 'saves',
  'listing sold': 'saves',
  'price drop': 'saves',
  'offer accepted': 'offers',
  'review due': 'offers',
  'saved search': 'savedSearches',
  'still available': 'moderation',
  // Moderators' decisions about the member's posts and account (docs/product/moderation.md).
  'content removed': 'moderation',
  'content hidden': 'moderation',
  warning: 'moderation',
  suspended: 'moderation',
};

/** The settings page's words (ours, not the spec's). */
export const NOTIFICATION_KIND_TEXTS: Record<NotificationKind, { title: string; description: string }> = {
  messages: { title: 'Messages', description: 'New messages, new conversations and reactions to your messages.' },
  comments: { title: 'Comments and replies', description: 'Comments on your posts and replies to your comments.' },
  saves: {
    title: 'Saves',
    description: 'When someone saves your post, and price drops or sales of listings you saved.',
  },
  offers: { title: 'Offers', description: 'Accepted offers and deals to rate.' },
  savedSearches: {
    title: 'Saved searches',
    description: 'New posts that match your saved searches. By email: one daily digest.',
  },
  moderation: {
    title: 'Moderation and reminders',
    description: 'Decisions about your posts and reminders about your listings.',
  },
};

export const NOTIFICATION_SETTINGS_TEXTS = {
  title: 'Notifications',
  intro: 'In-app notifications are always on. Choose what also reaches your email and your devices.',
  masterEmail: 'Email notifications',
  masterEmailHelp: 'Off: no notification emails at all. Sign-in and account emails still arrive.',
  inApp: 'In app',
  inAppAlways: 'Always',
  email: 'Email',
  push: 'Push',
  previews: 'Show message text on the lock screen',
  previewsHelp: 'Off: push notifications say only who wrote, never what.',
  devices: 'Devices',
  noDevices: 'Push notifications are off on all your devices.',
  thisDevice: 'This device',
  saved: 'Saved',
  saveFailed: "Couldn't save your notification settings. Try again.",
  /** The one-click unsubscribe page (/unsubscribe?token=…). */
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeAsk: (kind: string) => `Stop emails about ${kind.toLowerCase()}?`,
  unsubscribeButton: 'Unsubscribe',
  unsubscribeDone: (kind: string) => `You won't get emails about ${kind.toLowerCase()} any more.`,
  unsubscribeOthers: 'Your other emails stay as they are.',
  unsubscribeSettings: 'Notification settings',
  unsubscribeInvalid: 'This unsubscribe link is not valid or has expired. You can change your emails in Settings.',
} as const;

/** One flag per kind. */
export type NotificationKindFlags = Record<NotificationKind, boolean>;
