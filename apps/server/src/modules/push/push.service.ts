import {
  type CampusDefinition,
  campusById,
  type NotificationKind,
  PUSH_LIMITS,
  type PushDevice,
  type PushDeviceList,
  type PushKeyResponse,
  type PushSubscriptionBody,
  type PushSubscriptionResponse,
} from '@campus/contract';
import webpush from 'web-push';
import type { Database } from '../../db/client.ts';
import { buildHostMap } from '../../lib/campus-hosts.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { VapidKeys } from './push.keys.ts';
import { pushPolicy } from './push.policy.ts';
import {
  deviceWants,
  type PushableNotification,
  presentDevice,
  presentPush,
  presentSubscription,
} from './push.presenter.ts';
import {
  deleteSubscription,
  deleteSubscriptionsByIds,
  devicesOf,
  findSubscription,
  membersWithOpenTabs,
  subscriptionsOf,
  trimSubscriptions,
  updateDeviceKinds,
  upsertSubscription,
} from './push.repo.ts';
import type { PushSender } from './push.sender.ts';

export interface PushDeps {
  db: Database;
  clock: Clock;
  keys: VapidKeys;
  /** CAMPUS_HOSTS: this server's own host names are never an endpoint. */
  campusHosts: Map<string, string>;
  /** The local test push service (PUSH_TEST_ORIGIN), never in production. */
  testOrigin: string | undefined;
  send: PushSender;
  /**
   * Members (of `userIds`) who turned lock-screen previews off; their pushes carry no text.
   * Default: none (previews default on, docs/product/push-and-app.md#what-a-push-says).
   */
  previewsOff?: (userIds: string[]) => Promise<Set<string>>;
}

/** How long a push service keeps a push for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

export const pushKey = (deps: PushDeps): PushKeyResponse => ({ publicKey: deps.keys.publicKey });

/** Stores this browser's subscription for the member (docs/product/push-and-app.md#devices). */
export async function subscribe(
  deps: PushDeps,
  user: SessionUser,
  campus: CampusDefinition,
  body: PushSubscriptionBody,
  requestHostname: string,
): Promise<PushSubscriptionResponse> {
  pushPolicy.assertMember(user, campus);
  const ownHosts = new Set([...buildHostMap(deps.campusHosts).keys(), requestHostname.toLowerCase()]);
  const url = pushPolicy.assertEndpoint(body.endpoint, { ownHosts, testOrigin: deps.testOrigin });
  return deps.db.transaction(async (tx) => {
    const row = await upsertSubscription(tx, {
      campusId: campus.id,
      userId: user.id,
      endpoint: url.href,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      label: (body.label ?? '').trim(),
      createdAt: deps.clock.now(),
    });
    await trimSubscriptions(tx, user.id, campus.id, PUSH_LIMITS.perMember);
    return presentSubscription(row);
  });
}

/** Forgets one of the member's own subscriptions (the browser unsubscribed); anyone else's is not found. */
export async function unsubscribe(
  deps: PushDeps,
  user: SessionUser,
  campus: CampusDefinition,
  subscriptionId: string,
): Promise<{ deleted: true }> {
  pushPolicy.assertMember(user, campus);
  pushPolicy.requireOwn(await findSubscription(deps.db, subscriptionId), user);
  await deleteSubscription(deps.db, subscriptionId, user.id);
  return { deleted: true };
}

/** The member's devices on this campus, oldest first (docs/product/notifications.md#push). */
export async function listDevices(
  deps: PushDeps,
  user: SessionUser,
  campus: CampusDefinition,
): Promise<PushDeviceList> {
  pushPolicy.assertMember(user, campus);
  const rows = await devicesOf(deps.db, user.id, campus.id);
  return { devices: rows.map(presentDevice) };
}

/** Turns push of some kinds on or off on one of the member's own devices; anyone else's is not found. */
export async function updateDevice(
  deps: PushDeps,
  user: SessionUser,
  campus: CampusDefinition,
  deviceId: string,
  kinds: Partial<Record<NotificationKind, boolean>>,
): Promise<PushDevice> {
  pushPolicy.assertMember(user, campus);
  const found = await findSubscription(deps.db, deviceId);
  pushPolicy.requireOwn(found && found.campusId === campus.id ? found : undefined, user);
  const row = await updateDeviceKinds(deps.db, deviceId, user.id, campus.id, kinds);
  return presentDevice(pushPolicy.requireOwn(row, user));
}

export interface PushResult {
  /** Pushes the push services accepted. */
  sent: number;
  /** Subscriptions removed because their push service answered 404 or 410. */
  gone: number;
  /** Notifications not pushed: read already, the member has a tab open, or folded into another of the same chat. */
  skipped: number;
}

/**
 * Pushes claimed notifications to their members' devices (decision 041): not when the member
 * has a tab open anywhere (the tab shows it), not when it was read meanwhile, not to a device
 * that turned the kind off. A subscription its push service says is gone (404, 410) is deleted.
 */
export async function pushNotifications(
  deps: PushDeps,
  notifications: Array<PushableNotification & { read: boolean }>,
): Promise<PushResult> {
  const result: PushResult = { sent: 0, gone: 0, skipped: 0 };
  const open = await membersWithOpenTabs(
    deps.db,
    notifications.map((n) => ({ campusId: n.campusId, userId: n.toUserId })),
  );
  // One push per member and chat (or post) per run: a new conversation's first message is one
  // push, the message (it carries the text) rather than 'started a conversation'.
  const byTag = new Map<string, PushableNotification>();
  for (const n of notifications) {
    if (n.read || open.has(`${n.campusId}/${n.toUserId}`)) continue;
    const key = `${n.campusId}/${n.toUserId}/${n.chatId ?? ''}/${n.chatId ? '' : (n.postId ?? n.id)}`;
    const kept = byTag.get(key);
    if (!kept || (n.type === 'message' && kept.type !== 'message')) byTag.set(key, n);
  }
  const due = [...byTag.values()];
  result.skipped = notifications.length - due.length;
  const userIds = [...new Set(due.map((n) => n.toUserId))];
  const devices = await subscriptionsOf(deps.db, userIds);
  const noPreviews = deps.previewsOff ? await deps.previewsOff(userIds) : new Set<string>();
  const gone = new Set<string>();
  const sends: Array<Promise<void>> = [];
  for (const n of due) {
    const campus = campusById(n.campusId);
    if (!campus) continue;
    const payload = JSON.stringify(presentPush(n, campus, !noPreviews.has(n.toUserId)));
    for (const device of devices) {
      if (device.userId !== n.toUserId || device.campusId !== n.campusId) continue;
      if (!deviceWants(device, n.type)) continue;
      const request = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        payload,
        {
          vapidDetails: deps.keys,
          TTL: PUSH_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: n.type === 'message' || n.type === 'new chat' ? 'high' : 'normal',
        },
      );
      sends.push(
        deps.send(request).then((status) => {
          if (status === 404 || status === 410) gone.add(device.id);
          else if (status >= 200 && status < 300) result.sent += 1;
        }),
      );
    }
  }
  await Promise.all(sends);
  await deleteSubscriptionsByIds(deps.db, [...gone]);
  result.gone = gone.size;
  return result;
}
