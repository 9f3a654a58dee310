import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { poolSources } from '../lib/metrics.ts';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** The database or an open transaction of it: every repository takes this, so a caller's transaction carries its writes. */
export type DbOrTx = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Time limits of the request pool (docs/security.md#availability-and-operations). A request must answer 503 within a second
 * when PostgreSQL is stopped or hung, so:
 * - a new connection (or a wait for a free one) gives up after `connectTimeoutMs`;
 * - a statement still running after `watchAfterMs` makes the pool probe the server on a fresh
 *   connection; if the probe gets no answer within `probeTimeoutMs`, the server is declared
 *   down, every connection is dropped (so the hung statements fail at once) and new requests
 *   fail fast until a background probe succeeds again;
 * - the server itself cancels any statement after `statementTimeoutMs`. Migrations run on a
 *   connection of their own (db/migrate.ts); a long job makes its own pool with
 *   `statementTimeoutMs: 0`, or runs `SET LOCAL statement_timeout = 0` in its transaction.
 */
export interface DatabaseOptions {
  max?: number;
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  watchAfterMs?: number;
  probeTimeoutMs?: number;
  /**
   * The same database without a pooler in between (DATABASE_DIRECT_URL), for what needs a
   * session: the LISTEN connection, pg-boss, migrations. Default: `url`.
   */
  directUrl?: string;
  /**
   * False: every statement is sent unnamed, even one the code names (`runNamed`, Drizzle's
   * `.prepare()`). A pooler in transaction mode without prepared-statement support (PgBouncer
   * before 1.21) would otherwise run an execute on a server connection that never parsed it.
   * Decision 043. Default true.
   */
  preparedStatements?: boolean;
}

const DEFAULTS = {
  connectTimeoutMs: 500,
  statementTimeoutMs: 5_000,
  watchAfterMs: 200,
  probeTimeoutMs: 400,
} as const;
/** While down, the server is probed again after this long, doubling up to the maximum. */
const REPROBE_MIN_MS = 100;
const REPROBE_MAX_MS = 2_000;

/** Connection-level failures: the server is stopped, unreachable, hung, restarting or full. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'DATABASE_UNAVAILABLE',
]);
/** SQLSTATEs: 08 connection exception, 57P0x shutdown/crash/starting, too many connections, statement timeout. */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[1-3]|53300|57014|25P03)$/;
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection error|the database system is (starting up|shutting down|in recovery mode)/i;

