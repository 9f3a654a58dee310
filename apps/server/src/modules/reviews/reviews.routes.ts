import {
  ProfileParamsSchema,
  ProfileReviewsQuerySchema,
  ProfileReviewsSchema,
  ReviewBodySchema,
  ReviewIdParamsSchema,
  ReviewReplyBodySchema,
  ReviewResponseSchema,
  SaleReviewsSchema,
} from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSchoolVerifiedUser } from '../../plugins/session.ts';
import { getSaleReviews, listProfileReviews, type ReviewsDeps, replyToReview, writeReview } from './reviews.service.ts';

const PostIdParams = z.object({ postId: z.string().min(1).max(64) });

/** Reviews after a sale (docs/product/reviews.md). */
export const reviewsRoutes: FastifyPluginAsyncZod<ReviewsDeps> = async (app, deps) => {
  app.get(
    '/api/posts/:postId/review',
    {
      schema: {
        tags: ['reviews'],
        summary: "A sold listing's reviews as one of its two sides sees them: whether they may rate the other now",
        params: PostIdParams,
        response: { 200: SaleReviewsSchema },
      },
    },
    async (request) =>
      getSaleReviews(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.postId),
  );

  app.post(
    '/api/posts/:postId/review',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['reviews'],
        summary: 'Rate the other side of a sale: 1–5 stars and a few words, once, within 30 days of the sale',
        params: PostIdParams,
        body: ReviewBodySchema,
        response: { 201: ReviewResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireSchoolVerifiedUser(request);
      const result = await writeReview(deps, viewer, request.campus, request.params.postId, request.body);
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/api/reviews/:reviewId/reply',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['reviews'],
        summary: 'The reviewed person replies once to a published review of them',
        params: ReviewIdParamsSchema,
        body: ReviewReplyBodySchema,
        response: { 200: ReviewResponseSchema },
      },
    },
    async (request) =>
      replyToReview(
        deps,
        await requireSchoolVerifiedUser(request),
        request.campus,
        request.params.reviewId,
        request.body.text,
      ),
  );

  app.get(
    '/api/profiles/:username/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: "A profile's rating and published reviews of them, newest first, 10 a page",
        params: ProfileParamsSchema,
        querystring: ProfileReviewsQuerySchema,
        response: { 200: ProfileReviewsSchema },
      },
    },
    async (request) =>
      listProfileReviews(
        deps,
        await requireSchoolVerifiedUser(request),
        request.campus,
        request.params.username,
        request.query.cursor,
      ),
  );
};
