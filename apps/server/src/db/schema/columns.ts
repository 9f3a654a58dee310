import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { campuses } from './campuses.ts';

/** Every timestamp: with time zone, millisecond precision (what JavaScript dates hold). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * The campus a row belongs to: every table of campus data carries it, so each query can be
 * scoped to the site's campus. Search tables are derived data and go with their campus.
 */
export const campusIdColumn = (onDelete?: 'cascade') =>
  uuid('campus_id')
    .notNull()
    .references(() => campuses.id, onDelete ? { onDelete } : {});
