import { and, asc, desc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';

/** The database or an open transaction of it: repos run inside the caller's transaction when given one. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** One email as the templates make it. */
export interface MailContent {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe (decision 040). */
  headers?: Record<string, string>;
}

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** After this many failed deliveries a mail stays unsent, with its last error, for a person to look at. */
export const MAX_ATTEMPTS = 8;

/**
 * Queues a mail, due at `at`. Pass the transaction that makes the change the mail is about, so
 * both are committed together or not at all (outbox pattern); the sender picks it up after
 * commit. `at` comes from the same clock the sender compares with (never the database's
 * now(): two clocks made mails look not yet due and wait for the next poll).
 */
export async function enqueueMail(db: DbExecutor, mail: MailContent, at: Date): Promise<string> {
  const id = newId();
  await db.insert(mailOutbox).values({
    id,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: mail.headers ?? null,
    sendAfter: at,
    createdAt: at,
  });
  return id;
}

/**
 * Locks up to `limit` due mails for this transaction. SKIP LOCKED lets several senders run at
 * once: each takes rows the others have not locked, so every mail is delivered by one of them.
 */
async function claimDueMail(tx: DbExecutor, now: Date, limit: number): Promise<OutboxMail[]> {
  return tx
    .select()
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.sendAfter, now), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(mailOutbox.sendAfter))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Claims up to `limit` due mails and COMMITS the claim before anything is sent: each claimed
 * mail is made not due until `leaseUntil`, so no other pass (here or in another instance) takes
 * it while it is being delivered, and no transaction stays open while the relay talks. A
 * sender that dies mid-delivery leaves the mail to be taken again when the lease ends: at least
 * once, as before.
 */
export async function leaseDueMail(db: Database, now: Date, limit: number, leaseUntil: Date): Promise<OutboxMail[]> {
  return db.transaction(async (tx) => {
    const due = await claimDueMail(tx, now, limit);
    if (due.length > 0) {
      await tx
        .update(mailOutbox)
        .set({ sendAfter: leaseUntil })
        .where(
          inArray(
            mailOutbox.id,
            due.map((m) => m.id),
          ),
        );
    }
    return due;
  });
}

/** Records a delivery; `dueAt` puts back the due time the lease replaced (leaseDueMail). */
export async function markMailSent(tx: DbExecutor, id: string, at: Date, dueAt?: Date): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({ sentAt: at, lastError: null, ...(dueAt ? { sendAfter: dueAt } : {}) })
    .where(eq(mailOutbox.id, id));
}

/**
 * Records the deliveries of one pass in one statement: sent at `at`, each mail's due time put
 * back to what the lease replaced.
 */
export async function markMailsSent(db: DbExecutor, sent: { id: string; dueAt: Date }[], at: Date): Promise<void> {
  if (sent.length === 0) return;
  await db.execute(sql`
    UPDATE ${mailOutbox} AS m SET sent_at = ${at.toISOString()}::timestamptz, last_error = NULL, send_after = v.due
    FROM jsonb_to_recordset(${JSON.stringify(sent.map((m) => ({ id: m.id, due: m.dueAt.toISOString() })))}::jsonb)
      AS v(id text, due timestamptz)
    WHERE m.id = v.id`);
}

export async function markMailFailed(
  tx: DbExecutor,
  id: string,
  failure: { attempts: number; error: string; retryAt: Date },
): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({ attempts: failure.attempts, lastError: failure.error, sendAfter: failure.retryAt })
    .where(eq(mailOutbox.id, id));
}

/** The latest mails, newest first, optionally only those to one address (any letter case). */
export async function listRecentMail(db: DbExecutor, options: { to?: string; limit: number }): Promise<OutboxMail[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(options.to ? eq(sql`lower(${mailOutbox.to})`, options.to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(options.limit);
}

/** Deletes mail sent before `before` (the outbox's clock); returns how many. */
export async function purgeSentMail(db: DbExecutor, before: Date): Promise<number> {
  const removed = await db.delete(mailOutbox).where(lt(mailOutbox.sentAt, before)).returning({ id: mailOutbox.id });
  return removed.length;
}
