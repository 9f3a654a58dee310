import { HealthResponseSchema } from '@campus/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { errors } from '../../lib/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: HealthResponseSchema } } },
    async () => {
      try {
        await db.execute(sql`SELECT 1`);
      } catch {
        throw errors.unavailable('The database is not reachable.', 'DATABASE_DOWN');
      }
      return { status: 'ok' as const, database: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) };
    },
  );
};