/** True when `error` (or its cause, e.g. inside Drizzle's DrizzleQueryError) says the database cannot answer now. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.test(e.code))) return true;
  if (typeof e.message === 'string' && DRIVER_MESSAGES.test(e.message) && !('severity' in e)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** What the pool throws while the database is known to be down, without trying to connect. */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
  constructor(cause?: unknown) {
    super('The database is not reachable.', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

export interface DatabaseHealth {
  /** False from the moment the server stops answering until a probe succeeds again. */
  readonly up: boolean;
  /** Counts connection-level failures seen; a request compares it before and after. */
  readonly failures: number;
  /** Calls `listener` with the new state whenever it changes. */
  onChange(listener: (up: boolean) => void): () => void;
  /** Stops the background probes (the pool's end() does it too). */
  close(): void;
}

const healthByPool = new WeakMap<pg.Pool, DatabaseHealth>();

/** The health of the pool behind `db` (every Database made by createDatabase has one). */
const directUrlByPool = new WeakMap<pg.Pool, string>();

/** The session (non-pooled) connection string of the database behind `db` (DATABASE_DIRECT_URL or its own). */
export function directUrlOf(db: Pick<Database, '$client'>): string {
  return directUrlByPool.get(db.$client) ?? String(db.$client.options.connectionString);
}

export function databaseHealth(db: Pick<Database, '$client'>): DatabaseHealth {
  const health = healthByPool.get(db.$client);
  if (!health) throw new Error('databaseHealth: this database was not made by createDatabase');
  return health;
}

type Callback = (error: Error | undefined, ...rest: unknown[]) => void;

export function createDatabase(url: string, options: DatabaseOptions = {}): Database {
  const limits = { ...DEFAULTS, ...options };
  const monitor = new HealthMonitor(url, limits);
  const prepared = options.preparedStatements ?? true;

  /** Every client of this pool: when the server is declared down they are all dropped. */
  class WatchedClient extends pg.Client {
    constructor(config: pg.ClientConfig) {
      super(config);
      monitor.clients.add(this);
      this.once('end', () => monitor.clients.delete(this));
      // pg-pool listens for 'error' only while a client is idle; a checked-out client (between
      // the statements of a transaction) whose socket the watchdog drops would otherwise throw
      // an unhandled 'error' and end the process. The statement in flight still gets its error.
      this.on('error', (error) => monitor.failed(error));
    }
  }
  // Wraps query() in all its forms but Submittable: a slow statement starts the watchdog, a
  // connection-level failure is recorded.
  const originalQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  Object.defineProperty(WatchedClient.prototype, 'query', {
    value(this: pg.Client, ...args: unknown[]) {
      const first = args[0] as { submit?: unknown; name?: unknown } | undefined;
      if (first && typeof first.submit === 'function') return originalQuery.apply(this, args);
      // Unnamed instead of named (a copy: Drizzle reuses its query objects).
      if (!prepared && first && typeof first === 'object' && first.name !== undefined) {
        args[0] = { ...first, name: undefined };
      }
      const finish = monitor.watch();
      const callbackAt = args.findIndex((a) => typeof a === 'function');
      if (callbackAt >= 0) {
        const callback = args[callbackAt] as Callback;
        args[callbackAt] = (error: Error | undefined, ...rest: unknown[]) => {
          finish(error);
          callback(error, ...rest);
        };
        return originalQuery.apply(this, args);
      }
      return (originalQuery.apply(this, args) as Promise<unknown>).then(
        (result) => {
          finish(undefined);
          return result;
        },
        (error: Error) => {
          finish(error);
          throw error;
        },
      );
    },
  });

  class GuardedPool extends pg.Pool {}
  // Both pool.query() and transactions go through connect(): fail fast while down.
  const originalConnect = pg.Pool.prototype.connect as (callback?: Callback) => Promise<pg.PoolClient> | undefined;
  Object.defineProperty(GuardedPool.prototype, 'connect', {
    value(this: pg.Pool, callback?: Callback) {
      if (!monitor.up) {
        const error = new DatabaseUnavailableError();
        if (!callback) return Promise.reject(error);
        process.nextTick(callback, error);
        return undefined;
      }
      if (callback) {
        return originalConnect.call(this, (error, ...rest) => {
          if (error) monitor.failed(error);
          callback(error, ...rest);
        });
      }
      return (originalConnect.call(this) as Promise<pg.PoolClient>).catch((error: Error) => {
        monitor.failed(error);
        throw error;
      });
    },
  });
  const originalEnd = pg.Pool.prototype.end as (...args: unknown[]) => unknown;
  Object.defineProperty(GuardedPool.prototype, 'end', {
    value(this: pg.Pool, ...args: unknown[]) {
      monitor.close();
      poolSources.delete(this);
      return originalEnd.apply(this, args);
    },
  });

  const pool = new GuardedPool({
    connectionString: url,
    // Enough that a burst of page loads (a page asks for 3–6 resources at once) queues rarely:
    // a wait for a free connection is bounded by connectTimeoutMs too, and then answers 503.
    max: limits.max ?? 20,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    ...(limits.statementTimeoutMs > 0
      ? {
          statement_timeout: limits.statementTimeoutMs,
          // The client-side bound, for a server that no longer cancels anything.
          query_timeout: limits.statementTimeoutMs + 1_000,
          // No idle-in-transaction limit is set here; no job holds a transaction across a slow
          // call any more (the mail sender claims, commits, then sends: modules/mail/mail.sender.ts).
        }
      : {}),
    Client: WatchedClient as unknown as typeof pg.Client,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', (error) => monitor.failed(error));
  healthByPool.set(pool, monitor);
  // In use and waiting, read when /metrics is scraped; the pool leaves the sum when it ends.
  poolSources.add(pool);
  if (options.directUrl) directUrlByPool.set(pool, options.directUrl);
  return drizzle(pool, { schema });
}

class HealthMonitor implements DatabaseHealth {
  up = true;
  failures = 0;
  /** Statements that succeeded: a probe that times out while others succeed saw a busy server, not a hung one. */
  private successes = 0;
  readonly clients = new Set<pg.Client>();
  private readonly listeners = new Set<(up: boolean) => void>();
  private probing: Promise<boolean> | undefined;
  private reprobe: NodeJS.Timeout | undefined;
  private reprobeMs = REPROBE_MIN_MS;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly limits: { watchAfterMs: number; probeTimeoutMs: number },
  ) {}

  onChange(listener: (up: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.reprobe);
  }

  /** Starts the watchdog of one statement; call the result when it settles. */
  watch(): (error: Error | undefined) => void {
    const timer = setTimeout(() => void this.probe(), this.limits.watchAfterMs);
    timer.unref();
    return (error) => {
      clearTimeout(timer);
      if (error) this.failed(error);
      else this.successes += 1;
    };
  }

  /** A failure of a connection or statement: if it is the server's, check whether it still answers. */
  failed(error: unknown): void {
    if (!isDatabaseUnavailable(error)) return;
    this.failures += 1;
    if (this.up) void this.probe();
  }

  /** One probe at a time, on a connection of its own; its failure declares the server down. */
  probe(): Promise<boolean> {
    this.probing ??= this.probeOnce().finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  private async probeOnce(): Promise<boolean> {
    if (this.closed) return this.up;
    const successesBefore = this.successes;
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: this.limits.probeTimeoutMs,
      query_timeout: this.limits.probeTimeoutMs,
    });
    client.on('error', () => {});
    let ok = false;
    try {
      await client.connect();
      await client.query('SELECT 1');
      ok = true;
    } catch {
      ok = false;
    } finally {
      // A hung server would never acknowledge the goodbye: drop the socket instead.
      destroySocket(client);
    }
    if (this.closed) return ok;
    // Under load a fresh connection can take longer than the probe allows (a 2-core machine
    // busy with page loads); if other statements were answered meanwhile the server is alive,
    // and dropping every connection would turn a slow moment into an outage.
    if (!ok && this.up && this.successes > successesBefore) return true;
    if (ok) this.markUp();
    else this.markDown();
    return ok;
  }

  private markDown(): void {
    this.failures += 1;
    if (this.up) {
      this.up = false;
      // Statements waiting on a hung server fail now instead of at their timeouts.
      for (const client of this.clients) destroySocket(client);
      for (const listener of this.listeners) listener(false);
    }
    clearTimeout(this.reprobe);
    this.reprobe = setTimeout(() => void this.probe(), this.reprobeMs);
    this.reprobe.unref();
    this.reprobeMs = Math.min(this.reprobeMs * 2, REPROBE_MAX_MS);
  }

  private markUp(): void {
    clearTimeout(this.reprobe);
    this.reprobeMs = REPROBE_MIN_MS;
    if (this.up) return;
    this.up = true;
    for (const listener of this.listeners) listener(true);
  }
}

function destroySocket(client: pg.Client): void {
  const connection = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection;
  connection?.stream?.destroy();
}
