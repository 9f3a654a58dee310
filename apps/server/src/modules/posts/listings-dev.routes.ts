import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { requireSchoolVerifiedUser } from '../../plugins/session.ts';
import { runStaleListings } from './listings.service.ts';

/**
 * Development and tests only (never registered in production, decision 034): runs the
 * stale-listings job for the signed-in seller's own listings as if `daysAhead` days had passed.
 * End-to-end tests share one server and its clock with every other spec, so they move time for
 * their own listings alone instead of for the whole server.
 */
export const listingsDevRoutes: FastifyPluginAsyncZod<{ db: Database; clock: Clock }> = async (app, { db, clock }) => {
  app.post(
    '/api/dev/stale-listings',
    {
      schema: {
        tags: ['dev'],
        summary: "Development only: the stale-listings job for the viewer's own listings, `daysAhead` days from now",
        body: z.object({ daysAhead: z.number().int().min(0).max(400) }).strict(),
        response: { 200: z.object({ asked: z.number().int(), expired: z.number().int() }) },
      },
    },
    async (request) => {
      const viewer = await requireSchoolVerifiedUser(request);
      const at = new Date(clock.now().getTime() + request.body.daysAhead * 86_400_000);
      return runStaleListings({ db }, at, { sellerId: viewer.id });
    },
  );
};
