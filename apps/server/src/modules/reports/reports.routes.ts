import { ProfileParamsSchema, ReportBodySchema, ReportResponseSchema, ReviewIdParamsSchema } from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSchoolVerifiedUser } from '../../plugins/session.ts';
import { type ReportsDeps, reportReview, reportUser } from './reports.service.ts';

export const reportsRoutes: FastifyPluginAsyncZod<ReportsDeps> = async (app, deps) => {
  app.post(
    '/api/profiles/:username/report',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['profiles'],
        summary: 'Report a member of this campus to the moderators (once per reporter and member)',
        params: ProfileParamsSchema,
        body: ReportBodySchema,
        response: { 200: ReportResponseSchema },
      },
    },
    async (request) =>
      reportUser(
        deps,
        await requireSchoolVerifiedUser(request),
        request.campus,
        request.params.username,
        request.body.reason,
      ),
  );

  app.post(
    '/api/reviews/:reviewId/report',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['reviews'],
        summary: 'Report a review to the moderators (once per reporter and review)',
        params: ReviewIdParamsSchema,
        body: ReportBodySchema,
        response: { 200: ReportResponseSchema },
      },
    },
    async (request) =>
      reportReview(
        deps,
        await requireSchoolVerifiedUser(request),
        request.campus,
        request.params.reviewId,
        request.body.reason,
      ),
  );
};
