import { type DbExecutor, purgeSentMail } from './mail.repo.ts';

/** Sent mail is kept this long (the dev mailbox and support read it), then deleted. */
const SENT_MAIL_RETENTION_DAYS = 7;

/** The purge job's share of the outbox: mail sent more than SENT_MAIL_RETENTION_DAYS before `now` (the outbox's clock). */
export function purgeOldSentMail(db: DbExecutor, now: Date): Promise<number> {
  return purgeSentMail(db, new Date(now.getTime() - SENT_MAIL_RETENTION_DAYS * 86_400_000));
}
