import { BlockBodySchema, BlockListSchema, BlockResponseSchema, UserIdParamsSchema } from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSchoolVerifiedUser } from '../../plugins/session.ts';
import { type BlocksDeps, blockUser, listBlockedUsers, unblockUser } from './blocks.service.ts';

export const blocksRoutes: FastifyPluginAsyncZod<BlocksDeps> = async (app, deps) => {
  app.get(
    '/api/blocks',
    {
      schema: {
        tags: ['blocks'],
        summary: 'Users the viewer blocked on this campus',
        response: { 200: BlockListSchema },
      },
    },
    async (request) => listBlockedUsers(deps, await requireSchoolVerifiedUser(request), request.campus),
  );

  app.post(
    '/api/blocks',
    {
      schema: {
        tags: ['blocks'],
        summary:
          'Block a user: nothing passes between the two either way (messages, comments, saves, shares, notifications) and each stops seeing the other’s posts and comments',
        body: BlockBodySchema,
        response: { 200: BlockResponseSchema },
      },
    },
    async (request) => blockUser(deps, await requireSchoolVerifiedUser(request), request.campus, request.body.userId),
  );

  app.delete(
    '/api/blocks/:userId',
    {
      schema: {
        tags: ['blocks'],
        summary: 'Unblock a user',
        params: UserIdParamsSchema,
        response: { 200: BlockResponseSchema },
      },
    },
    async (request) =>
      unblockUser(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.userId),
  );
};
