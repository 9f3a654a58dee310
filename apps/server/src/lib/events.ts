import pg from 'pg';
import {
  BROADCAST_CHANNEL,
  EVENTS_CHANNEL,
  type EventQueries,
  type EventWriter,
  eventsAfter,
  eventsByIds,
  hasSeq,
  insertAndNotify,
  latestSeq,
  type StoredEvent,
} from './events.repo.ts';
import { newId } from './ids.ts';
import { eventLag, eventsDelivered, eventsPublished } from './metrics.ts';

export { broadcastOnCommit, EVENTS_CHANNEL, purgeOldEvents, type StoredEvent } from './events.repo.ts';

/** An unstored campus-wide message (BROADCAST_CHANNEL): no seq, never replayed. */
interface BroadcastMessage {
  type: string;
  payload: Record<string, unknown>;
}

/**
 * The channel a deleted session row is announced on (trigger `sessions_ended_notify`, migration
 * 0014); the payload is the session's id. The same LISTEN connection hears it, in commit order
 * with the events.
 */
const SESSIONS_ENDED_CHANNEL = 'campus_sessions_ended';
/** The `application_name` of every instance's LISTEN connection. */
export const EVENTS_APPLICATION_NAME = 'campus-events';

export interface NewEvent {
  campusId: string;
  /** The recipient: only this user's streams on this campus receive it. */
  userId: string;
  /** What happened, e.g. 'message.created' (1–64 characters). */
  type: string;
  payload: Record<string, unknown>;
}

/**
 * Writes an event into the outbox and announces it, inside `tx` (docs/decisions/014-events-and-jobs.md).
 *
 * - The row and `pg_notify` are part of the caller's transaction: PostgreSQL delivers a NOTIFY
 *   only when its transaction commits, so nothing is announced that did not commit, and the
 *   row stays for replay, so nothing committed is lost by a listener that was away.
 * - `seq` is taken while holding the campus's publish lock (a transaction-level advisory lock,
 *   released at commit or rollback). Two transactions publishing on one campus therefore take
 *   their seqs in commit order: a stream that delivered seq N can resume with `seq > N` and miss
 *   nothing (decision 014). One lock per campus (not per user) so that a transaction publishing
 *   to several users can never deadlock with another.
 *
 * Call it at the end of the transaction (after the other writes): the lock is held until commit.
 * Pass the transaction, not the database: outside a transaction the event is committed at once.
 */
export async function publishEvent(tx: EventWriter, event: NewEvent): Promise<string> {
  const [id] = await publishEvents(tx, [event]);
  return id as string;
}

/**
 * Several events in one go, same rules as publishEvent, in ONE statement per campus: the lock,
 * the seqs (in list order), the rows and their NOTIFYs. The campus lock is held from here to
 * commit and every publishing transaction of the campus waits for it, so the fewer round trips
 * inside it the better (bench/chat): publish once, at the end of the transaction.
 */
export async function publishEvents(tx: EventWriter, list: NewEvent[]): Promise<string[]> {
  const ids = list.map(() => newId());
  // Campuses in a fixed order: two transactions publishing to the same campuses cannot deadlock.
  const campuses = [...new Set(list.map((e) => e.campusId))].sort();
  for (const campusId of campuses) {
    const rows = list.flatMap((e, i) =>
      e.campusId === campusId ? [{ id: ids[i] as string, user_id: e.userId, type: e.type, payload: e.payload }] : [],
    );
    await insertAndNotify(tx, campusId, rows);
  }
  eventsPublished.inc(list.length);
  return ids as string[];
}

export interface Subscription {
  /** The last seq this subscriber was given (or started after). */
  readonly lastSeq: number;
  /** Runs `step` after the deliveries queued for this subscriber (skipped once it is closed). */
  enqueue(step: () => Promise<void> | void): void;
  close(): void;
}

