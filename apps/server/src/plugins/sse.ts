import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { errors } from '../lib/errors.ts';
import { EventBus, type StoredEvent } from '../lib/events.ts';
import { readCookie, requireSchoolVerifiedUser, verifiedSessionToken } from './session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's fan-out of the events outbox (lib/events.ts). */
    eventBus: EventBus;
  }
}

export interface SseOptions {
  db: Database;
  /** A comment line this often keeps proxies and the browser from timing the stream out. */
  heartbeatMs?: number;
  /** Open streams of one user on one instance; more → 429 (a tab holds one). */
  maxStreamsPerUser?: number;
  /** A client that reads slower than events arrive is cut off past this many buffered bytes. */
  maxBufferedBytes?: number;
}

/** `Last-Event-ID` (or `?lastEventId=`): a seq this server sent, digits only. */
const EVENT_ID = /^\d{1,15}$/;

/**
 * GET /api/events: one Server-Sent Events stream per tab (issue 9 item 7). A school-verified
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
     * The session is checked again on every heartbeat: a stream ends soon after its session does
     * (sign-out, password change, ban, expiry) or its user leaves the campus. One indexed query.
     */
    async function stillAllowed(cookieHeader: string | undefined, userId: string, campusId: string) {
      const token = verifiedSessionToken(readCookie(cookieHeader, cookieName), authContext.secret);
      if (!token) return false;
      const { rows } = await pool.query(
        `SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.token = $1 AND s.expires_at > now() AND u.id = $2 AND u.school_verified AND u.campus_id = $3
           AND NOT EXISTS (SELECT 1 FROM banned_emails b WHERE b.email = u.email)`,
        [token, userId, campusId],
      );
      return rows.length > 0;
    }
    const bus = new EventBus({
      url: String(pool.options.connectionString),
      pool,
      log: app.log,
    });
    app.decorate('eventBus', bus);
    // Streams end before the server waits for its connections to finish.
    app.addHook('preClose', async () => {
      await bus.close();
    });

    app.get('/api/events', { compress: false, schema: { hide: true } }, async (request, reply) => {
      const user = await requireSchoolVerifiedUser(request);
      const campus = request.campus;
      if (user.campusId !== campus.id) {
        throw errors.forbidden('Only members of this campus can do that.', 'NOT_A_MEMBER');
      }
      const header = request.headers['last-event-id'];
      const fromQuery = (request.query as Record<string, unknown> | undefined)?.lastEventId;
      const given = typeof header === 'string' ? header : typeof fromQuery === 'string' ? fromQuery : undefined;
      const wrongType = Array.isArray(header) || (fromQuery !== undefined && typeof fromQuery !== 'string');
      if (wrongType || (given !== undefined && !EVENT_ID.test(given))) {
        throw errors.badRequest('Invalid Last-Event-ID.');
      }
      if (bus.countFor(campus.id, user.id) >= maxStreams) {
        throw errors.tooManyRequests('Too many open event streams.');
      }

      const stream = new PassThrough();
      let heartbeat: NodeJS.Timeout | undefined;
      const write = (text: string) => {
        if (stream.writableEnded) return;
        stream.write(text);
        // A client that stopped reading: cut it off, it resumes from its last id.
        if (stream.writableLength > maxBuffered) end();
      };
      const subscription = bus.subscribe({
        campusId: campus.id,
        userId: user.id,
        afterSeq: given === undefined ? undefined : Number(given),
        onReady: (seq) => write(`event: ready\nid: ${seq}\ndata: {}\n\n`),
        onEvent: (event) => write(format(event)),
        onReset: (seq) => write(`event: reset\nid: ${seq}\ndata: {}\n\n`),
        onClose: () => end(),
      });
      function end() {
        clearInterval(heartbeat);
        subscription.close();
        if (!stream.writableEnded) stream.end();
      }
      const cookieHeader = request.headers.cookie;
      let checking = false;
      heartbeat = setInterval(() => {
        write(': heartbeat\n\n');
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
  { name: 'sse', dependencies: ['session', 'campus'] },
);

function format(event: StoredEvent): string {
  const data = JSON.stringify({ id: event.id, type: event.type, payload: event.payload, createdAt: event.createdAt });
  return `id: ${event.seq}\ndata: ${data}\n\n`;
}
