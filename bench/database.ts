import path from 'node:path';
import pg from 'pg';
import { ensureDatabase, startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';

export interface BenchDatabase {
  url: string;
  /** Stops the embedded server, or drops this run's database on BENCH_DATABASE_URL's server. */
  close(): Promise<void>;
}

/**
 * A fresh database for one bench run: a database named `${prefix}_${pid}` on the server that
 * BENCH_DATABASE_URL names (its maintenance database), or an embedded PostgreSQL in `dataDir/db`.
 * Databases of earlier runs with this prefix whose process is gone (they died before their
 * clean-up) are dropped first.
 */
export async function openBenchDatabase(prefix: string, dataDir: string): Promise<BenchDatabase> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'db') });
    await ensureDatabase(embedded.adminUrl, 'bench');
    return { url: embedded.urlFor('bench'), close: () => embedded.stop() };
  }
  const runDatabase = `${prefix}_${process.pid}`;
  await withAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE '${prefix.replaceAll('_', '\\_')}\\_%'`,
    );
    for (const { datname } of rows) {
      if (!isAlive(Number(datname.slice(prefix.length + 1)))) {
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
    }
  });
  await ensureDatabase(adminUrl, runDatabase);
  const url = new URL(adminUrl);
  url.pathname = `/${runDatabase}`;
  return {
    url: url.toString(),
    close: () => withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${runDatabase} WITH (FORCE)`)),
  };
}

async function withAdmin(adminUrl: string, work: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
