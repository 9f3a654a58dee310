import type pg from 'pg';
import type { DbOrTx } from './client.ts';

/**
 * The `pg` client a database handle runs on: the pool, or the connection of an open transaction.
 * Drizzle keeps a transaction's connection in its session (`tx.session.client`, drizzle-orm's
 * node-postgres session); db/named-statements.test.ts fails if a Drizzle upgrade moves it.
 */
export function clientOf(db: DbOrTx): pg.Pool | pg.PoolClient {
  if ('$client' in db) return db.$client;
  const client = (db as unknown as { session?: { client?: pg.PoolClient } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('no pg client behind this transaction');
  return client;
}

/** Statement texts by name, built on first use. */
const texts = new Map<string, string>();

/** The text of a named statement built so far (the plan tests explain them). */
export const statementText = (name: string): string | undefined => texts.get(name);

/**
 * Runs a named statement on the pool or on a transaction's connection: `pg` parses a named
 * statement once per connection, so nothing is built or parsed per request. `build` makes its
 * text on first use. One text per name (PostgreSQL refuses a second text under a used name on
 * a connection): the name must carry everything that shapes the text.
 */
export function runNamed<R extends object>(
  db: DbOrTx,
  name: string,
  build: () => string,
  values: unknown[],
): Promise<R[]> {
  let text = texts.get(name);
  if (text === undefined) {
    text = build();
    texts.set(name, text);
  }
  // `.then`, not async/await: one promise fewer per statement (each promise also carries every
  // AsyncLocalStorage's context in Node 20; docs/perf/README.md 'Promises per request').
  return clientOf(db)
    .query<R>({ name, text, values })
    .then((result) => result.rows);
}

/**
 * A count written into a statement's text: a small positive integer, never a string. (With
 * `LIMIT $n` the generic plan of a prepared statement is costed for 10 % of the table, which
 * crossed `jit_above_cost` and made PostgreSQL JIT-compile the feed on every execution.)
 */
export function literalCount(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error(`bad count ${n}`);
  return n;
}
