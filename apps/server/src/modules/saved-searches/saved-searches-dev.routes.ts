import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { requireSchoolVerifiedUser } from '../../plugins/session.ts';
import { type DigestDeps, mailSavedSearchDigests } from './digest.ts';
import { matchNewPosts, releaseHeldMatches } from './saved-searches.service.ts';

/**
 * Development and tests only (never registered in production, like the stale-listings route of
 * decision 034): the saved-search jobs on demand. End-to-end tests share one server and clock
 * with every other spec, so the digest runs for the signed-in member's own matches alone, and
 * the matching pass runs at once instead of at the job's next poll.
 */
export const savedSearchesDevRoutes: FastifyPluginAsyncZod<DigestDeps & { clock: Clock }> = async (app, deps) => {
  app.post(
    '/api/dev/saved-search-digest',
    {
      schema: {
        tags: ['dev'],
        summary: "Development only: the daily saved-search digest, now, for the viewer's own matches",
        body: z.object({}).strict(),
        response: { 200: z.object({ members: z.number().int(), mails: z.number().int() }) },
      },
    },
    async (request) => {
      const viewer = await requireSchoolVerifiedUser(request);
      return mailSavedSearchDigests(deps, deps.clock.now(), { userId: viewer.id });
    },
  );

  app.post(
    '/api/dev/saved-search-alerts',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development only: the saved-search matching pass over new posts, now',
        body: z.object({}).strict(),
        response: {
          200: z.object({
            posts: z.number().int(),
            notified: z.number().int(),
            held: z.number().int(),
            released: z.number().int(),
          }),
        },
      },
    },
    async (request) => {
      await requireSchoolVerifiedUser(request);
      const now = deps.clock.now();
      const matched = await matchNewPosts(deps.db, now);
      return { ...matched, released: await releaseHeldMatches(deps.db, now) };
    },
  );
};
