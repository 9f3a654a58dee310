import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { campusIdColumn, ts } from './columns.ts';
import { users } from './users.ts';

/**
 * The event outbox (docs/decisions/014-events-and-jobs.md): one row per event for one recipient, written in the
 * transaction of the change it announces, then `pg_notify('campus_events', id)` in the same
 * transaction. `seq` is allocated under a per-campus transaction lock (lib/events.ts), so for
 * any campus the seq order is the commit order: a stream resumes exactly after the last seq it
 * delivered (decision 014).
 */
export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull().unique().default(sql`nextval('events_seq_seq')`),
    campusId: campusIdColumn(),
    /** The recipient: only this user's streams on this campus receive the event. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('events_recipient_seq_idx').on(t.campusId, t.userId, t.seq),
    index('events_created_at_idx').on(t.createdAt),
    // The saved-search job reads each campus's new posts in seq order (decision 040).
    index('events_listing_created_idx').on(t.campusId, t.seq).where(sql`${t.type} = 'listing.created'`),
  ],
);
