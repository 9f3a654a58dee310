import { type SQL, sql } from 'drizzle-orm';

/**
 * The event outbox's statements (the `events` table; lib/events.ts is the bus around them). They
 * take what they run on as an argument, so that lib/ needs nothing of the layers above it: the
 * writes run in the caller's transaction (a Drizzle `execute`), the reads on the bus's own `pg`
 * connections (the pool, or the LISTEN connection itself), never inside a request's transaction.
 */

/** The channel every app instance LISTENs on; the payload is the event's id. */
export const EVENTS_CHANNEL = 'campus_events';

/**
 * Campus-wide, unstored announcements (decision 034): the payload is `{ campusId, type, payload }`
 * as JSON. Nothing is kept or replayed, so only what a missed message leaves merely stale (a
 * listing's open page or card) goes here, never what must arrive.
 */
export const BROADCAST_CHANNEL = 'campus_broadcast';

/**
 * Announces to every stream of a campus on commit (pg_notify is transactional), never on rollback.
 * With `from` (a member the message comes from: a new post's author), the streams of that member
 * and of everyone blocked either way with them do not receive it (decision 042); `from` itself is
 * never written to a stream.
 */
export async function broadcastOnCommit(
  tx: EventWriter,
  message: { campusId: string; type: string; payload: Record<string, unknown>; from?: string },
): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${BROADCAST_CHANNEL}, ${JSON.stringify(message)})`);
}

/** Events older than this are gone: a stream that was away longer gets a `reset` (reload) instead. */
const EVENT_RETENTION_DAYS = 7;

/**
 * Where the outbox is written: the caller's transaction (or the database). Only the one method
 * used here; the app's Drizzle database and its transactions both have it.
 */
export interface EventWriter {
  execute(query: SQL): PromiseLike<{ rowCount?: number | null }>;
}

/** Reads the outbox with its own statements (the app's pool): never inside a caller's transaction. */
export interface EventQueries {
  query<R>(text: string, values: unknown[]): Promise<{ rows: R[] }>;
}

/** An event as a stream delivers it; `seq` is the stream position (the SSE `id:`). */
export interface StoredEvent {
  id: string;
  seq: number;
  campusId: string;
  userId: string;
  type: string;
  payload: Record<string, unknown>;
  createdAt: string;
}

/** One campus's rows of a publish, in list order. */
export interface EventInsert {
  id: string;
  user_id: string;
  type: string;
  payload: Record<string, unknown>;
}

/**
 * Inserts one campus's events and NOTIFYs their ids in ONE statement, holding the campus's
 * publish lock (a transaction-level advisory lock) from before the first seq is taken to commit.
 * The lock's CTE is volatile (never inlined) and joined first, so it is taken before any
 * nextval; with ORDER BY the volatile nextval is evaluated after the sort, in list order.
 */
export async function insertAndNotify(tx: EventWriter, campusId: string, rows: EventInsert[]): Promise<void> {
  await tx.execute(sql`
    WITH locked AS (
      SELECT pg_advisory_xact_lock(hashtext('campus_events'), hashtext(${campusId}::text))
    ), inserted AS (
      INSERT INTO events (id, seq, campus_id, user_id, type, payload)
      SELECT e.v->>'id', nextval('events_seq_seq'), ${campusId}::uuid, e.v->>'user_id', e.v->>'type', e.v->'payload'
      FROM locked, jsonb_array_elements(${JSON.stringify(rows)}::jsonb) WITH ORDINALITY AS e(v, ord)
      ORDER BY e.ord
      RETURNING id
    )
    SELECT pg_notify(${EVENTS_CHANNEL}, id) FROM inserted`);
}

/** The purge job's share: events older than EVENT_RETENTION_DAYS, by the database clock that stamped them. */
export async function purgeOldEvents(db: EventWriter): Promise<number> {
  const result = await db.execute(
    sql`DELETE FROM events WHERE created_at < now() - make_interval(days => ${EVENT_RETENTION_DAYS})`,
  );
  return result.rowCount ?? 0;
}

interface EventRow {
  id: string;
  seq: string;
  campus_id: string;
  user_id: string;
  type: string;
  payload: Record<string, unknown>;
  created_at: Date;
}

const toEvent = (row: EventRow): StoredEvent => ({
  id: row.id,
  seq: Number(row.seq),
  campusId: row.campus_id,
  userId: row.user_id,
  type: row.type,
  payload: row.payload,
  createdAt: row.created_at.toISOString(),
});

const COLUMNS = 'id, seq, campus_id, user_id, type, payload, created_at';

/** The newest seq of the user's events on the campus (null: none). */
export async function latestSeq(pool: EventQueries, campusId: string, userId: string): Promise<number | null> {
  const { rows } = await pool.query<{ seq: string | null }>(
    'SELECT max(seq) AS seq FROM events WHERE campus_id = $1 AND user_id = $2',
    [campusId, userId],
  );
  const seq = rows[0]?.seq;
  return seq === null || seq === undefined ? null : Number(seq);
}

/** Whether the user's event at this seq is still kept. */
export async function hasSeq(pool: EventQueries, campusId: string, userId: string, seq: number): Promise<boolean> {
  const { rows } = await pool.query('SELECT 1 FROM events WHERE campus_id = $1 AND user_id = $2 AND seq = $3', [
    campusId,
    userId,
    seq,
  ]);
  return rows.length > 0;
}

/** The user's events after `afterSeq`, oldest first, at most `limit`. */
export async function eventsAfter(
  pool: EventQueries,
  campusId: string,
  userId: string,
  afterSeq: number,
  limit: number,
): Promise<StoredEvent[]> {
  const { rows } = await pool.query<EventRow>(
    `SELECT ${COLUMNS} FROM events WHERE campus_id = $1 AND user_id = $2 AND seq > $3 ORDER BY seq LIMIT $4`,
    [campusId, userId, afterSeq, limit],
  );
  return rows.map(toEvent);
}

/** The events with these ids, in seq (commit) order. */
export async function eventsByIds(reader: EventQueries, ids: string[]): Promise<StoredEvent[]> {
  const { rows } = await reader.query<EventRow>(
    `SELECT ${COLUMNS} FROM events WHERE id = ANY($1::text[]) ORDER BY seq`,
    [ids],
  );
  return rows.map(toEvent);
}
