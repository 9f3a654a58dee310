import {
  type PushKeyResponse,
  PushKeyResponseSchema,
  type PushSubscriptionBody,
  type PushSubscriptionResponse,
  PushSubscriptionResponseSchema,
} from '@campus/contract';
import { api } from '@/lib/api-client.ts';

/** Where this browser keeps the id of its subscription (for unsubscribing). */
const SUBSCRIPTION_ID_KEY = 'campus.push-subscription-id';

const getKey = async (): Promise<PushKeyResponse> => PushKeyResponseSchema.parse(await api.get('/api/push/key'));

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** 'Chrome on Android', for the member's list of devices. */
function browserLabel(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'this device';
  return `${browser} on ${system}`;
}

/** The browser's push service may never answer (no route to it): give up after this long. */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error('push service did not answer')), SUBSCRIBE_TIMEOUT_MS);
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Subscribes this browser (permission already granted): the service worker's PushManager with
 * the server's VAPID key, then the subscription stored by the server (POST /api/push/subscriptions).
 */
export async function subscribeThisBrowser(): Promise<PushSubscriptionResponse> {
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await getKey();
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await withTimeout(
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }),
    ));
  const json = subscription.toJSON() as PushSubscriptionBody;
  const body: PushSubscriptionBody = {
    endpoint: json.endpoint,
    keys: json.keys,
    label: browserLabel(),
  };
  const stored = PushSubscriptionResponseSchema.parse(await api.post('/api/push/subscriptions', body));
  try {
    localStorage.setItem(SUBSCRIPTION_ID_KEY, stored.id);
  } catch {
    // Private mode: unsubscribing later happens in the browser only.
  }
  return stored;
}
