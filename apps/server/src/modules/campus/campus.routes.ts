import {
  ACCESS_SERVER_MESSAGES,
  CAMPUSES,
  CampusIdSchema,
  CampusResponseSchema,
  CampusSummarySchema,
  campusById,
} from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { errors } from '../../lib/errors.ts';
import { APP_ICON_NAMES, appIcon, appManifest } from './campus.app.ts';
import { logoSvg, presentCampus, presentCampusSummary, signInOptionsFor } from './campus.presenter.ts';
import { countMembers } from './campus.repo.ts';

export const campusRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/api/campus',
    {
      schema: {
        tags: ['campus'],
        summary: 'The campus of this site (chosen by the Host header) and its member count',
        response: { 200: CampusResponseSchema },
      },
    },
    async (request) =>
      presentCampus(
        request.campus,
        request,
        await countMembers(db, request.campus.id),
        signInOptionsFor(request.campus, config.google !== undefined),
      ),
  );

  app.get(
    '/api/campuses',
    {
      schema: {
        tags: ['campus'],
        summary: 'Every campus, for Find Your School',
        response: { 200: z.array(CampusSummarySchema) },
      },
    },
    async (request) => CAMPUSES.map((c) => presentCampusSummary(c, request, c.id === request.campus.id)),
  );

  app.get(
    '/api/campuses/:campusId/logo.svg',
    {
      schema: {
        tags: ['campus'],
        summary: 'Monogram logo of a campus',
        params: z.object({ campusId: CampusIdSchema }),
      },
    },
    async (request, reply) => {
      const campus = campusById(request.params.campusId);
      if (!campus) throw errors.notFound(ACCESS_SERVER_MESSAGES.campusNotFound, 'CAMPUS_NOT_FOUND');
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(logoSvg(campus));
    },
  );

  app.get(
    '/manifest.webmanifest',
    {
      schema: {
        tags: ['campus'],
        summary: 'The web app manifest of this campus (name, colours, icons): what installs the site as an app',
      },
    },
    async (request, reply) =>
      reply
        .type('application/manifest+json')
        // Renamed or recoloured campuses reach installed apps at their next check.
        .header('cache-control', 'public, max-age=3600')
        .send(JSON.stringify(appManifest(request.campus))),
  );

  app.get(
    '/api/campuses/:campusId/icons/:name',
    {
      schema: {
        tags: ['campus'],
        summary: 'App icon of a campus (PNG, 192 or 512 px, any or maskable), drawn from its logo',
        params: z.object({ campusId: CampusIdSchema, name: z.enum(APP_ICON_NAMES) }),
      },
    },
    async (request, reply) => {
      const campus = campusById(request.params.campusId);
      if (!campus) throw errors.notFound(ACCESS_SERVER_MESSAGES.campusNotFound, 'CAMPUS_NOT_FOUND');
      const png = await appIcon(campus, request.params.name);
      return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
    },
  );
};
