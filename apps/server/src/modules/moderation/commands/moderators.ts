import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../../config.ts';
import { createDatabase } from '../../../db/client.ts';
import { type EmbeddedPostgres, ensureDatabase, startEmbeddedPostgres } from '../../../db/embedded.ts';
import { migrateDatabase } from '../../../db/migrate.ts';
import { runModeratorsCommand } from '../moderators.service.ts';

/** `npm run moderators -- …`: the app's database (DATABASE_URL, or the embedded one while the server is stopped). */
async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  let embedded: EmbeddedPostgres | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir }).catch((error: Error) => {
      throw new Error(
        `The embedded database could not start (${error.message}). Stop the server first, or set DATABASE_URL.`,
      );
    });
    await ensureDatabase(embedded.adminUrl, 'campus');
    url = embedded.urlFor('campus');
  }
  const db = createDatabase(url);
  try {
    await migrateDatabase(url);
    const { code, lines } = await runModeratorsCommand(db, process.argv.slice(2));
    for (const line of lines) (code === 0 ? console.log : console.error)(line);
    process.exitCode = code;
  } finally {
    await db.$client.end();
    await embedded?.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
