import {
  NotificationSettingsSchema,
  UnsubscribeQuerySchema,
  UnsubscribeResponseSchema,
  UpdateNotificationSettingsBodySchema,
} from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireVerifiedUser } from '../../plugins/session.ts';
import {
  checkUnsubscribe,
  type NotificationSettingsDeps,
  readSettings,
  unsubscribe,
  updateSettings,
} from './notification-settings.service.ts';

/**
 * Notification settings (docs/product/notifications.md) of the signed-in account, and the
 * one-click unsubscribe of every notification email, which needs no session (decision 040).
 */
export const notificationSettingsRoutes: FastifyPluginAsyncZod<NotificationSettingsDeps> = async (app, deps) => {
  // A mail provider's one-click POST (RFC 8058) sends a form body `List-Unsubscribe=One-Click`;
  // its content says nothing the token does not, so it is read (bounded) and ignored. This
  // parser belongs to this plugin only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  app.get(
    '/api/me/notification-settings',
    {
      schema: {
        tags: ['notifications'],
        summary: "The signed-in account's notification settings: the master email switch, email per kind, previews",
        response: { 200: NotificationSettingsSchema },
      },
    },
    async (request) => readSettings(deps, await requireVerifiedUser(request)),
  );

  app.patch(
    '/api/me/notification-settings',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Changes the named notification settings; answers them all',
        body: UpdateNotificationSettingsBodySchema,
        response: { 200: NotificationSettingsSchema },
      },
    },
    async (request) => updateSettings(deps, await requireVerifiedUser(request), request.body),
  );

  app.get(
    '/api/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Which kind of email an unsubscribe link turns off (400 UNSUBSCRIBE_INVALID); changes nothing',
        querystring: UnsubscribeQuerySchema,
        response: { 200: UnsubscribeResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkUnsubscribe(deps, request.query.token);
    },
  );

  app.post(
    '/api/unsubscribe',
    {
      // No cookie is read: the signed token is the authority, so a mail provider's POST from
      // anywhere is welcome (plugins/security.ts reads this flag of the matched route).
      config: { crossSiteAllowed: true },
      schema: {
        tags: ['notifications'],
        summary: 'One-click unsubscribe (RFC 8058): turns off only the email kind the signed token names',
        querystring: UnsubscribeQuerySchema,
        response: { 200: UnsubscribeResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return unsubscribe(deps, request.query.token);
    },
  );
};
