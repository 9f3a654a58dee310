import { PassThrough } from 'node:stream';
import { ACCESS_SERVER_MESSAGES, HTTP_ERROR_MESSAGES, MODERATION_EVENT_TYPES } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Database, directUrlOf } from '../db/client.ts';
import { forgetInstanceStreams, markStreamOpen, markStreamsClosed, refreshOpenStreams } from '../db/open-streams.ts';
import { findSessionWithId, sessionStillAllows, sessionsStillOpen } from '../db/session-lookup.ts';
import type { Clock } from '../lib/clock.ts';
import { errors } from '../lib/errors.ts';
import { EventBus, type StoredEvent } from '../lib/events.ts';
import { newId } from '../lib/ids.ts';
import { streamSources } from '../lib/metrics.ts';
import { readCookie, requireSchoolVerifiedUser, verifiedSessionToken } from './session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's fan-out of the events outbox (lib/events.ts). */
    eventBus: EventBus;
  }
}

export interface SseOptions {
  db: Database;
  /** The app clock: a suspension ends on it (decision 039). */
  clock: Clock;
  /** A comment line this often keeps proxies and the browser from timing the stream out. */
  heartbeatMs?: number;
  /** Open streams of one user on one instance; more → 429 (a tab holds one). */
  maxStreamsPerUser?: number;
  /** A client that reads slower than events arrive is cut off past this many buffered bytes. */
  maxBufferedBytes?: number;
  /**
   * Everyone blocked either way with a member: a campus-wide message from that member (a new
   * post, decision 042) skips their streams. The blocks module's answer, wired by the app.
   */
  hiddenFrom?: (userId: string) => Promise<ReadonlySet<string>>;
}

/** `Last-Event-ID` (or `?lastEventId=`): a seq this server sent, digits only. */
const EVENT_ID = /^\d{1,15}$/;

/**
 * GET /api/events: one Server-Sent Events stream per tab (docs/decisions/014-events-and-jobs.md). A school-verified
 * member of the site's campus receives the events addressed to them on this campus, each with
 * its seq as `id:`; a reconnect sends `Last-Event-ID` and first receives exactly the events it
 * missed, then the live ones. The stream starts with a `ready` event whose id is the position
 * (so even a stream that saw nothing resumes at the right place) and ends when the app closes.
 */
