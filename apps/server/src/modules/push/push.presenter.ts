import {
  type CampusDefinition,
  NOTIFICATION_ACTIONS,
  NOTIFICATION_KIND_OF_TYPE,
  NOTIFICATION_KINDS,
  type NotificationKindFlags,
  type NotificationType,
  type PushDevice,
  type PushPayload,
  type PushSubscriptionResponse,
  SYSTEM_NOTIFICATION_TYPES,
} from '@campus/contract';
import type { PushSubscriptionRow } from './push.repo.ts';

/** A notification as the push job hands it over (the notifications module's claim). */
export interface PushableNotification {
  id: string;
  campusId: string;
  toUserId: string;
  type: NotificationType;
  chatId: string | null;
  postId: string | null;
  message: string;
  fromFirstName: string;
  fromLastName: string;
}

/** Text shown on a lock screen stays short. */
const PREVIEW_MAX = 140;

/**
 * What a push says and opens (docs/product/push-and-app.md#what-a-push-says): who did what and,
 * with previews allowed, the text; without them nothing of the text (a locked screen shows the
 * title and body to anyone holding the phone). A tap opens the chat, else the post, else the
 * notifications page.
 */
export function presentPush(n: PushableNotification, campus: CampusDefinition, previews: boolean): PushPayload {
  const from = SYSTEM_NOTIFICATION_TYPES.includes(n.type)
    ? `${campus.shortName} Buy / Sell`
    : `${n.fromFirstName} ${n.fromLastName}`.trim();
  const action = NOTIFICATION_ACTIONS[n.type];
  const text = n.message.trim().replace(/\s+/g, ' ');
  const preview = text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX - 1)}…` : text;
  const body = previews && preview ? `${capitalize(action)}: ${preview}` : capitalize(action);
  const url = n.chatId
    ? `/messages/${encodeURIComponent(n.chatId)}`
    : n.postId
      ? `/post/${encodeURIComponent(n.postId)}`
      : '/notifications';
  const tag = n.chatId ? `chat:${n.chatId}` : n.postId ? `post:${n.postId}` : `notification:${n.id}`;
  return { title: from, body, url, tag, icon: `/api/campuses/${campus.id}/icons/192.png` };
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function presentSubscription(row: PushSubscriptionRow): PushSubscriptionResponse {
  return { id: row.id, endpoint: row.endpoint, createdAt: row.createdAt.toISOString() };
}

/** Whether a device takes pushes of this type: its kind's switch (decision 040; none stored: on). */
export function deviceWants(device: Pick<PushSubscriptionRow, 'kinds'>, type: NotificationType): boolean {
  return device.kinds[NOTIFICATION_KIND_OF_TYPE[type]] !== false;
}

/** A device as its owner sees it on the settings page (every kind named, default on). */
export function presentDevice(row: PushSubscriptionRow): PushDevice {
  return {
    id: row.id,
    label: row.label,
    endpoint: row.endpoint,
    createdAt: row.createdAt.toISOString(),
    kinds: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, row.kinds[k] !== false])) as NotificationKindFlags,
  };
}