export interface SubscribeOptions {
  campusId: string;
  userId: string;
  /** Replay the events after this seq first (a reconnect's Last-Event-ID); omitted: only new ones. */
  afterSeq?: number;
  /** More missed events than this: `onReset` instead of a replay (the client reloads its state). */
  maxReplay?: number;
  /** Called once the start position is known (after the replay, if any). */
  onReady(lastSeq: number): void;
  onEvent(event: StoredEvent): void;
  /** A campus-wide message (no position: a reconnect does not replay it). */
  onBroadcast?(message: BroadcastMessage): void;
  /** Too much was missed to replay: the client must reload; the subscription goes on from now. */
  onReset?(lastSeq: number): void;
  /** The bus is closing (app shutdown): end the stream. */
  onClose(): void;
}

export interface EventBusOptions {
  /** The connection string of the database; the bus opens ONE LISTEN connection of its own. */
  url: string;
  /** Where the rows are read (the app's pool). */
  pool: EventQueries;
  log?: { warn(obj: object, msg: string): void; info?(msg: string): void };
  /** A session row was deleted (sign-out, revocation, password change, ban): its id. */
  onSessionEnded?(sessionId: string): void;
  /**
   * Everyone blocked either way with a member (decision 042): a campus-wide message `from` that
   * member reaches none of their streams. Asked once per such message on this instance, and
   * only when the campus has streams here; when it fails the message reaches no one (it only
   * leaves a feed's 'new posts' pill stale, never shows what a block hides).
   */
  hiddenFrom?(userId: string): Promise<ReadonlySet<string>>;
  /**
   * The LISTEN connection is back after a loss: what it missed meanwhile is unknown, so the
   * owner checks the sessions of its streams again.
   */
  onReconnected?(): void;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

class Subscriber implements Subscription {
  lastSeq = -1;
  closed = false;
  /** Deliveries run one after another, so a replay and live events never interleave. */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    readonly options: SubscribeOptions,
    private readonly onClosed: (s: Subscriber) => void,
  ) {}

  /** A step that fails (the database is down) ends the stream: the client resumes from its last id. */
  enqueue(step: () => Promise<void> | void): void {
    this.chain = this.chain
      .then(async () => {
        if (!this.closed) await step();
      })
      .catch(() => {
        if (this.closed) return;
        this.close();
        this.options.onClose();
      });
  }

  /** Hands the event on unless it was already (or the subscriber is closed); true when it did. */
  deliver(event: StoredEvent): boolean {
    if (this.closed || event.seq <= this.lastSeq) return false;
    this.lastSeq = event.seq;
    this.options.onEvent(event);
    eventsDelivered.inc();
    return true;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.onClosed(this);
  }
}

/**
 * One per app instance (docs/decisions/014-events-and-jobs.md): a dedicated LISTEN connection on `campus_events`,
 * opened at the first subscriber, reconnected with backoff; a notification's id is read from
 * the outbox and handed to this instance's subscribers of that user on that campus. After a
 * reconnect every subscriber catches up from the table (seq > its last), so nothing committed
 * while the connection was down is lost.
 */
export class EventBus {
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectMs: number;
  private closed = false;
  private readonly byUser = new Map<string, Set<Subscriber>>();
  private pendingIds: string[] = [];
  private flushing = false;
  /** Session ends heard while announced events were still being read (see sessionEnded). */
  private endsAfterFlush: string[] = [];

  constructor(private readonly options: EventBusOptions) {
    this.reconnectMs = options.reconnectMinMs ?? 100;
  }

  /** Subscribers on this instance (all users). */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Open streams of one user on one campus, on this instance. */
  countFor(campusId: string, userId: string): number {
    return this.byUser.get(key(campusId, userId))?.size ?? 0;
  }

  /** The members with a stream open on this instance. */
  members(): Array<{ campusId: string; userId: string }> {
    return [...this.byUser.keys()].map((k) => {
      const [campusId = '', userId = ''] = k.split('/');
      return { campusId, userId };
    });
  }

  /** True while the LISTEN connection is up. */
  get listening(): boolean {
    return this.client !== undefined && this.connecting === undefined;
  }

