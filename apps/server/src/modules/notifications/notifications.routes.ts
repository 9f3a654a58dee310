import {
  MarkNotificationsReadBodySchema,
  MarkNotificationsReadResponseSchema,
  NotificationListSchema,
  PageQuerySchema,
  UnreadCountsSchema,
} from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSchoolVerifiedUser } from '../../plugins/session.ts';
import { notificationPolicy } from './notifications.policy.ts';
import { listForViewer, markShownRead, type NotificationsDeps, unreadCounts } from './notifications.service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsDeps> = async (app, deps) => {
  app.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The viewer's notifications on this campus, newest first (15 a page)",
        querystring: PageQuerySchema,
        response: { 200: NotificationListSchema },
      },
    },
    async (request) => {
      const viewer = await requireSchoolVerifiedUser(request);
      notificationPolicy.assertMember(viewer, request.campus);
      return listForViewer(deps, viewer, request.campus, request.query);
    },
  );

  app.post(
    '/api/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark shown notifications read (only the viewer’s own change)',
        body: MarkNotificationsReadBodySchema,
        response: { 200: MarkNotificationsReadResponseSchema },
      },
    },
    async (request) => {
      const viewer = await requireSchoolVerifiedUser(request);
      notificationPolicy.assertMember(viewer, request.campus);
      return markShownRead(deps, viewer, request.campus, request.body.ids);
    },
  );

  app.get(
    '/api/unread-counts',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The Messages and Notifications badges: unread chats and unread notifications',
        response: { 200: UnreadCountsSchema },
      },
    },
    async (request) => {
      const viewer = await requireSchoolVerifiedUser(request);
      notificationPolicy.assertMember(viewer, request.campus);
      return unreadCounts(deps.db, viewer.id, request.campus.id);
    },
  );
};
