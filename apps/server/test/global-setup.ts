import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrateDatabase } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server to create per-file databases on (maintenance database URL). */
    adminDatabaseUrl: string;
    /** Migrated database every test file clones. */
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL for the whole run: the external server named by TEST_DATABASE_URL, or an
 * embedded one in a temporary folder. Migrations run once into a template database that each
 * test file clones (CREATE DATABASE … TEMPLATE is a file copy: milliseconds).
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'campus-test-db-'));
    embedded = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    adminUrl = embedded.adminUrl;
  }
  const template = `campus_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  await migrateDatabase(withDatabase(adminUrl, template));

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
