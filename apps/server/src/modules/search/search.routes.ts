import {
  AddRecentSearchBodySchema,
  FilteredSearchPostsQuerySchema,
  listingFiltersOf,
  PopularSearchesSchema,
  PostListSchema,
  RecentSearchesSchema,
  RecentSearchParamsSchema,
  SearchPeopleListSchema,
  SearchPeopleQuerySchema,
  SearchSuggestionsQuerySchema,
  SearchSuggestionsSchema,
} from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSchoolVerifiedUser } from '../../plugins/session.ts';
import { searchPolicy } from './search.policy.ts';
import {
  addRecent,
  clearAllRecent,
  findPeople,
  findPosts,
  popular,
  recent,
  removeRecent,
  type SearchDeps,
  suggest,
} from './search.service.ts';

/**
 * Search (docs/product/search.md#search-page, docs/product/search.md#what-is-searched; docs/product/search.md#search-box): always the campus of the request's host.
 * Reads follow `searchPolicy`; recent searches belong to a school-verified member.
 */
export const searchRoutes: FastifyPluginAsyncZod<SearchDeps> = async (app, deps) => {
  app.get(
    '/api/search/posts',
    {
      schema: {
        tags: ['search'],
        summary:
          "Latest or Media hits for a query, 10 a page, newest first or by price, with the feed's filters (typos and prefixes match)",
        querystring: FilteredSearchPostsQuerySchema,
        response: { 200: PostListSchema },
      },
    },
    async (request) => {
      const { q, show, cursor } = request.query;
      const query = { q, show, cursor, filters: listingFiltersOf(request.query) };
      return findPosts(deps, await searchPolicy.viewer(request, request.campus), request.campus, query);
    },
  );

  app.get(
    '/api/search/people',
    {
      schema: {
        tags: ['search'],
        summary: 'Members of this campus by name or username (prefix or close spelling), 10 a page',
        querystring: SearchPeopleQuerySchema,
        response: { 200: SearchPeopleListSchema },
      },
    },
    async (request) =>
      findPeople(deps, await searchPolicy.viewer(request, request.campus), request.campus, request.query),
  );

  app.get(
    '/api/search/suggestions',
    {
      schema: {
        tags: ['search'],
        summary: 'Up to 5 posts for the header search box, best match first',
        querystring: SearchSuggestionsQuerySchema,
        response: { 200: SearchSuggestionsSchema },
      },
    },
    async (request) =>
      suggest(deps, await searchPolicy.viewer(request, request.campus), request.campus, request.query.q),
  );

  app.get(
    '/api/search/popular',
    {
      schema: {
        tags: ['search'],
        summary: 'Popular searches of this campus: the top 14 by views, with their counts',
        response: { 200: PopularSearchesSchema },
      },
    },
    async (request) => {
      await searchPolicy.viewer(request, request.campus);
      return popular(deps, request.campus);
    },
  );

  app.get(
    '/api/search/recent',
    {
      schema: {
        tags: ['search'],
        summary: "The viewer's recent searches on this campus, newest first",
        response: { 200: RecentSearchesSchema },
      },
    },
    async (request) => recent(deps, await requireSchoolVerifiedUser(request), request.campus),
  );

  app.post(
    '/api/search/recent',
    {
      schema: {
        tags: ['search'],
        summary: "Adds a recent search (409 SEARCH_ALREADY_ADDED: 'That query has already been added.')",
        body: AddRecentSearchBodySchema,
        response: { 201: RecentSearchesSchema },
      },
    },
    async (request, reply) => {
      const result = await addRecent(deps, await requireSchoolVerifiedUser(request), request.campus, request.body.text);
      return reply.code(201).send(result);
    },
  );

  app.delete(
    '/api/search/recent/:searchId',
    {
      schema: {
        tags: ['search'],
        summary: 'Removes one recent search (Recent Search Removed)',
        params: RecentSearchParamsSchema,
        response: { 200: RecentSearchesSchema },
      },
    },
    async (request) =>
      removeRecent(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.searchId),
  );

  app.delete(
    '/api/search/recent',
    {
      schema: {
        tags: ['search'],
        summary: 'Clears every recent search of the viewer on this campus (Search History Cleared)',
        response: { 200: RecentSearchesSchema },
      },
    },
    async (request) => clearAllRecent(deps, await requireSchoolVerifiedUser(request), request.campus),
  );
};
