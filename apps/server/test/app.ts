import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { withDatabase } from './global-setup.ts';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  config: Config;
}

/**
 * Builds the app on a fresh database cloned from the migrated template, for one test file.
 * Everything is dropped after the file's tests.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'clock'> & { poolSize?: number } = {},
): Promise<TestContext> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `campus_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);

  // TEST_STORAGE=s3: the file's uploads go to a local S3 server instead of DATA_DIR/uploads, so
  // media tests that do not look at the folder itself run against the S3 driver too.
  const s3 =
    process.env.TEST_STORAGE === 's3' && !env.STORAGE ? await (await import('./s3.ts')).startLocalS3() : undefined;
  const config = loadConfig({
    // Uploads of each test file go to a folder of their own, never into the repo's ./data.
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'campus-test-data-')),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    WEB_DIST: '/nonexistent',
    AUTH_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    ...s3?.env,
    ...env,
  });
  const { poolSize = 4, ...appDeps } = deps;
  // A wait for a free connection may take seconds on a loaded CI machine: tests are not about the
  // production bound (500 ms, then 503 and the database marked down), which would turn whole
  // bursts away unchecked. The outage tests make their own pools with tight bounds.
  const db = createDatabase(withDatabase(adminUrl, name), { max: poolSize, connectTimeoutMs: 10_000 });
  const app = await buildApp({ config, db, ...appDeps });
  await app.ready();

  afterAll(async () => {
    await app.close();
    await db.$client.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await s3?.close();
  });
  return { app, db, config };
}
