import {
  SchoolEmailSendBodySchema,
  SchoolEmailVerifyBodySchema,
  SchoolEmailVerifyResponseSchema,
} from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moderatesCampus } from '../../db/session-lookup.ts';
import { requireVerifiedUser } from '../../plugins/session.ts';
import { presentViewer } from '../users/index.ts';
import { type SchoolEmailDeps, sendSchoolCode, verifySchoolCode } from './school-email.service.ts';

const rateLimit = { max: 10, timeWindow: '1 minute' };

export const schoolEmailRoutes: FastifyPluginAsyncZod<SchoolEmailDeps> = async (app, deps) => {
  app.post(
    '/api/school-email/code',
    {
      config: { rateLimit },
      schema: {
        tags: ['school email'],
        summary: 'Send a PIN to a school email to join a campus',
        body: SchoolEmailSendBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const viewer = await requireVerifiedUser(request);
      await sendSchoolCode(deps, viewer, {
        ...request.body,
        siteCampus: request.campus,
        siteUrl: request.siteOrigin,
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/school-email/verify',
    {
      config: { rateLimit },
      schema: {
        tags: ['school email'],
        summary: 'Check the PIN; on success the user joins the campus',
        body: SchoolEmailVerifyBodySchema,
        response: { 200: SchoolEmailVerifyResponseSchema },
      },
    },
    async (request) => {
      const viewer = await requireVerifiedUser(request);
      const { user, redirectTo } = await verifySchoolCode(deps, viewer, {
        ...request.body,
        siteCampus: request.campus,
      });
      const moderator = await moderatesCampus(deps.db, user.id, request.campus.id);
      return { redirectTo, viewer: presentViewer(user, app.storage, moderator) };
    },
  );
};
