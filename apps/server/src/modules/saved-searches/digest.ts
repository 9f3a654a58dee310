import {
  campusById,
  listingPrice,
  NOTIFICATION_KIND_TEXTS,
  type NotificationKind,
  SAVED_SEARCH_TEXTS,
} from '@campus/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { campusSiteUrl } from '../../lib/site-origin.ts';
import { type DigestItem, type MailContent, savedSearchDigestMail } from '../mail/index.ts';
import { unsubscribeLinks } from '../notification-settings/index.ts';
import { listingTitle } from '../posts/index.ts';
import { type DigestRow, lockDigestRows, markDigested } from './saved-searches.repo.ts';

export interface DigestDeps {
  db: Database;
  config: { env: string; port: number };
  /** The server secret (unsubscribe tokens). */
  secret: string;
  /** The mail outbox (app.mailer.enqueue): the mail is queued in the claiming transaction. */
  enqueue(tx: DbOrTx, mail: MailContent): Promise<string>;
  /** Wakes the mail sender after the claim committed. */
  kick(): void;
}

/** Members one pass mails. */
const MEMBERS_PER_PASS = 100;
const KIND: NotificationKind = 'savedSearches';

const emailAllowedFor = (row: DigestRow) => row.emailNotifications && !row.emailOff.includes(KIND);

/**
 * The daily digest (docs/product/notifications.md#saved-searches, decision 040): every member's
 * matches not yet digested, in one email per member and campus, unless the master email switch
 * or the saved-search email is off. Matches are marked digested either way (turning the email on
 * later does not mail a backlog). A match whose author and owner blocked each other since is
 * left out. The mail and the marks commit together; SMTP happens later in the mail sender.
 * `userId`: one member's matches only (the e2e tests' dev route).
 */
export async function mailSavedSearchDigests(
  deps: DigestDeps,
  now: Date,
  options: { userId?: string } = {},
): Promise<{ members: number; mails: number }> {
  const total = { members: 0, mails: 0 };
  for (;;) {
    const pass = await deps.db.transaction(async (tx) => {
      const rows = await lockDigestRows(tx, { before: now, limit: MEMBERS_PER_PASS, userId: options.userId });
      const groups = new Map<string, DigestRow[]>();
      for (const row of rows) {
        const key = `${row.userId}/${row.campusId}`;
        groups.set(key, [...(groups.get(key) ?? []), row]);
      }
      let mails = 0;
      for (const group of groups.values()) {
        const first = group[0] as DigestRow;
        const campus = campusById(first.campusId);
        const shown = group.filter((r) => !r.blocked);
        if (!campus || !emailAllowedFor(first) || shown.length === 0) continue;
        const site = campusSiteUrl(deps.config, campus);
        const items: DigestItem[] = shown.map((r) => ({
          query: r.query,
          title: listingTitle(r.plainText),
          price: r.priceCents === null ? null : listingPrice(r.priceCents),
          url: `${site}/post/${encodeURIComponent(r.postId)}`,
        }));
        const links = unsubscribeLinks({ secret: deps.secret, siteUrl: site, userId: first.userId, kind: KIND, now });
        const content = savedSearchDigestMail({
          campusShortName: campus.shortName,
          siteUrl: site,
          subject: SAVED_SEARCH_TEXTS.digestSubject(items.length, campus.shortName),
          heading: SAVED_SEARCH_TEXTS.digestHeading,
          items,
          manageUrl: `${site}/settings/saved-searches`,
          unsubscribe: { url: links.pageUrl, kindTitle: NOTIFICATION_KIND_TEXTS[KIND].title },
        });
        await deps.enqueue(tx, { to: first.email, ...content, headers: links.headers });
        mails += 1;
      }
      await markDigested(tx, rows, now);
      return { members: groups.size, mails };
    });
    total.members += pass.members;
    total.mails += pass.mails;
    if (pass.mails > 0) deps.kick();
    if (pass.members < MEMBERS_PER_PASS) return total;
  }
}