  /**
   * Opens the LISTEN connection now if it is not up (readiness asks this); rejects while the
   * database cannot be reached (a reconnect is then scheduled as usual).
   */
  listen(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('EventBus is closed'));
    return this.ensureListening();
  }

  subscribe(options: SubscribeOptions): Subscription {
    if (this.closed) throw new Error('EventBus is closed');
    const k = key(options.campusId, options.userId);
    const subscriber = new Subscriber(options, (s) => {
      const set = this.byUser.get(k);
      set?.delete(s);
      if (set?.size === 0) this.byUser.delete(k);
    });
    let set = this.byUser.get(k);
    if (!set) {
      set = new Set();
      this.byUser.set(k, set);
    }
    set.add(subscriber);
    // Registered before anything is read: an event committed from now on is either in the
    // read below or announced afterwards (and de-duplicated by seq).
    const listening = this.ensureListening();
    subscriber.enqueue(async () => {
      await listening.catch(() => {});
      await this.start(subscriber);
    });
    return subscriber;
  }

  /** Ends every stream and the LISTEN connection (app shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    for (const set of [...this.byUser.values()]) {
      for (const s of [...set]) {
        s.close();
        s.options.onClose();
      }
    }
    this.byUser.clear();
    const client = this.client;
    this.client = undefined;
    if (client) await client.end().catch(() => {});
  }

  private async start(s: Subscriber): Promise<void> {
    const { campusId, userId, afterSeq, maxReplay = 500 } = s.options;
    if (afterSeq === undefined) {
      s.lastSeq = Math.max(s.lastSeq, (await latestSeq(this.options.pool, campusId, userId)) ?? 0);
      s.options.onReady(s.lastSeq);
      return;
    }
    s.lastSeq = afterSeq;
    // A position is always the seq of one of this user's rows (an event, or the `ready` position,
    // which is the user's newest row) or 0. If that row is gone it was purged (or the id is not
    // this user's): what came between is unknown, so the client reloads.
    const known = afterSeq === 0 || (await hasSeq(this.options.pool, campusId, userId, afterSeq));
    const missed = await eventsAfter(this.options.pool, campusId, userId, afterSeq, maxReplay + 1);
    if (!known || missed.length > maxReplay) {
      s.lastSeq = (await latestSeq(this.options.pool, campusId, userId)) ?? afterSeq;
      s.options.onReset?.(s.lastSeq);
      s.options.onReady(s.lastSeq);
      return;
    }
    for (const event of missed) s.deliver(event);
    s.options.onReady(s.lastSeq);
  }

  /** Reads what a subscriber missed (after a reconnect of the LISTEN connection). */
  private catchUp(s: Subscriber): void {
    s.enqueue(async () => {
      const missed = await eventsAfter(this.options.pool, s.options.campusId, s.options.userId, s.lastSeq, 1000);
      for (const event of missed) s.deliver(event);
    });
  }

  private ensureListening(): Promise<void> {
    if (this.client && !this.connecting) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    // keepAlive: a connection dropped without a reset (a dead network path) is noticed too.
    const client = new pg.Client({
      connectionString: this.options.url,
      // Named, so operators (and tests) can tell it from the pool's connections.
      application_name: EVENTS_APPLICATION_NAME,
      connectionTimeoutMillis: 2_000,
      keepAlive: true,
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      if (this.closed) return;
      this.options.log?.warn({ err: error }, 'event stream connection lost; reconnecting');
      this.scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (n) => {
      if (!n.payload) return;
      if (n.channel === EVENTS_CHANNEL) this.announced(n.payload);
      else if (n.channel === BROADCAST_CHANNEL) this.broadcast(n.payload);
      // Handled at once, in arrival order: an event committed after the session ended is
      // announced after this, so it reaches none of that session's streams.
      else if (n.channel === SESSIONS_ENDED_CHANNEL) this.sessionEnded(n.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}; LISTEN ${SESSIONS_ENDED_CHANNEL}; LISTEN ${BROADCAST_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners('end');
      client.end().catch(() => {});
      onLost(error as Error);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.reconnectMs = this.options.reconnectMinMs ?? 100;
  }

  private scheduleReconnect(): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      if (this.closed) return;
      this.ensureListening().then(
        () => {
          // Whatever committed while the connection was down is read from the table.
          for (const set of this.byUser.values()) for (const s of set) this.catchUp(s);
          this.options.onReconnected?.();
        },
        () => {},
      );
    }, this.reconnectMs);
    this.reconnectTimer.unref();
    this.reconnectMs = Math.min(this.reconnectMs * 2, this.options.reconnectMaxMs ?? 5_000);
  }

  /** A campus-wide message to every stream of that campus on this instance, after what each has queued. */
  private broadcast(text: string): void {
    let message: { campusId?: unknown; type?: unknown; payload?: unknown; from?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    const { campusId, type, payload, from } = message;
    if (typeof campusId !== 'string' || typeof type !== 'string' || typeof payload !== 'object' || !payload) return;
    if (from !== undefined && typeof from !== 'string') return;
    const prefix = `${campusId}/`;
    const subscribers = [...this.byUser].flatMap(([k, set]) => (k.startsWith(prefix) ? [...set] : []));
    if (subscribers.length === 0) return;
    // Asked once for all of them; each delivery waits for it in its own queue, so a subscriber's
    // messages keep their order. Unknown (the database failed): nobody.
    const hidden: Promise<ReadonlySet<string> | null> =
      from === undefined
        ? Promise.resolve(new Set<string>())
        : (this.options.hiddenFrom?.(from) ?? Promise.resolve(new Set<string>())).catch(() => null);
    const delivered = { type, payload: payload as Record<string, unknown> };
    for (const s of subscribers) {
      s.enqueue(async () => {
        const hide = await hidden;
        const userId = s.options.userId;
        if (hide === null || userId === from || hide.has(userId)) return;
        s.options.onBroadcast?.(delivered);
      });
    }
  }

  /**
   * A session ended. Its streams end after the events announced before it (commit order) are
   * read and queued: a ban announces the member's `account.banned` and then deletes the
   * sessions in one commit, and the tab must be told before its stream ends.
   */
  private sessionEnded(sessionId: string): void {
    if (this.flushing) this.endsAfterFlush.push(sessionId);
    else this.options.onSessionEnded?.(sessionId);
  }

  /** Notifications of one tick are read in one statement, in seq (commit) order. */
  private announced(id: string): void {
    if (this.byUser.size === 0) return;
    this.pendingIds.push(id);
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    while (this.pendingIds.length > 0 && !this.closed) {
      const ids = this.pendingIds;
      this.pendingIds = [];
      try {
        // Read on the LISTEN connection itself when it is up: live delivery never waits for a
        // pool connection behind the requests that are busy publishing (bench/chat's p99).
        const reader: EventQueries = this.client && !this.connecting ? this.client : this.options.pool;
        for (const event of await eventsByIds(reader, ids)) {
          for (const s of this.byUser.get(key(event.campusId, event.userId)) ?? []) {
            s.enqueue(() => {
              // Lag from the row's created_at (its transaction's start, by the database clock).
              if (s.deliver(event)) eventLag.observe(Math.max(0, Date.now() - Date.parse(event.createdAt)) / 1000);
            });
          }
        }
      } catch (error) {
        // The rows are still in the table: each subscriber reads what it missed.
        this.options.log?.warn({ err: error }, 'could not read announced events; catching up');
        for (const set of this.byUser.values()) for (const s of set) this.catchUp(s);
      }
    }
    this.flushing = false;
    const ended = this.endsAfterFlush;
    this.endsAfterFlush = [];
    for (const sessionId of ended) this.options.onSessionEnded?.(sessionId);
  }
}

const key = (campusId: string, userId: string) => `${campusId}/${userId}`;
