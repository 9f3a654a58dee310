import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Database, type DatabaseHealth, databaseHealth } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether PostgreSQL answers; routes that hide database errors (better-auth) consult it. */
    databaseHealth: DatabaseHealth;
  }
}

/**
 * Database faults (docs/security.md#availability-and-operations). The pool (db/client.ts) fails fast while the server is
 * down and the error handler answers such failures 503 DATABASE_UNAVAILABLE; this plugin
 * exposes the pool's health and logs each change of state once, not once per request.
 */
export const dbFaultsPlugin = fp(
  async (app: FastifyInstance, { db }: { db: Database }) => {
    const health = databaseHealth(db);
    app.decorate('databaseHealth', health);
    const unsubscribe = health.onChange((up) => {
      if (up) app.log.info('database reachable again');
      else app.log.error('database unreachable: requests answer 503 until it is back');
    });
    app.addHook('onClose', async () => {
      unsubscribe();
    });
  },
  { name: 'db-faults' },
);
