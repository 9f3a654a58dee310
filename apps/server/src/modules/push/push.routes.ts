import {
  PushDeviceListSchema,
  PushDeviceParamsSchema,
  PushDeviceSchema,
  PushKeyResponseSchema,
  PushSubscriptionBodySchema,
  PushSubscriptionParamsSchema,
  PushSubscriptionResponseSchema,
  UpdatePushDeviceBodySchema,
} from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSchoolVerifiedUser } from '../../plugins/session.ts';
import { listDevices, type PushDeps, pushKey, subscribe, unsubscribe, updateDevice } from './push.service.ts';

export const pushRoutes: FastifyPluginAsyncZod<PushDeps> = async (app, deps) => {
  app.get(
    '/api/push/key',
    {
      schema: {
        tags: ['push'],
        summary: "The server's VAPID public key: the applicationServerKey of PushManager.subscribe",
        response: { 200: PushKeyResponseSchema },
      },
    },
    async () => pushKey(deps),
  );

  app.post(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary:
          "Store this browser's push subscription (an https endpoint of a push service, never this server or a private address)",
        body: PushSubscriptionBodySchema,
        response: { 200: PushSubscriptionResponseSchema },
      },
    },
    async (request) =>
      subscribe(deps, await requireSchoolVerifiedUser(request), request.campus, request.body, request.hostname),
  );

  app.delete(
    '/api/push/subscriptions/:subscriptionId',
    {
      schema: {
        tags: ['push'],
        summary: 'Forget one of your push subscriptions (the browser unsubscribed)',
        params: PushSubscriptionParamsSchema,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) =>
      unsubscribe(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.subscriptionId),
  );

  app.get(
    '/api/push/devices',
    {
      schema: {
        tags: ['push'],
        summary: 'Your devices that receive push on this campus, with push per kind of notification',
        response: { 200: PushDeviceListSchema },
      },
    },
    async (request) => listDevices(deps, await requireSchoolVerifiedUser(request), request.campus),
  );

  app.patch(
    '/api/push/devices/:deviceId',
    {
      schema: {
        tags: ['push'],
        summary: 'Turn push of some kinds of notification on or off on one of your devices',
        params: PushDeviceParamsSchema,
        body: UpdatePushDeviceBodySchema,
        response: { 200: PushDeviceSchema },
      },
    },
    async (request) =>
      updateDevice(
        deps,
        await requireSchoolVerifiedUser(request),
        request.campus,
        request.params.deviceId,
        request.body.kinds,
      ),
  );
};
