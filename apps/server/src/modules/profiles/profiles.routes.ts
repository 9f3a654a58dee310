import {
  ClaimProfileResponseSchema,
  ProfileListQuerySchema,
  ProfileListSchema,
  ProfileParamsSchema,
  PublicProfileSchema,
} from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendSerialized } from '../../lib/send-serialized.ts';
import { requireSchoolVerifiedUser } from '../../plugins/session.ts';
import { FeedPages, feedViewerOf } from '../posts/index.ts';
import { claimProfile, getProfile, listProfile, type ProfilesDeps } from './profiles.service.ts';

/** Each claim mails someone: a few an hour per account is plenty for a real owner. */
const CLAIM_RATE_LIMIT = { max: 5, timeWindow: '1 hour' };

/**
 * Profile pages (docs/product/profiles.md#profile-route). Like every page of a campus, for school-verified students: a
 * visitor gets 401 UNAUTHENTICATED (login modal), an unverified account 403
 * EMAIL_NOT_VERIFIED (the web goes to /verify), an account without a campus 403
 * SCHOOL_NOT_VERIFIED (to /settings/account/school_email) — the rules of docs/product/accounts.md#redirects.
 */
export const profilesRoutes: FastifyPluginAsyncZod<Omit<ProfilesDeps, 'profilePages'>> = async (app, options) => {
  const deps: ProfilesDeps = { ...options, profilePages: new FeedPages() };
  app.get(
    '/api/profiles/:username',
    {
      schema: {
        tags: ['profiles'],
        summary: 'A member’s profile header, by username (any case)',
        params: ProfileParamsSchema,
        response: { 200: PublicProfileSchema },
      },
    },
    async (request) =>
      getProfile(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.username),
  );

  app.get(
    '/api/profiles/:username/posts',
    {
      schema: {
        tags: ['profiles'],
        summary: 'A profile tab: posts, photos, replies or likes (10 a page, keyset cursor)',
        params: ProfileParamsSchema,
        querystring: ProfileListQuerySchema,
        response: { 200: ProfileListSchema },
      },
    },
    async (request, reply) =>
      sendSerialized(
        reply,
        await listProfile(deps, feedViewerOf(request), request.campus, request.params.username, request.query),
      ),
  );

  app.post(
    '/api/profiles/:username/claim',
    {
      config: { rateLimit: CLAIM_RATE_LIMIT },
      schema: {
        tags: ['profiles'],
        summary: 'Claim this account: mail a sign-in link to the (unverified) account’s own address',
        params: ProfileParamsSchema,
        response: { 200: ClaimProfileResponseSchema },
      },
    },
    async (request, reply) =>
      claimProfile(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.username, {
        origin: request.siteOrigin,
        host: new URL(request.siteOrigin).host,
        ip: request.ip,
        cookie: request.headers.cookie,
        setCookies: (cookies) => reply.header('set-cookie', cookies),
      }),
  );
};
