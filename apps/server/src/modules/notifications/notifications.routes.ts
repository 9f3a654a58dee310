import {
  MarkNotificationsReadBodySchema,
  MarkNotificationsReadResponseSchema,
  NotificationListSchema,
  PageQuerySchema,
  PostListSchema,
  UnreadCountsSchema,
} from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSchoolVerifiedUser } from '../../plugins/session.ts';
import { chatPolicy } from '../chats/chats.policy.ts';
import { listMentionsForViewer } from './mentions.service.ts';
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
      chatPolicy.assertMember(viewer, request.campus);
      return listForViewer(deps, viewer, request.campus, request.query);
    },
  );

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
      chatPolicy.assertMember(viewer, request.campus);
      return listMentionsForViewer(deps, viewer, request.campus, request.query);
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
      chatPolicy.assertMember(viewer, request.campus);
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
      chatPolicy.assertMember(viewer, request.campus);
      return unreadCounts(deps.db, viewer.id, request.campus.id);
    },
  );
};
