import pg from 'pg';
import type { Database } from '../db/client.ts';
import { claimPendingPushes } from '../modules/notifications/index.ts';
import { type PushDeps, type PushResult, pushNotifications } from '../modules/push/index.ts';

/** Notifications one pass claims; a full pass is followed by another. */
const PUSHES_PER_PASS = 100;

/**
 * One run of the `push` job (decision 041): claim waiting notifications (their marker cleared,
 * SKIP LOCKED, committed at once), then push them outside any transaction. A push is sent at
 * most once: an instance that dies between the claim and the send loses those pushes (the
 * notifications stay in the app and go by email).
 */
export async function sendDuePushes(deps: PushDeps & { db: Database }): Promise<PushResult & { claimed: number }> {
  const total = { claimed: 0, sent: 0, gone: 0, skipped: 0 };
  for (;;) {
    const claimed = await deps.db.transaction((tx) => claimPendingPushes(tx, PUSHES_PER_PASS));
    if (claimed.length === 0) return total;
    const result = await pushNotifications(deps, claimed);
    total.claimed += claimed.length;
    total.sent += result.sent;
    total.gone += result.gone;
    total.skipped += result.skipped;
    if (claimed.length < PUSHES_PER_PASS) return total;
  }
}

/** The channel the notifications trigger announces a waiting push on (migration 0025). */
const PUSH_CHANNEL = 'campus_push';

export interface PushListener {
  close(): Promise<void>;
}

/**
 * Wakes the push job when a notification that pushes commits: one LISTEN connection per
 * instance on `campus_push`, reconnected with backoff. Every instance hears it and asks for a
 * run; the queue keeps at most one waiting (pg-boss's `stately` policy), so a burst of
 * messages is one run. The job's cron each minute covers what a lost connection missed.
 */
export function listenForPushes(
  url: string,
  wake: () => void,
  log: { warn(obj: object, msg: string): void },
): PushListener {
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = 200;
  let timer: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url, application_name: 'campus-push', keepAlive: true });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === c) client = undefined;
      c.end().catch(() => {});
      if (closed) return;
      log.warn({ err: error }, 'push listener: connection lost; reconnecting');
      timer = setTimeout(() => void connect(), retryMs);
      timer.unref();
      retryMs = Math.min(retryMs * 2, 10_000);
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', () => wake());
    try {
      await c.connect();
      await c.query(`LISTEN ${PUSH_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    retryMs = 200;
    // Whatever committed while nobody listened.
    wake();
  };
  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = undefined;
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => {});
      }
    },
  };
}
