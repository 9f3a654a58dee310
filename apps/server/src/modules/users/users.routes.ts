import { MeResponseSchema, PROFILE_MESSAGES, UpdateBioBodySchema, ViewerSchema } from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { errors } from '../../lib/errors.ts';
import { requireVerifiedUser } from '../../plugins/session.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { presentViewer } from './users.presenter.ts';
import { findUser, updateBio } from './users.repo.ts';
import { changeProfilePhoto } from './users.service.ts';

/** Profile pictures larger than this are refused before processing. */
const MAX_AVATAR_BYTES = 15 * 1024 * 1024;

export const usersRoutes: FastifyPluginAsyncZod<{ db: Database; storage: StorageDriver }> = async (
  app,
  { db, storage },
) => {
  app.get(
    '/api/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user, or null for a visitor',
        response: { 200: MeResponseSchema },
      },
    },
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
      const session = await requireVerifiedUser(request);
      const user = await updateBio(db, session.id, request.body.bio);
      if (!user) throw errors.notFound("Could't edit bio", 'USER_NOT_FOUND');
      return presentViewer(user);
    },
  );

  app.post(
    '/api/me/photo',
    {
      schema: {
        tags: ['users'],
        summary: 'Set the profile picture (multipart field "file": png, gif, jpeg or jpg)',
        consumes: ['multipart/form-data'],
        response: { 200: ViewerSchema },
      },
    },
    async (request) => {
      const session = await requireVerifiedUser(request);
      const upload = await request.file({ limits: { fileSize: MAX_AVATAR_BYTES, files: 1 } });
      if (!upload) throw errors.badRequest(PROFILE_MESSAGES.onlyPhotos, 'ONLY_PHOTOS');
      const bytes = await upload.toBuffer();
      const user = await changeProfilePhoto({ db, storage }, session.id, bytes);
      return presentViewer(user);
    },
  );
};
