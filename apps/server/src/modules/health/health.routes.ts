import { HealthResponseSchema } from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { pingDatabase } from './health.repo.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
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
};
