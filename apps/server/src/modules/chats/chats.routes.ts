import {
  ChatIdParamsSchema,
  ChatPageSchema,
  DeleteChatResponseSchema,
  HeartResponseSchema,
  InboxSchema,
  MessageIdParamsSchema,
  MessageSchema,
  OpenChatBodySchema,
  OpenChatResponseSchema,
  PageQuerySchema,
  SeenResponseSchema,
  UserSearchQuerySchema,
  UserSearchResponseSchema,
} from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSchoolVerifiedUser } from '../../plugins/session.ts';
import { discardRestOfBody } from '../media/index.ts';
import { type ChatsDeps, getChatPage, listChats, searchRecipients } from './chats.service.ts';
import { deleteChat } from './commands/delete-chat.ts';
import { markSeen } from './commands/mark-seen.ts';
import { openChat } from './commands/open-chat.ts';
import { sendMessage } from './commands/send-message.ts';
import { toggleMessageHeart } from './commands/toggle-message-heart.ts';
import { readMessageUpload } from './uploads.ts';

export const chatsRoutes: FastifyPluginAsyncZod<Omit<ChatsDeps, 'log'>> = async (app, options) => {
  const deps: ChatsDeps = { ...options, log: app.log };

  app.get(
    '/api/chats',
    {
      schema: {
        tags: ['chats'],
        summary: "The inbox: the viewer's chats on this campus, newest first (keyset pages)",
        querystring: PageQuerySchema,
        response: { 200: InboxSchema },
      },
    },
    async (request) => listChats(deps, await requireSchoolVerifiedUser(request), request.campus, request.query),
  );

  app.post(
    '/api/chats',
    {
      // Starting conversations with many strangers is what spam looks like.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['chats'],
        summary: 'Open the chat with a user (either direction) or start one',
        body: OpenChatBodySchema,
        response: { 200: OpenChatResponseSchema, 201: OpenChatResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await openChat(
        deps,
        await requireSchoolVerifiedUser(request),
        request.campus,
        request.body.userId,
      );
      return reply.code(result.created ? 201 : 200).send(result);
    },
  );

  app.get(
    '/api/chats/recipients',
    {
      schema: {
        tags: ['chats'],
        summary: 'New-message user search: members of this campus by name or username prefix',
        querystring: UserSearchQuerySchema,
        response: { 200: UserSearchResponseSchema },
      },
    },
    async (request) =>
      searchRecipients(deps, await requireSchoolVerifiedUser(request), request.campus, request.query.q),
  );

  app.get(
    '/api/chats/:chatId',
    {
      schema: {
        tags: ['chats'],
        summary: 'A chat with a page of its messages, newest first (15 a page, older by cursor)',
        params: ChatIdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: ChatPageSchema },
      },
    },
    async (request) =>
      getChatPage(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.chatId, request.query),
  );

  app.post(
    '/api/chats/:chatId/messages',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['chats'],
        summary: 'Send a message (multipart: field "message" as JSON, at most one "file")',
        consumes: ['multipart/form-data'],
        params: ChatIdParamsSchema,
        response: { 201: MessageSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireSchoolVerifiedUser(request);
      const message = await sendMessage(deps, viewer, request.campus, request.params.chatId, () =>
        readMessageUpload(request),
      ).catch((error: unknown) => {
        // Refused before the body was read (not a participant, blocked): the rest is thrown away
        // so the answer reaches the browser at once.
        discardRestOfBody(request);
        throw error;
      });
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/api/chats/:chatId/seen',
    {
      schema: {
        tags: ['chats'],
        summary: 'Mark the chat read by the viewer (Seen for the other side)',
        params: ChatIdParamsSchema,
        response: { 200: SeenResponseSchema },
      },
    },
    async (request) => markSeen(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.chatId),
  );

  app.post(
    '/api/chats/:chatId/messages/:messageId/heart',
    {
      schema: {
        tags: ['chats'],
        summary: 'Heart or un-heart a message (a toggle)',
        params: MessageIdParamsSchema,
        response: { 200: HeartResponseSchema },
      },
    },
    async (request) =>
      toggleMessageHeart(
        deps,
        await requireSchoolVerifiedUser(request),
        request.campus,
        request.params.chatId,
        request.params.messageId,
      ),
  );

  app.delete(
    '/api/chats/:chatId',
    {
      schema: {
        tags: ['chats'],
        summary: 'Delete the conversation for both sides, with its messages and photos',
        params: ChatIdParamsSchema,
        response: { 200: DeleteChatResponseSchema },
      },
    },
    async (request) =>
      deleteChat(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.chatId),
  );
};
