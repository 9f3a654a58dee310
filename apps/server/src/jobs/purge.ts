import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { purgePasswordGuards } from '../modules/auth/account-safety.repo.ts';
import { purgeSentMail } from '../modules/mail/mail.repo.ts';
import { purgePopularSearchViews } from '../modules/search/search.repo.ts';

/** Events older than this are gone: a stream that was away longer gets a `reset` (reload) instead. */
export const EVENT_RETENTION_DAYS = 7;
/** Sent mail is kept this long (the dev mailbox and support read it), then deleted. */
export const SENT_MAIL_RETENTION_DAYS = 7;

export interface PurgeResult {
  events: number;
  loginLockouts: number;
  accountCodeGuards: number;
  sentMail: number;
  popularSearchViews: number;
  passwordGuards: number;
}

/**
 * The `purge` job (decision 014): deletes rows nothing reads any more.
 * - events older than EVENT_RETENTION_DAYS (stamped by the database clock, compared with it);
 * - login_lockouts whose pause has ended (the next failure would start from 1 anyway), or that
 *   count failures but saw none for 7 days;
 * - account_code_guards whose windows are all over (24 h), so the next use starts fresh anyway;
 * - sent mail older than SENT_MAIL_RETENTION_DAYS, on the mail outbox's own clock (`now`);
 * - popular search views of days before today (`now`, UTC): only today's decide who counted;
 * - password guards past their use (account-safety.repo.ts `purgePasswordGuards`).
 * The account-safety deletes belong in modules/auth/account-safety.repo.ts (a module writes
 * its own tables); they live here until that module takes them (see the issue 9 report).
 */
export async function purgeOld(db: DbOrTx, now: Date): Promise<PurgeResult> {
  const events = await db.execute(
    sql`DELETE FROM events WHERE created_at < now() - make_interval(days => ${EVENT_RETENTION_DAYS})`,
  );
  const lockouts = await db.execute(sql`
    DELETE FROM login_lockouts
    WHERE (locked_until IS NOT NULL AND locked_until <= now())
       OR (locked_until IS NULL AND last_failed_at < now() - interval '7 days')`);
  const guards = await db.execute(sql`
    DELETE FROM account_code_guards
    WHERE (guesses_since IS NULL OR guesses_since <= now() - interval '24 hours')
      AND (sends_since IS NULL OR sends_since <= now() - interval '24 hours')
      AND (last_sent_at IS NULL OR last_sent_at <= now() - interval '24 hours')`);
  const sentMail = await purgeSentMail(db, new Date(now.getTime() - SENT_MAIL_RETENTION_DAYS * 86_400_000));
  const popularSearchViews = await purgePopularSearchViews(db, now);
  const passwordGuards = await purgePasswordGuards(db);
  return {
    events: events.rowCount ?? 0,
    loginLockouts: lockouts.rowCount ?? 0,
    accountCodeGuards: guards.rowCount ?? 0,
    sentMail,
    popularSearchViews,
    passwordGuards,
  };
}
