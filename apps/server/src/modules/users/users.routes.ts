import { MeResponseSchema, UpdateBioBodySchema, ViewerSchema } from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { errors } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/session.ts';
import { presentViewer } from './users.presenter.ts';
import { findUser, updateBio } from './users.repo.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/me',
    { schema: { tags: ['users'], summary: 'The signed-in user, or null for a visitor', response: { 200: MeResponseSchema } } },
    async (request) => {
      const session = await request.sessionUser();
      const user = session ? await findUser(db, session.id) : undefined;
      return { viewer: user ? presentViewer(user) : null };
    },
  );

  app.put(
    '/api/me/bio',
    {
      schema: {
        tags: ['users'],
        summary: 'Set the bio (profile set-up step 2, Edit Bio)',
        body: UpdateBioBodySchema,
        response: { 200: ViewerSchema },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      const user = await updateBio(db, session.id, request.body.bio);
      if (!user) throw errors.notFound("Could't edit bio", 'USER_NOT_FOUND');
      return presentViewer(user);
    },
  );
};