export const ssePlugin = fp(
  async (app: FastifyInstance, options: SseOptions) => {
    const heartbeatMs = options.heartbeatMs ?? 25_000;
    const maxStreams = options.maxStreamsPerUser ?? 8;
    const maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
    const pool = options.db.$client;
    const authContext = await app.auth.$context;
    const cookieName = authContext.authCookies.sessionToken.name;
    /**
     * A stream ends the moment its session row is deleted (sign-out, revocation, password change,
     * ban): the trigger of migration 0014 announces the session id to every instance. The session
     * is also checked again on every heartbeat, for what deletes no row (expiry, leaving the
     * campus), and once when the stream is ready (a session that ended while it opened).
     * One indexed query.
     */
    async function stillAllowed(cookieHeader: string | undefined, userId: string, campusId: string) {
      const token = verifiedSessionToken(readCookie(cookieHeader, cookieName), authContext.secret);
      if (!token) return false;
      return sessionStillAllows(options.db, token, userId, campusId, options.clock.now());
    }
    /**
     * This instance's open streams by the session they were opened with; each value ends one
     * after what its subscription has queued, so the events announced before the session's end
     * (a ban's own event) are written first.
     */
    const bySession = new Map<string, Set<() => void>>();
    const endSessionStreams = (sessionId: string) => {
      for (const end of [...(bySession.get(sessionId) ?? [])]) end();
    };
    /** After the LISTEN connection was lost: ends the streams whose session went meanwhile. */
    async function endGoneSessions() {
      const ids = [...bySession.keys()];
      if (ids.length === 0) return;
      const alive = await sessionsStillOpen(options.db, ids);
      for (const id of ids) if (!alive.has(id)) endSessionStreams(id);
    }
    const bus = new EventBus({
      // Never through a pooler in transaction mode: LISTEN needs a session of its own.
      url: directUrlOf(options.db),
      pool,
      log: app.log,
      onSessionEnded: endSessionStreams,
      hiddenFrom: options.hiddenFrom,
      // The database is unreachable: the heartbeats check each stream again.
      onReconnected: () => void endGoneSessions().catch(() => {}),
    });
    app.decorate('eventBus', bus);
    // Open streams, read when /metrics is scraped.
    streamSources.add(bus);
    app.addHook('onClose', async () => {
      streamSources.delete(bus);
    });

    /**
     * Who has a tab open, for every instance to see (table `open_streams`, decision 041): the
     * push job sends only to members with none. Writes run one after another, in the order the
     * streams opened and closed, never in the stream's way; every heartbeat rewrites this
     * instance's rows from its open streams (mending a failed write) and marks them seen.
     */
    const instanceId = newId();
    let presenceChain: Promise<unknown> = Promise.resolve();
    /** Rows of this instance may exist (a stream opened since the last refresh that found none). */
    let hasRows = false;
    const presence = (write: () => Promise<unknown>) => {
      presenceChain = presenceChain
        .then(write)
        .catch((error) => app.log.warn({ err: error }, 'open streams: write failed'));
    };
    const presenceTimer = setInterval(() => {
      if (!hasRows) return;
      const members = bus.members();
      hasRows = members.length > 0;
      presence(() => refreshOpenStreams(options.db, instanceId, members));
    }, heartbeatMs);
    presenceTimer.unref();
    // This instance's rows go when it closes (its streams end with the drain, below).
    app.addHook('preClose', async () => {
      clearInterval(presenceTimer);
      presence(() => forgetInstanceStreams(options.db, instanceId));
      await presenceChain;
    });
    // Streams end when the drain starts (or at close), before the server waits for its
    // connections to finish: each client reconnects with its Last-Event-ID, through the load
    // balancer to another instance, and misses nothing (the outbox replays it).
    app.lifecycle.onDrain(() => bus.close());

    app.get('/api/events', { compress: false, schema: { hide: true } }, async (request, reply) => {
      // A draining instance takes no new stream; the balancer retries another one (deploy/).
      if (app.lifecycle.draining) throw errors.unavailable();
      // The session's id comes with the session lookup (the same statement); the guard reuses it.
      const session = await request.sessionUserWith<{ sessionId: string }>(findSessionWithId);
      const user = await requireSchoolVerifiedUser(request);
      const sessionId = session?.sessionId as string;
      const campus = request.campus;
      if (user.campusId !== campus.id) {
        throw errors.forbidden(ACCESS_SERVER_MESSAGES.membersOnly, 'NOT_A_MEMBER');
      }
      const header = request.headers['last-event-id'];
      const fromQuery = (request.query as Record<string, unknown> | undefined)?.lastEventId;
      const given = typeof header === 'string' ? header : typeof fromQuery === 'string' ? fromQuery : undefined;
      const wrongType = Array.isArray(header) || (fromQuery !== undefined && typeof fromQuery !== 'string');
      if (wrongType || (given !== undefined && !EVENT_ID.test(given))) {
        throw errors.badRequest(HTTP_ERROR_MESSAGES.invalidLastEventId);
      }
      if (bus.countFor(campus.id, user.id) >= maxStreams) {
        throw errors.tooManyRequests(HTTP_ERROR_MESSAGES.tooManyEventStreams);
      }

      const stream = new PassThrough();
      let heartbeat: NodeJS.Timeout | undefined;
      const cookieHeader = request.headers.cookie;
      let checking = false;
      /** Ends the stream when its session or membership is gone; a database error keeps it. */
      const check = () => {
        if (checking) return;
        checking = true;
        stillAllowed(cookieHeader, user.id, campus.id)
          .then(
            (ok) => {
              if (!ok) end();
            },
            // The database is unreachable: keep the stream; the next heartbeat asks again.
            () => {},
          )
          .finally(() => {
            checking = false;
          });
      };
      const write = (text: string) => {
        if (stream.writableEnded) return;
        stream.write(text);
        // A client that stopped reading: cut it off, it resumes from its last id.
        if (stream.writableLength > maxBuffered) end();
      };
      if (bus.countFor(campus.id, user.id) === 0) {
        hasRows = true;
        presence(() => markStreamOpen(options.db, instanceId, campus.id, user.id));
      }
      const subscription = bus.subscribe({
        campusId: campus.id,
        userId: user.id,
        afterSeq: given === undefined ? undefined : Number(given),
        onReady: (seq) => {
          write(`event: ready\nid: ${seq}\ndata: {}\n\n`);
          // The LISTEN connection is up by now: a session deleted before it was is caught here.
          check();
        },
        onEvent: (event) => {
          write(format(event));
          // The member was suspended or banned (decision 039): the tab is told, then the stream
          // ends (their session is refused or gone from now on).
          if (
            event.type === MODERATION_EVENT_TYPES.accountSuspended ||
            event.type === MODERATION_EVENT_TYPES.accountBanned
          ) {
            end();
          }
        },
        // No `id:`: a campus-wide message has no position, so the browser's Last-Event-ID stays.
        onBroadcast: (message) => write(`data: ${JSON.stringify({ id: '', ...message })}\n\n`),
        onReset: (seq) => write(`event: reset\nid: ${seq}\ndata: {}\n\n`),
        onClose: () => end(),
      });
      const endAfterQueued = () => subscription.enqueue(end);
      bySession.set(sessionId, (bySession.get(sessionId) ?? new Set()).add(endAfterQueued));
      let ended = false;
      function end() {
        clearInterval(heartbeat);
        subscription.close();
        if (!ended) {
          ended = true;
          if (bus.countFor(campus.id, user.id) === 0)
            presence(() => markStreamsClosed(options.db, instanceId, campus.id, user.id));
        }
        const set = bySession.get(sessionId);
        set?.delete(endAfterQueued);
        if (set?.size === 0) bySession.delete(sessionId);
        if (!stream.writableEnded) stream.end();
      }
      heartbeat = setInterval(() => {
        write(': heartbeat\n\n');
        check();
      }, heartbeatMs);
      heartbeat.unref();
      request.raw.once('close', end);
      stream.write('retry: 2000\n\n');

      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store, no-transform')
        .header('x-accel-buffering', 'no')
        // One stream per connection: it closes with the stream, so shutdown never waits on it.
        .header('connection', 'close');
      return reply.send(stream);
    });
  },
  { name: 'sse', dependencies: ['session', 'campus', 'lifecycle'] },
);

function format(event: StoredEvent): string {
  const data = JSON.stringify({ id: event.id, type: event.type, payload: event.payload, createdAt: event.createdAt });
  return `id: ${event.seq}\ndata: ${data}\n\n`;
}
