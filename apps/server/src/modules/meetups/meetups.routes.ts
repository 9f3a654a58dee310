import {
  ChatIdParamsSchema,
  ChatMeetupsSchema,
  MeetupIdParamsSchema,
  MeetupResponseSchema,
  SuggestMeetupBodySchema,
} from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSchoolVerifiedUser } from '../../plugins/session.ts';
import { acceptMeetup, listChatMeetups, type MeetupsDeps, suggestMeetup } from './meetups.service.ts';

/** Meet-ups in a chat (docs/product/safety.md#meet-ups). */
export const meetupsRoutes: FastifyPluginAsyncZod<Omit<MeetupsDeps, 'log'>> = async (app, options) => {
  const deps: MeetupsDeps = { ...options, log: app.log };

  app.post(
    '/api/chats/:chatId/meetups',
    {
      // A card lands in someone's chat: as limited as offers.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['meetups'],
        summary:
          "Suggest a meet-up (or another): one of the campus's spots, a day and a time on the campus clock; replaces the chat's open suggestion",
        params: ChatIdParamsSchema,
        body: SuggestMeetupBodySchema,
        response: { 201: MeetupResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireSchoolVerifiedUser(request);
      const result = await suggestMeetup(deps, viewer, request.campus, request.params.chatId, request.body);
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/api/meetups/:meetupId/accept',
    {
      schema: {
        tags: ['meetups'],
        summary: 'Accept a meet-up suggested to the viewer: it is pinned at the top of the chat until it has passed',
        params: MeetupIdParamsSchema,
        response: { 200: MeetupResponseSchema },
      },
    },
    async (request) =>
      acceptMeetup(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.meetupId),
  );

  app.get(
    '/api/chats/:chatId/meetups',
    {
      schema: {
        tags: ['meetups'],
        summary: "A chat's meet-up cards, newest first, and its pinned (accepted, not passed) meet-up",
        params: ChatIdParamsSchema,
        response: { 200: ChatMeetupsSchema },
      },
    },
    async (request) =>
      listChatMeetups(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.chatId),
  );
};
