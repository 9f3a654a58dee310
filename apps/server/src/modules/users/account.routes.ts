import {
  AccountSettingsSchema,
  ChangePasswordBodySchema,
  EmailChangeSendBodySchema,
  EmailChangeVerifyBodySchema,
  EmailChangeVerifyResponseSchema,
  UpdateBirthDateBodySchema,
  UpdateGenderBodySchema,
  UpdateNameBodySchema,
  UpdatePhoneBodySchema,
  UpdateUsernameBodySchema,
  ViewerSchema,
} from '@campus/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { moderatesCampus } from '../../db/session-lookup.ts';
import type { Clock } from '../../lib/clock.ts';
import { readCookie, requireVerifiedUser, type SessionUser, verifiedSessionToken } from '../../plugins/session.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import type { Auth } from '../auth/index.ts';
import type { Mailer } from '../mail/index.ts';
import {
  type AccountDeps,
  accountSettings,
  updateBirthDate,
  updateGender,
  updateName,
  updatePhone,
} from './account.service.ts';
import { changePassword } from './commands/change-password.ts';
import { sendEmailChangeCode } from './commands/send-email-change-code.ts';
import { updateUsername } from './commands/update-username.ts';
import { verifyEmailChange } from './commands/verify-email-change.ts';
import { presentViewer } from './users.presenter.ts';

export interface AccountRoutesDeps {
  db: Database;
  storage: StorageDriver;
  mailer: Mailer;
  clock: Clock;
  secret: string;
  auth: Auth;
}

/**
 * Codes are mailed: a few a minute is plenty. The per-account budget (decision 008: 6 sends an
 * hour, 10 wrong guesses a day) is the real bound; these only slow a script down.
 */
const CODE_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };
const VERIFY_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };
const PASSWORD_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

/**
 * Settings > Account (docs/product/profiles.md#account-rows, docs/product/profiles.md#profile-rules): one GET of the viewer's own rows and one write per form.
 * Every write acts on the signed-in user only — no route takes a user id — and needs a
 * verified email (an unverified account is sent to /verify).
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesDeps> = async (app, deps) => {
  const { db, storage, auth } = deps;
  const context = await auth.$context;
  const cookieName = context.authCookies.sessionToken.name;
  const accountDeps: AccountDeps = {
    db,
    mailer: deps.mailer,
    clock: deps.clock,
    secret: deps.secret,
    passwords: async () => (await auth.$context).password,
  };

  /** The token of the session making this request, so that it survives the change it makes. */
  const sessionTokenOf = (request: FastifyRequest): string | null =>
    verifiedSessionToken(readCookie(request.headers.cookie, cookieName), context.secret);

  const rows = async (viewer: SessionUser) => accountSettings(db, viewer);

  app.get(
    '/api/me/account',
    {
      schema: {
        tags: ['account'],
        summary: 'Settings > Account: the viewer’s own rows',
        response: { 200: AccountSettingsSchema },
      },
    },
    async (request) => rows(await requireVerifiedUser(request)),
  );

  app.put(
    '/api/me/name',
    {
      schema: {
        tags: ['account'],
        summary: 'Edit Display Name: first and last name (at most 20 each)',
        body: UpdateNameBodySchema,
        response: { 200: ViewerSchema },
      },
    },
    async (request) => {
      const viewer = await requireVerifiedUser(request);
      const user = await updateName(db, viewer, request.body);
      return presentViewer(user, storage, await moderatesCampus(db, viewer.id, request.campus.id));
    },
  );

  app.put(
    '/api/me/username',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the username (4–50 letters, digits, _ and -; unique ignoring case)',
        body: UpdateUsernameBodySchema,
        response: { 200: AccountSettingsSchema },
      },
    },
    async (request) => {
      const viewer = await requireVerifiedUser(request);
      await updateUsername(db, viewer, request.body.username);
      return rows(viewer);
    },
  );

  app.put(
    '/api/me/phone',
    {
      schema: {
        tags: ['account'],
        summary: 'Set the phone number',
        body: UpdatePhoneBodySchema,
        response: { 200: AccountSettingsSchema },
      },
    },
    async (request) => {
      const viewer = await requireVerifiedUser(request);
      await updatePhone(db, viewer, request.body.phone);
      return rows(viewer);
    },
  );

  app.put(
    '/api/me/gender',
    {
      schema: {
        tags: ['account'],
        summary: 'Set the gender (male, female or other; never shown to others)',
        body: UpdateGenderBodySchema,
        response: { 200: AccountSettingsSchema },
      },
    },
    async (request) => {
      const viewer = await requireVerifiedUser(request);
      await updateGender(db, viewer, request.body.gender);
      return rows(viewer);
    },
  );

  app.put(
    '/api/me/birth-date',
    {
      schema: {
        tags: ['account'],
        summary: 'Set the birth date (years 2021 down to 1970, days 1–31)',
        body: UpdateBirthDateBodySchema,
        response: { 200: AccountSettingsSchema },
      },
    },
    async (request) => {
      const viewer = await requireVerifiedUser(request);
      await updateBirthDate(db, viewer, request.body);
      return rows(viewer);
    },
  );

  app.put(
    '/api/me/password',
    {
      config: { rateLimit: PASSWORD_RATE_LIMIT },
      schema: {
        tags: ['account'],
        summary: 'Change the password; every other session is signed out',
        body: ChangePasswordBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const viewer = await requireVerifiedUser(request);
      await changePassword(accountDeps, viewer, request.body, {
        clientIp: request.ip,
        sessionToken: sessionTokenOf(request),
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/me/email/code',
    {
      config: { rateLimit: CODE_RATE_LIMIT },
      schema: {
        tags: ['account'],
        summary: 'Email change, step 1: mail a 4-digit code to the new address',
        body: EmailChangeSendBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const viewer = await requireVerifiedUser(request);
      await sendEmailChangeCode(accountDeps, viewer, {
        email: request.body.email,
        campus: request.campus,
        siteUrl: request.siteOrigin,
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/me/email/verify',
    {
      config: { rateLimit: VERIFY_RATE_LIMIT },
      schema: {
        tags: ['account'],
        summary: 'Email change, step 2: the code makes the new address the sign-in email',
        body: EmailChangeVerifyBodySchema,
        response: { 200: EmailChangeVerifyResponseSchema },
      },
    },
    async (request) => {
      const viewer = await requireVerifiedUser(request);
      const user = await verifyEmailChange(accountDeps, viewer, request.body, {
        sessionToken: sessionTokenOf(request),
      });
      return { email: user.email };
    },
  );
};
