import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { newId } from './ids.ts';

export type { DbOrTx } from '../db/client.ts';

/** The channel every app instance LISTENs on; the payload is the event's id. */
export const EVENTS_CHANNEL = 'campus_events';

export interface NewEvent {
  campusId: string;
  /** The recipient: only this user's streams on this campus receive it. */
  userId: string;
  /** What happened, e.g. 'message.created' (1–64 characters). */
  type: string;
  payload: Record<string, unknown>;
}

/**
 * Writes an event into the outbox and announces it, inside `tx` (issue 9 item 0).
 *
 * - The row and `pg_notify` are part of the caller's transaction: PostgreSQL delivers a NOTIFY
 *   only when its transaction commits, so nothing is announced that did not commit, and the
 *   row stays for replay, so nothing committed is lost by a listener that was away.
 * - `seq` is taken while holding the campus's publish lock (a transaction-level advisory lock,
 *   released at commit or rollback). Two transactions publishing on one campus therefore take
 *   their seqs in commit order: a stream that delivered seq N can resume with `seq > N` and miss
 *   nothing (decision 014). One lock per campus (not per user) so that a transaction publishing
 *   to several users can never deadlock with another.
 *
 * Call it at the end of the transaction (after the other writes): the lock is held until commit.
 * Pass the transaction, not the database: outside a transaction the event is committed at once.
 */
export async function publishEvent(tx: DbOrTx, event: NewEvent): Promise<string> {
  const id = newId();
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('campus_events'), hashtext(${event.campusId}::text))`);
  await tx.execute(sql`
    WITH inserted AS (
      INSERT INTO events (id, seq, campus_id, user_id, type, payload)
      VALUES (${id}, nextval('events_seq_seq'), ${event.campusId}::uuid, ${event.userId}, ${event.type},
              ${JSON.stringify(event.payload)}::jsonb)
      RETURNING id
    )
    SELECT pg_notify(${EVENTS_CHANNEL}, id) FROM inserted`);
  return id;
}

/** Several events in one go (same rules as publishEvent). */
export async function publishEvents(tx: DbOrTx, list: NewEvent[]): Promise<string[]> {
  const ids: string[] = [];
  for (const event of list) ids.push(await publishEvent(tx, event));
  return ids;
}
