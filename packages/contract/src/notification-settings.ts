/**
 * Notification settings (docs/product/notifications.md, decision 040): per kind of notification,
 * in-app always, email on or off, push on or off per device. The user record's
 * `email_notifications` (docs/product/accounts.md) is the master email switch: off, no
 * notification email goes out whatever the kinds say.
 *
 * Push devices (subscriptions) are stored by the push module; their per-kind toggles use
 * NOTIFICATION_KINDS and the shapes below, so one settings page shows both.
 */
import { z } from 'zod';
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

const KindFlagsSchema = z
  .object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>)
  .strict();
/** One flag per kind. */
export type NotificationKindFlags = Record<NotificationKind, boolean>;

/** Every kind on: the defaults (a member who never opened the page). */
export const ALL_KINDS_ON: NotificationKindFlags = Object.fromEntries(
  NOTIFICATION_KINDS.map((k) => [k, true]),
) as NotificationKindFlags;

/** GET /api/me/notification-settings. */
export const NotificationSettingsSchema = z.object({
  /** The spec's `email_notifications` (default true): the master email switch. */
  emailNotifications: z.boolean(),
  /** Email per kind (default on); a kind's one-click unsubscribe turns its flag off. */
  email: KindFlagsSchema,
  /** Push payloads may carry the message text for a locked screen (default on). */
  pushPreviews: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** PATCH /api/me/notification-settings: any of the fields; the answer is the whole settings. */
export const UpdateNotificationSettingsBodySchema = z
  .object({
    emailNotifications: z.boolean().optional(),
    email: KindFlagsSchema.partial().strict().optional(),
    pushPreviews: z.boolean().optional(),
  })
  .strict();
export type UpdateNotificationSettingsBody = z.infer<typeof UpdateNotificationSettingsBodySchema>;

/**
 * A device that receives push (one push subscription), as its owner sees it in the settings page.
 * Stored and served by the push module: GET /api/push/devices answers `{ devices }`,
 * PATCH /api/push/devices/:deviceId takes `{ kinds: Partial<NotificationKindFlags> }` and
 * answers the device, DELETE removes it. `endpoint` lets the page tell which row is this browser
 * (PushManager.getSubscription().endpoint); it is shown to nobody else.
 */
export const PushDeviceSchema = z.object({
  id: z.string(),
  /** 'Chrome on Android', from the browser that subscribed. */
  label: z.string(),
  endpoint: z.string(),
  createdAt: z.string(),
  /** Push per kind on this device (default on). */
  kinds: KindFlagsSchema,
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;
export const PushDeviceListSchema = z.object({ devices: z.array(PushDeviceSchema) });
export const UpdatePushDeviceBodySchema = z.object({ kinds: KindFlagsSchema.partial().strict() }).strict();
export const PushDeviceParamsSchema = z.object({ deviceId: z.string().min(1).max(64) });

/**
 * One-click unsubscribe (RFC 8058): POST /api/unsubscribe?token=… (the List-Unsubscribe header's
 * address, body `List-Unsubscribe=One-Click`) or the /unsubscribe page's button. The token is
 * signed by the server (decision 040) and names the member and the kind; it needs no session.
 */
export const UnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(512) });
export const UnsubscribeResponseSchema = z.object({ kind: z.enum(NOTIFICATION_KINDS) });
