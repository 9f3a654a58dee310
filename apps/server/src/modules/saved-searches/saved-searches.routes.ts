import { CreateSavedSearchBodySchema, SavedSearchListSchema, SavedSearchParamsSchema } from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSchoolVerifiedUser } from '../../plugins/session.ts';
import {
  createSavedSearch,
  listForViewer,
  removeSavedSearch,
  type SavedSearchesDeps,
} from './saved-searches.service.ts';

/**
 * Saved searches (docs/product/notifications.md#saved-searches): a school-verified member's own,
 * on the campus of the site. `onCreated` of the posts routes wakes the matching job.
 */
export const savedSearchesRoutes: FastifyPluginAsyncZod<SavedSearchesDeps> = async (app, deps) => {
  app.get(
    '/api/saved-searches',
    {
      schema: {
        tags: ['search'],
        summary: "The viewer's saved searches on this campus, newest first, and how many one may keep",
        response: { 200: SavedSearchListSchema },
      },
    },
    async (request) => listForViewer(deps, await requireSchoolVerifiedUser(request), request.campus),
  );

  app.post(
    '/api/saved-searches',
    {
      schema: {
        tags: ['search'],
        summary:
          'Saves a search (query, tab, filters); 409 SAVED_SEARCH_LIMIT past 20, 409 SAVED_SEARCH_EXISTS for the same one',
        body: CreateSavedSearchBodySchema,
        response: { 201: SavedSearchListSchema },
      },
    },
    async (request, reply) => {
      const list = await createSavedSearch(
        deps,
        await requireSchoolVerifiedUser(request),
        request.campus,
        request.body,
      );
      return reply.code(201).send(list);
    },
  );

  app.delete(
    '/api/saved-searches/:savedSearchId',
    {
      schema: {
        tags: ['search'],
        summary: "Deletes one of the viewer's saved searches (someone else's: 404, nothing deleted)",
        params: SavedSearchParamsSchema,
        response: { 200: SavedSearchListSchema },
      },
    },
    async (request) =>
      removeSavedSearch(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.savedSearchId),
  );
};
