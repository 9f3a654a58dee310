import {
  campusById,
  NOTIFICATION_ACTIONS,
  NOTIFICATION_KIND_OF_TYPE,
  NOTIFICATION_KIND_TEXTS,
  NOTIFICATION_KINDS,
  SYSTEM_NOTIFICATION_TYPES,
} from '@campus/contract';
import type { Config } from '../config.ts';
import type { Database, DbOrTx } from '../db/client.ts';
import { campusSiteUrl } from '../lib/site-origin.ts';
import { type MailContent, type NotificationMailItem, notificationMail } from '../modules/mail/index.ts';
import { unsubscribeLinks } from '../modules/notification-settings/index.ts';
import { lockPendingMailGroups, markMailClaimed, type PendingMailRow } from '../modules/notifications/index.ts';

/**
 * Email batching (docs/decisions/015-chats-notifications-blocks.md): a group (one recipient's notifications of one
 * chat, or all their notifications about posts) is mailed once it has been quiet this long…
 */
export const MAIL_QUIET_MS = 10 * 60_000;
/** …or once its oldest unmailed notification has waited this long, however busy it still is. */
export const MAIL_MAX_DELAY_MS = 30 * 60_000;
/** Groups one pass takes; a full pass is followed by another. */
const MAIL_GROUPS_PER_PASS = 100;

export interface NotificationMailDeps {
  db: Database;
  config: Pick<Config, 'env' | 'port'>;
  /** The server secret: every email's one-click unsubscribe token is signed with it (decision 040). */
  secret: string;
  /** The mail outbox (app.mailer.enqueue): the mail is queued in the claiming transaction. */
  enqueue(tx: DbOrTx, mail: MailContent): Promise<string>;
  /** Wakes the mail sender after the claim committed. */
  kick(): void;
}

export interface NotificationMailResult {
  /** Notifications taken out of the queue (mailed, or dropped because seen / flag off). */
  claimed: number;
  mails: number;
}

/**
 * Nothing to say any more: read in the app, or (for a chat) the recipient opened the chat
 * after it happened.
 */
function alreadySeen(row: PendingMailRow): boolean {
  if (row.read) return true;
  return row.chatId !== null && row.chatSeenAt !== null && row.chatSeenAt >= row.createdAt;
}

/**
 * One pass of the `notification-mail` job: claim → queue mail → commit, per batch of groups.
 * The claim (pending marker cleared, mailed_at set) and the outbox row commit together, so a
 * notification is put in exactly one email; SMTP happens later in the mail sender, never inside
 * this transaction. `now` is the app clock, the same one that stamped the notifications.
 */
export async function mailDueNotifications(deps: NotificationMailDeps, now: Date): Promise<NotificationMailResult> {
  const total: NotificationMailResult = { claimed: 0, mails: 0 };
  const quietBefore = new Date(now.getTime() - MAIL_QUIET_MS);
  const waitedBefore = new Date(now.getTime() - MAIL_MAX_DELAY_MS);
  for (;;) {
    const pass = await deps.db.transaction(async (tx) => {
      const rows = await lockPendingMailGroups(tx, { quietBefore, waitedBefore, limit: MAIL_GROUPS_PER_PASS });
      const groups = new Map<string, PendingMailRow[]>();
      for (const row of rows) {
        const key = `${row.toUserId}/${row.campusId}/${row.chatId ?? ''}`;
        groups.set(key, [...(groups.get(key) ?? []), row]);
      }
      const claimed: string[] = [];
      const mailed: string[] = [];
      let mails = 0;
      for (const group of groups.values()) {
        // Re-checked on the locked rows: a message that committed while we waited for the lock
        // makes the chat busy again.
        const newest = Math.max(...group.map((r) => r.createdAt.getTime()));
        const oldestWait = Math.min(...group.map((r) => r.emailPendingSince.getTime()));
        if (newest > quietBefore.getTime() && oldestWait > waitedBefore.getTime()) continue;
        claimed.push(...group.map((r) => r.id));
        const first = group[0] as PendingMailRow;
        const campus = campusById(first.campusId);
        const fresh = group.filter((r) => !alreadySeen(r)).sort((a, b) => +a.createdAt - +b.createdAt);
        if (!campus || !first.emailNotifications || fresh.length === 0) continue;
        const site = campusSiteUrl(deps.config, campus);
        // One email per kind (decision 040): its unsubscribe link turns off that kind alone, and
        // a kind whose email is off sends nothing.
        for (const kind of NOTIFICATION_KINDS) {
          const ofKind = fresh.filter((r) => NOTIFICATION_KIND_OF_TYPE[r.type] === kind);
          if (ofKind.length === 0 || first.emailOff.includes(kind)) continue;
          const items: NotificationMailItem[] = ofKind.map((r) =>
            // The app's own question about the recipient's listing (decision 034) is signed by the site.
            SYSTEM_NOTIFICATION_TYPES.includes(r.type)
              ? { fromName: `${campus.shortName} Buy / Sell`, action: NOTIFICATION_ACTIONS[r.type], text: r.message }
              : {
                  fromName: `${r.fromFirstName} ${r.fromLastName}`.trim(),
                  action: NOTIFICATION_ACTIONS[r.type],
                  text: r.message,
                },
          );
          const links = unsubscribeLinks({ secret: deps.secret, siteUrl: site, userId: first.toUserId, kind, now });
          const content = notificationMail({
            campusShortName: campus.shortName,
            siteUrl: site,
            url: first.chatId ? `${site}/messages/${encodeURIComponent(first.chatId)}` : `${site}/notifications`,
            kind: first.chatId ? 'chat' : 'activity',
            items,
            unsubscribe: { url: links.pageUrl, kindTitle: NOTIFICATION_KIND_TEXTS[kind].title },
          });
          await deps.enqueue(tx, { to: first.toEmail, ...content, headers: links.headers });
          mailed.push(...ofKind.map((r) => r.id));
          mails += 1;
        }
      }
      await markMailClaimed(tx, claimed, mailed, now);
      return { groups: groups.size, claimed: claimed.length, mails };
    });
    total.claimed += pass.claimed;
    total.mails += pass.mails;
    if (pass.mails > 0) deps.kick();
    if (pass.groups < MAIL_GROUPS_PER_PASS || pass.claimed === 0) return total;
  }
}
