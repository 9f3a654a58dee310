import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { errors } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/session.ts';
import { elapseSuspensions } from './moderation.repo.ts';

/**
 * Development and tests only (never registered in production, like decision 034's stale-listings
 * route): the suspended viewer's own suspension runs out now, as if its days had passed. The
 * end-to-end tests share one server and its clock with every other spec, so they end their own
 * member's suspension instead of moving the whole server's clock. It takes the suspended
 * session's cookie (which every other route refuses).
 */
export const moderationDevRoutes: FastifyPluginAsyncZod<{ db: Database; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.post(
    '/api/dev/suspension/elapse',
    {
      schema: {
        tags: ['dev'],
        summary: "Development only: the viewer's own open suspension ends now",
        body: z.object({}).strict(),
        response: { 200: z.object({ ended: z.number().int() }) },
      },
    },
    async (request) => {
      const suspended = (await request.sessionUser()) ? null : request.suspendedSession();
      if (!suspended) {
        await requireUser(request);
        throw errors.notFound();
      }
      return { ended: await elapseSuspensions(db, suspended.userId, clock.now()) };
    },
  );
};
