import {
  EditablePostSchema,
  FeedPageSchema,
  FilteredFeedQuerySchema,
  LikeResponseSchema,
  listingFiltersOf,
  MediaFeedQuerySchema,
  PageQuerySchema,
  PostListSchema,
  PostPageQuerySchema,
  PostPageSchema,
  PostSchema,
} from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendSerialized } from '../../lib/send-serialized.ts';
import { requireSchoolVerifiedUser } from '../../plugins/session.ts';
import { discardRestOfBody } from '../media/index.ts';
import type { FeedAds } from './feed-ads.ts';
import { FeedPages, feedViewerOf } from './feed-pages.ts';
import { editListing, getEditablePost, renewListing } from './listings.service.ts';
import { listMentionsForViewer } from './mentions.service.ts';
import { postPolicy } from './posts.policy.ts';
import {
  createPost,
  deletePost,
  type FeedDeps,
  getPostPage,
  listFeed,
  listHomeFeed,
  listSaved,
  type PostsDeps,
  toggleLike,
} from './posts.service.ts';
import { readPostEditUpload, readPostUpload } from './uploads.ts';

const PostIdParams = z.object({ postId: z.string().min(1).max(64) });

export const postsRoutes: FastifyPluginAsyncZod<
  Omit<PostsDeps, 'log'> & {
    ads: FeedAds;
    /** Called after a post committed (app.ts wakes the saved-search job with it, decision 040). */
    onCreated?: () => void;
  }
> = async (app, { onCreated, ...options }) => {
  const deps: FeedDeps = { ...options, log: app.log, feedPages: new FeedPages(), postPages: new FeedPages(300) };

  app.get(
    '/api/notifications/mentions',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Posts and comments of this campus that mention the viewer as @username, newest first (15 a page)',
        querystring: PageQuerySchema,
        response: { 200: PostListSchema },
      },
    },
    async (request) => {
      const viewer = await requireSchoolVerifiedUser(request);
      postPolicy.assertMember(viewer, request.campus);
      return listMentionsForViewer(deps, viewer, request.campus, request.query);
    },
  );

  app.get(
    '/api/posts',
    {
      schema: {
        tags: ['posts'],
        summary:
          'The feed: top-level posts of this campus, newest-modified first or by price (keyset pages), filtered by price, condition and sold (docs/product/selling.md#filters-and-sorting); unfiltered, a sponsored post after every 4th',
        querystring: FilteredFeedQuerySchema,
        response: { 200: FeedPageSchema },
      },
    },
    async (request, reply) => {
      const { cursor, category, shown } = request.query;
      // The feed's first page may be kept by the member's own browser, never by a shared cache:
      // the app's service worker shows it offline (decision 041), and asks again before any use.
      if (!cursor) reply.header('cache-control', 'private, no-cache');
      const query = { cursor, category, shown, filters: listingFiltersOf(request.query) };
      return sendSerialized(reply, await listHomeFeed(deps, feedViewerOf(request), request.campus, query));
    },
  );

  app.get(
    '/api/posts/media',
    {
      schema: {
        tags: ['posts'],
        summary: "The media feed: top-level posts with photos or videos, with the feed's filters and sorts",
        querystring: MediaFeedQuerySchema,
        response: { 200: PostListSchema },
      },
    },
    async (request, reply) => {
      const query = { cursor: request.query.cursor, mediaOnly: true, filters: listingFiltersOf(request.query) };
      return sendSerialized(reply, await listFeed(deps, feedViewerOf(request), request.campus, query));
    },
  );

  app.get(
    '/api/saved',
    {
      schema: {
        tags: ['posts'],
        summary: "The viewer's saved posts of this campus",
        querystring: PostPageQuerySchema.pick({ cursor: true }),
        response: { 200: PostListSchema },
      },
    },
    async (request) => listSaved(deps, await requireSchoolVerifiedUser(request), request.campus, request.query),
  );

  app.get(
    '/api/posts/:postId',
    {
      schema: {
        tags: ['posts'],
        summary: 'A post with its parent chain and comment thread',
        params: PostIdParams,
        response: { 200: PostPageSchema },
      },
    },
    async (request, reply) =>
      sendSerialized(reply, await getPostPage(deps, feedViewerOf(request), request.campus, request.params.postId)),
  );

  app.post(
    '/api/posts',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['posts'],
        summary: 'Create a post, comment or reply (multipart: field "post" as JSON, up to 10 "files")',
        consumes: ['multipart/form-data'],
        response: { 201: PostSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireSchoolVerifiedUser(request);
      const post = await createPost(deps, viewer, request.campus, await readPostUpload(request));
      onCreated?.();
      return reply.code(201).send(post);
    },
  );

  app.get(
    '/api/posts/:postId/edit',
    {
      schema: {
        tags: ['posts'],
        summary: "The owner's listing as the edit form starts from it (editor state, media by id); others get 404",
        params: PostIdParams,
        response: { 200: EditablePostSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireSchoolVerifiedUser(request);
      reply.header('cache-control', 'no-store');
      return getEditablePost(deps, viewer, request.campus, request.params.postId);
    },
  );

  app.patch(
    '/api/posts/:postId',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['posts'],
        summary:
          'Edit own listing (multipart like create: field "post" as JSON with "media", the photo order by id and new file index, up to 10 new "files"); a lower price moves it to the top and tells its savers',
        consumes: ['multipart/form-data'],
        params: PostIdParams,
        response: { 200: PostSchema },
      },
    },
    async (request) => {
      const viewer = await requireSchoolVerifiedUser(request);
      return editListing(deps, viewer, request.campus, request.params.postId, () => readPostEditUpload(request)).catch(
        (error: unknown) => {
          // Refused before the body was read (not the owner's listing): the rest is thrown away so
          // the answer reaches the browser at once.
          discardRestOfBody(request);
          throw error;
        },
      );
    },
  );

  app.post(
    '/api/posts/:postId/renew',
    {
      schema: {
        tags: ['posts'],
        summary: 'Renew own listing: back to the top of the feed and out of expiry, at most once a week',
        params: PostIdParams,
        response: { 200: PostSchema },
      },
    },
    async (request) =>
      renewListing(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.postId),
  );

  app.delete(
    '/api/posts/:postId',
    {
      schema: {
        tags: ['posts'],
        summary: 'Delete own post or comment, with everything below it',
        params: PostIdParams,
        response: { 200: z.object({ deleted: z.number().int(), kind: z.enum(['post', 'comment']) }) },
      },
    },
    async (request) =>
      deletePost(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.postId),
  );

  app.post(
    '/api/posts/:postId/like',
    {
      schema: {
        tags: ['posts'],
        summary: 'Save or unsave a post (a toggle)',
        params: PostIdParams,
        response: { 200: LikeResponseSchema },
      },
    },
    async (request) =>
      toggleLike(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.postId),
  );
};
