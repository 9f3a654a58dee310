import { HealthResponseSchema, LivenessResponseSchema, ReadinessResponseSchema } from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Database, databaseHealth } from '../../db/client.ts';
import { pingDatabase } from './health.repo.ts';

/** Settles `promise` within `ms`: true when it resolved in time. */
function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([
    promise.then(
      () => true,
      () => false,
    ),
    timeout,
  ]).finally(() => clearTimeout(timer));
}

/**
 * Health for people and for load balancers (docs/decisions/043-object-storage-metrics-and-health.md):
 * - `/api/health` (kept as it was): the process and the database; 503 while the database is down.
 * - `/api/health/live`: the process answers; nothing else. A failing liveness probe restarts the
 *   instance, so it never depends on the database (an outage must not restart every instance).
 * - `/api/health/ready`: whether this instance should get traffic: the database answers, the
 *   LISTEN connection of live events is up, and it is not draining. 503 otherwise.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; readyTimeoutMs?: number }> = async (
  app,
  { db, readyTimeoutMs = 500 },
) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check (503 DATABASE_UNAVAILABLE while the database is down)',
        response: { 200: HealthResponseSchema },
      },
    },
    async () => {
      // A failure here is answered 503 DATABASE_UNAVAILABLE by the error handler.
      await pingDatabase(db);
      return { status: 'ok' as const, database: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) };
    },
  );

  app.get(
    '/api/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (never checks the database)',
        response: { 200: LivenessResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: database and live-events connection up, not draining (503 otherwise)',
        response: { 200: ReadinessResponseSchema, 503: ReadinessResponseSchema },
      },
    },
    async (_request, reply) => {
      const draining = app.lifecycle.draining;
      // While the pool knows the database is down it fails at once; otherwise one round trip.
      const [database, events] = await Promise.all([
        databaseHealth(db).up ? within(pingDatabase(db), readyTimeoutMs) : Promise.resolve(false),
        // Opens the LISTEN connection when it is not up yet (otherwise the first stream opens it);
        // closed once a drain has started.
        within(app.eventBus.listen(), readyTimeoutMs),
      ]);
      const ready = !draining && database && events;
      reply.code(ready ? 200 : 503).header('cache-control', 'no-store');
      return {
        status: ready ? ('ready' as const) : ('not-ready' as const),
        database: database ? ('ok' as const) : ('down' as const),
        events: events ? ('ok' as const) : ('down' as const),
        draining,
      };
    },
  );
};
