import { existsSync } from 'node:fs';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { type EmbeddedPostgres, ensureDatabase, startEmbeddedPostgres } from './db/embedded.ts';
import { migrateDatabase } from './db/migrate.ts';
import { seedDemoAccounts } from './demo/demo-accounts.ts';
import { seedDemoContent } from './demo/demo-content.ts';

async function main() {
  // Settings may come from a .env file in the working directory (see .env.example).
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  let embedded: EmbeddedPostgres | undefined;
  let databaseUrl = config.databaseUrl;
  // Plain lines until the app's logger exists; then its JSON lines (a restart of the embedded
  // server after it died is logged there).
  let logPostgres = (message: string) => console.log(`[postgres] ${message}`);
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      log: (m) => logPostgres(m),
    }).catch((error: Error) => {
      throw new Error(
        `Embedded PostgreSQL could not start (${error.message}). Logs: ${path.join(config.dataDir, 'postgres.log')}`,
      );
    });
    await ensureDatabase(embedded.adminUrl, 'campus');
    databaseUrl = embedded.urlFor('campus');
  }

  const stopDatabase = async () => {
    await embedded?.stop();
  };
  // What needs a session (migrations under their advisory lock, the LISTEN connection, pg-boss)
  // goes to the database directly; requests may go through a pooler (decision 043).
  const directUrl = embedded ? databaseUrl : (config.databaseDirectUrl ?? databaseUrl);
  try {
    await migrateDatabase(directUrl);
  } catch (error) {
    await stopDatabase();
    throw error;
  }
  const db = createDatabase(databaseUrl, {
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    // A health probe may take as long as any new connection may.
    probeTimeoutMs: config.databaseConnectTimeoutMs,
    directUrl,
    preparedStatements: config.databasePreparedStatements,
  });
  const app = await buildApp({ config, db });
  logPostgres = (message) => app.log.warn({ module: 'postgres' }, message);
  if (config.demo) {
    const created = await seedDemoAccounts({ db, auth: app.auth, storage: app.storage });
    if (created > 0) app.log.info(`created ${created} demo accounts (see README)`);
    const posted = await seedDemoContent({ db, auth: app.auth, storage: app.storage, log: app.log });
    if (posted > 0) app.log.info(`created ${posted} demo posts`);
  }

  // SIGTERM/SIGINT (Ctrl-C), decision 043: drain first (readiness false, live streams end so
  // their clients reconnect elsewhere with Last-Event-ID, answers close their connections, and
  // DRAIN_DELAY_MS for the load balancer to notice), then stop accepting and let in-flight
  // requests finish and the job runner stop (app.close()), then close the pool and, last, the
  // embedded server so its data is checkpointed cleanly. The embedded server runs in its own
  // process group, so Ctrl-C does not reach it before its clients are gone (db/embedded.ts).
  closeWithGrace({ delay: config.drainDelayMs + 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal} received, shutting down`);
    if (!err) await app.lifecycle.drain(config.drainDelayMs);
    await app.close();
    await db.$client.end();
    await stopDatabase();
    app.log.info('database closed');
  });

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: Error) => {
  console.error(`error: ${error.message}`);
  process.exit(1);
});
