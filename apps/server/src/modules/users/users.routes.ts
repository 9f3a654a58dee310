import {
  MeResponseSchema,
  PROFILE_MESSAGES,
  UPLOAD_MESSAGES,
  UpdateBioBodySchema,
  ViewerSchema,
} from '@campus/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { findOpenSuspension, moderatesCampus } from '../../db/session-lookup.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, errors } from '../../lib/errors.ts';
import { requireVerifiedUser } from '../../plugins/session.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { AVATAR_FILE_RULES, createTempFolder, MAX_AVATAR_BYTES, readMultipart } from '../media/index.ts';
import { presentViewer } from './users.presenter.ts';
import { changeProfilePhoto, removeProfilePhoto, updateOwnBio } from './users.service.ts';

/**
 * Each picture is decoded and re-encoded (the costly part of an upload): a person sets one a
 * few times at most, so 20 an hour per account is plenty. Effective once @fastify/rate-limit
 * is registered (app.ts, keyed per account).
 */
const PHOTO_RATE_LIMIT = { max: 20, timeWindow: '1 hour' };

export interface UsersRoutesDeps {
  db: Database;
  storage: StorageDriver;
  clock: Clock;
}

/** The viewer's own account: /api/me, the bio and the profile picture (Settings > Account: account.routes.ts). */
export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesDeps> = async (app, deps) => {
  const { db, storage, clock } = deps;
  const moderates = (request: FastifyRequest, userId: string) => moderatesCampus(db, userId, request.campus.id);

  app.get(
    '/api/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user, or null for a visitor',
        response: { 200: MeResponseSchema },
      },
    },
    // One prepared statement: the session lookup returns the viewer's own columns (docs/decisions/020-hot-paths.md).
    async (request) => {
      const viewer = await request.sessionViewer();
      if (viewer) {
        const moderator = viewer.moderatesCampus && viewer.campusId === request.campus.id;
        return { viewer: presentViewer(viewer, storage, moderator), suspension: null };
      }
      // A suspended member's session (decision 039): no viewer, and why, for the suspension page.
      const suspended = request.suspendedSession();
      const open = suspended ? await findOpenSuspension(db, suspended.userId, clock.now()) : undefined;
      return {
        viewer: null,
        suspension: open ? { until: open.endsAt.toISOString(), reason: open.reason } : null,
      };
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
      const user = await updateOwnBio(db, session.id, request.body.bio);
      return presentViewer(user, storage, await moderates(request, session.id));
    },
  );

  app.post(
    '/api/me/photo',
    {
      config: { rateLimit: PHOTO_RATE_LIMIT },
      schema: {
        tags: ['users'],
        summary: 'Set the profile picture (multipart field "file": png, gif, jpeg or jpg, up to 15 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: ViewerSchema },
      },
    },
    async (request) => {
      const session = await requireVerifiedUser(request);
      const folder = await createTempFolder();
      try {
        const { files } = await readMultipart(request, folder, {
          ...AVATAR_FILE_RULES,
          fileField: 'file',
          maxFiles: 1,
          tooManyFiles: () => errors.badRequest(PROFILE_MESSAGES.onlyPhotos, 'ONLY_PHOTOS'),
          fields: [],
          maxFieldBytes: 1024,
          maxTotalBytes: MAX_AVATAR_BYTES,
          totalTooLarge: () => new AppError(413, 'FILE_TOO_LARGE', UPLOAD_MESSAGES.avatarTooLarge),
        });
        const [file] = files;
        if (!file) throw errors.badRequest(PROFILE_MESSAGES.onlyPhotos, 'ONLY_PHOTOS');
        const user = await changeProfilePhoto({ db, storage }, session.id, file.path);
        return presentViewer(user, storage, await moderates(request, session.id));
      } finally {
        await folder.dispose();
      }
    },
  );

  app.delete(
    '/api/me/photo',
    {
      config: { rateLimit: PHOTO_RATE_LIMIT },
      schema: {
        tags: ['users'],
        summary: 'Remove the profile picture (the profile is then no longer set up)',
        response: { 200: ViewerSchema },
      },
    },
    async (request) => {
      const session = await requireVerifiedUser(request);
      const user = await removeProfilePhoto({ db, storage }, session.id);
      return presentViewer(user, storage, await moderates(request, session.id));
    },
  );
};
