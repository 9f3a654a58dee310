import type { Database } from '../src/db/client.ts';

/** Counts the SQL statements the app sends through `db`'s pool while `run` runs. */
export async function countQueries(db: Database, run: () => Promise<unknown>): Promise<number> {
  const pool = db.$client;
  const original = pool.query.bind(pool);
  let count = 0;
  pool.query = ((...args: Parameters<typeof original>) => {
    count += 1;
    return original(...args);
  }) as typeof pool.query;
  try {
    await run();
  } finally {
    pool.query = original as typeof pool.query;
  }
  return count;
}
