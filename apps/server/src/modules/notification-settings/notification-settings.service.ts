import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
  type UpdateNotificationSettingsBody,
} from '@campus/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { errors } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import {
  findSettings,
  type StoredSettings,
  setEmailNotifications,
  turnEmailOff,
  upsertSettings,
  usersWithPreviewsOff,
} from './notification-settings.repo.ts';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.ts';

export interface NotificationSettingsDeps {
  db: Database;
  clock: Clock;
  /** The server secret; unsubscribe tokens are signed with a key derived from it. */
  secret: string;
}

function present(stored: StoredSettings): NotificationSettings {
  return {
    emailNotifications: stored.emailNotifications,
    email: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, !stored.emailOff.includes(k)])) as Record<
      NotificationKind,
      boolean
    >,
    pushPreviews: stored.pushPreviews,
  };
}

const DEFAULTS: StoredSettings = { emailNotifications: true, emailOff: [], pushPreviews: true };

/**
 * A member's notification settings: every kind's email on and previews on unless the member
 * changed them (docs/product/notifications.md).
 */
async function getNotificationSettings(db: DbOrTx, userId: string): Promise<NotificationSettings> {
  return present((await findSettings(db, userId)) ?? DEFAULTS);
}

/** Of these members, those whose pushes carry no text on a locked screen (`pushPreviews` off; the push job). */
export async function membersWithPreviewsOff(db: DbOrTx, userIds: string[]): Promise<Set<string>> {
  return new Set(await usersWithPreviewsOff(db, userIds));
}

export async function readSettings(deps: NotificationSettingsDeps, viewer: SessionUser): Promise<NotificationSettings> {
  return getNotificationSettings(deps.db, viewer.id);
}

/** Changes what the body names and nothing else; answers the whole settings. */
export async function updateSettings(
  deps: NotificationSettingsDeps,
  viewer: SessionUser,
  body: UpdateNotificationSettingsBody,
): Promise<NotificationSettings> {
  return deps.db.transaction(async (tx) => {
    const current = (await findSettings(tx, viewer.id)) ?? DEFAULTS;
    if (body.emailNotifications !== undefined && body.emailNotifications !== current.emailNotifications) {
      await setEmailNotifications(tx, viewer.id, body.emailNotifications);
    }
    if (body.email !== undefined || body.pushPreviews !== undefined) {
      const email = { ...present(current).email, ...body.email };
      await upsertSettings(
        tx,
        viewer.id,
        {
          emailOff: NOTIFICATION_KINDS.filter((k) => !email[k]),
          pushPreviews: body.pushPreviews ?? current.pushPreviews,
        },
        deps.clock.now(),
      );
    }
    return present((await findSettings(tx, viewer.id)) ?? DEFAULTS);
  });
}

const invalidToken = () =>
  errors.badRequest('This unsubscribe link is not valid or has expired.', 'UNSUBSCRIBE_INVALID');

/** What an unsubscribe link would turn off (the page asks before doing it); changes nothing. */
export function checkUnsubscribe(deps: NotificationSettingsDeps, token: string): { kind: NotificationKind } {
  const named = verifyUnsubscribeToken(deps.secret, token, deps.clock.now());
  if (!named) throw invalidToken();
  return { kind: named.kind };
}

/** One-click unsubscribe: that kind's email goes off for the member the token names, nothing else changes. */
export async function unsubscribe(deps: NotificationSettingsDeps, token: string): Promise<{ kind: NotificationKind }> {
  const now = deps.clock.now();
  const named = verifyUnsubscribeToken(deps.secret, token, now);
  if (!named || !(await turnEmailOff(deps.db, named.userId, named.kind, now))) throw invalidToken();
  return { kind: named.kind };
}

/**
 * The unsubscribe addresses of one email (decision 040): the page a person opens from the
 * mail's link, and the one-click address of the `List-Unsubscribe` header (RFC 8058), which a
 * mail provider POSTs `List-Unsubscribe=One-Click` to.
 */
export function unsubscribeLinks(input: {
  secret: string;
  siteUrl: string;
  userId: string;
  kind: NotificationKind;
  now: Date;
}): { pageUrl: string; headers: Record<string, string> } {
  const token = encodeURIComponent(signUnsubscribeToken(input.secret, input));
  const oneClick = `${input.siteUrl}/api/unsubscribe?token=${token}`;
  return {
    pageUrl: `${input.siteUrl}/unsubscribe?token=${token}`,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
