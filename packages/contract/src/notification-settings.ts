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
import { NOTIFICATION_KINDS, type NotificationKind } from './notification-kinds.ts';

const KindFlagsSchema = z
  .object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>)
  .strict();
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
export type PushDeviceList = z.infer<typeof PushDeviceListSchema>;
export const UpdatePushDeviceBodySchema = z.object({ kinds: KindFlagsSchema.partial().strict() }).strict();
export const PushDeviceParamsSchema = z.object({ deviceId: z.string().min(1).max(64) });

/**
 * One-click unsubscribe (RFC 8058): POST /api/unsubscribe?token=… (the List-Unsubscribe header's
 * address, body `List-Unsubscribe=One-Click`) or the /unsubscribe page's button. The token is
 * signed by the server (decision 040) and names the member and the kind; it needs no session.
 */
export const UnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(512) });
export const UnsubscribeResponseSchema = z.object({ kind: z.enum(NOTIFICATION_KINDS) });
