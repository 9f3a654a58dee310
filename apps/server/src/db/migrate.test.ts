import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../test/global-setup.ts';
import { migrateDatabase } from './migrate.ts';

describe('migrations', () => {
  const name = `campus_migrate_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('apply once when two instances start together, and again is a no-op', async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = withDatabase(inject('adminDatabaseUrl'), name);

    await Promise.all([migrateDatabase(url), migrateDatabase(url), migrateDatabase(url)]);
    await migrateDatabase(url);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const applied = await client.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      expect(applied.rows[0].n).toBeGreaterThanOrEqual(2);
      const campuses = await client.query('SELECT count(*)::int AS n FROM campuses');
      expect(campuses.rows[0].n).toBe(15);
      const extensions = await client.query(
        "SELECT extname FROM pg_extension WHERE extname IN ('pg_trgm','unaccent','citext') ORDER BY extname",
      );
      expect(extensions.rows.map((r) => r.extname)).toEqual(['citext', 'pg_trgm', 'unaccent']);
    } finally {
      await client.end();
    }
  });
});
