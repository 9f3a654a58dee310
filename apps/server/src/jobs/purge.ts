import type { DbOrTx } from '../db/client.ts';
import { purgeOldEvents } from '../lib/events.ts';
import { purgeAccountSafety } from '../modules/auth/index.ts';
import { purgeOldSentMail } from '../modules/mail/index.ts';
import { purgePopularSearchViews } from '../modules/search/index.ts';

export interface PurgeResult {
  events: number;
  loginLockouts: number;
  accountCodeGuards: number;
  sentMail: number;
  popularSearchViews: number;
  passwordGuards: number;
}

/**
 * The `purge` job (decision 014): deletes rows nothing reads any more, each through the part
 * that owns them:
 * - events older than EVENT_RETENTION_DAYS (stamped by the database clock, compared with it);
 * - account safety's guard rows past their use (lockouts, code guards, password guards);
 * - sent mail older than SENT_MAIL_RETENTION_DAYS, on the mail outbox's own clock (`now`);
 * - popular search views of days before today (`now`, UTC): only today's decide who counted.
 */
export async function purgeOld(db: DbOrTx, now: Date): Promise<PurgeResult> {
  const events = await purgeOldEvents(db);
  const { loginLockouts, accountCodeGuards, passwordGuards } = await purgeAccountSafety(db);
  const sentMail = await purgeOldSentMail(db, now);
  const popularSearchViews = await purgePopularSearchViews(db, now);
  return { events, loginLockouts, accountCodeGuards, sentMail, popularSearchViews, passwordGuards };
}
