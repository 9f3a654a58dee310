import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { seedCampuses } from './seed/campuses.ts';

const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations');
/** Arbitrary, fixed key: every instance of this app contends for the same lock. */
const MIGRATION_LOCK_KEY = 7_402_611_930;

/**
 * Applies the committed SQL migrations and upserts the campus list. Runs under a session
 * advisory lock so that instances starting together apply them once, one after another.
 */
export async function migrateDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await seedCampuses(db);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
