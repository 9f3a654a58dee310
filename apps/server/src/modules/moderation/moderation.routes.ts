import {
  ModerationActionBodySchema,
  ModerationActionResponseSchema,
  ModerationLogQuerySchema,
  ModerationLogSchema,
  ModerationQueueQuerySchema,
  ModerationQueueSchema,
  ProfileParamsSchema,
  ReportBodySchema,
  ReportContentBodySchema,
  ReportContentResponseSchema,
  ReportResponseSchema,
  ReviewIdParamsSchema,
} from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSchoolVerifiedUser } from '../../plugins/session.ts';
import { requireModerator } from './moderation.policy.ts';
import { moderate, moderationLog, moderationQueue } from './moderation.service.ts';
import { type ModerationDeps, reportContent, reportReview, reportUser } from './reports.service.ts';

const reportLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/** Reporting, the moderators' queue, their actions and the audit log (docs/product/moderation.md). */
export const moderationRoutes: FastifyPluginAsyncZod<ModerationDeps> = async (app, deps) => {
  app.post(
    '/api/reports',
    {
      config: reportLimit,
      schema: {
        tags: ['moderation'],
        summary: 'Report a post, comment, message, review or member of this campus (once per reporter and target)',
        body: ReportContentBodySchema,
        response: { 200: ReportContentResponseSchema },
      },
    },
    async (request) => reportContent(deps, await requireSchoolVerifiedUser(request), request.campus, request.body),
  );

  app.post(
    '/api/profiles/:username/report',
    {
      config: reportLimit,
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
      config: reportLimit,
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

  app.get(
    '/api/moderation/queue',
    {
      schema: {
        tags: ['moderation'],
        summary: "Open reports of this campus grouped by target, oldest first (this campus's moderators only)",
        querystring: ModerationQueueQuerySchema,
        response: { 200: ModerationQueueSchema },
      },
    },
    async (request, reply) => {
      await requireModerator(request, deps.db);
      reply.header('cache-control', 'no-store');
      return moderationQueue(deps, request.campus, request.query.cursor);
    },
  );

  app.post(
    '/api/moderation/actions',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['moderation'],
        summary: 'Dismiss, remove, warn, suspend, ban or restore, with a reason (kept in the audit log)',
        body: ModerationActionBodySchema,
        response: { 200: ModerationActionResponseSchema },
      },
    },
    async (request) => moderate(deps, await requireModerator(request, deps.db), request.campus, request.body),
  );

  app.get(
    '/api/moderation/log',
    {
      schema: {
        tags: ['moderation'],
        summary: "This campus's moderation audit log, newest first (its moderators only; nobody can edit it)",
        querystring: ModerationLogQuerySchema,
        response: { 200: ModerationLogSchema },
      },
    },
    async (request, reply) => {
      await requireModerator(request, deps.db);
      reply.header('cache-control', 'no-store');
      return moderationLog(deps, request.campus, request.query.cursor);
    },
  );
};
