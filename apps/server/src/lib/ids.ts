import { v7 } from 'uuid';

/**
 * A new row id: a time-ordered UUIDv7, made in the app because PostgreSQL 15 has no
 * uuidv7(). Time order keeps inserts at the right edge of the primary-key index.
 */
export function newId(): string {
  return v7();
}
