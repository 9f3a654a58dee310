/**
 * Push notifications and the installable app (docs/product/push-and-app.md, decision 041).
 * The browser subscribes with the server's VAPID public key, the server stores one subscription
 * per device and sends a push when a member with no open tab gets a message, a reply, an offer
 * or a saved-search hit.
 */
import { z } from 'zod';
import type { NotificationType } from './notifications.ts';

export const PUSH_LIMITS = {
  /** Push services' endpoints are a few hundred characters; anything longer is not one. */
  endpointMax: 1024,
  /** The browser's P-256 public key, base64url (65 bytes → 87 characters). */
  p256dhLength: 87,
  /** The browser's auth secret, base64url (16 bytes → 22 characters). */
  authLength: 22,
  labelMax: 80,
  /** Subscriptions one member may keep (browsers and devices); the oldest goes past it. */
  perMember: 20,
} as const;

/** The types that push (docs/product/push-and-app.md#what-pushes); the rest stay in the app and email. */
export const PUSH_NOTIFICATION_TYPES: readonly NotificationType[] = [
  'message',
  'new chat',
  'comment',
  'comment reply',
  'post interaction',
  'offer accepted',
  'saved search',
];

const base64url = (length: number) =>
  z
    .string()
    .length(length)
    .regex(/^[A-Za-z0-9_-]+$/);

/** GET /api/push/key: the server's VAPID public key (applicationServerKey), base64url. */
export const PushKeyResponseSchema = z.object({ publicKey: z.string() });
export type PushKeyResponse = z.infer<typeof PushKeyResponseSchema>;

/** POST /api/push/subscriptions: `PushSubscription.toJSON()` and a label of the browser. */
export const PushSubscriptionBodySchema = z
  .object({
    endpoint: z.string().min(1).max(PUSH_LIMITS.endpointMax),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url(PUSH_LIMITS.p256dhLength), auth: base64url(PUSH_LIMITS.authLength) }).strict(),
    label: z.string().max(PUSH_LIMITS.labelMax).optional(),
  })
  .strict();
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

export const PushSubscriptionResponseSchema = z.object({
  id: z.string(),
  endpoint: z.string(),
  createdAt: z.string(),
});
export type PushSubscriptionResponse = z.infer<typeof PushSubscriptionResponseSchema>;

export const PushSubscriptionParamsSchema = z.object({ subscriptionId: z.string().min(1).max(64) });

/** What a push carries (read by the service worker, apps/web/sw/sw.ts). */
export interface PushPayload {
  title: string;
  body: string;
  /** The page a tap opens, a path on the campus's site. */
  url: string;
  /** One notification per chat or post: a newer push replaces the older one. */
  tag: string;
  /** The campus's app icon (a path on its site). */
  icon: string;
}

/** The in-app prompt before the browser's own (never on first load). */
export const PUSH_TEXTS = {
  promptTitle: 'Get notified on this device?',
  promptBodyMessage: 'We’ll tell you when they answer, even when this site is closed.',
  promptBodySearch: 'We’ll tell you when something new matches, even when this site is closed.',
  turnOn: 'Turn on',
  notNow: 'Not now',
  blocked: 'Notifications are blocked for this site in your browser settings.',
  failed: 'Couldn’t turn on notifications. Try again later.',
} as const;

export const PUSH_SERVER_MESSAGES = {
  endpointRefused: 'This push address cannot be used.',
  notFound: 'Push subscription not found.',
} as const;
