import { randomInt } from 'node:crypto';
import {
  AUTH_MESSAGES,
  CAMPUS_IDS,
  CAMPUSES,
  type CampusDefinition,
  EmailSchema,
  LIMITS,
  parseDisplayName,
  RegistrationNameSchema,
} from '@campus/contract';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { emailOTP, genericOAuth, magicLink } from 'better-auth/plugins';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { buildHostMap, resolveCampus } from '../../plugins/campus.ts';
import type { Mailer } from '../mail/mail.plugin.ts';
import { passwordResetMail, signInLinkMail, verificationCodeMail } from '../mail/templates.ts';
import { clearFailures, isBanned, isLocked, recordFailure } from './account-safety.repo.ts';
import { freeUsername } from './usernames.ts';

export interface AuthDeps {
  db: Database;
  config: Config;
  secret: string;
  mailer: Mailer;
}

/** Paths (relative to /api/auth) that take an email in the body and must refuse banned ones. */
const EMAIL_ENTRY_PATHS = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/sign-in/magic-link',
  '/request-password-reset',
]);
/** Offered on OU only (spec 1 §6). */
const OU_ONLY_PATHS = new Set(['/sign-in/magic-link', '/request-password-reset']);

export const GOOGLE_PROVIDER_ID = 'google';

/**
 * better-auth, configured for this product (docs/decisions/003-better-auth.md): our `users`
 * table, 4-digit hashed email codes valid 2 h, emailed sign-in links and password reset on OU
 * only, Google through OpenID discovery, and our own hooks for banned emails, per-account
 * lockout and usernames.
 */
export function createAuth({ db, config, secret, mailer }: AuthDeps) {
  const hosts = buildHostMap(config.campusHosts);
  const campusOf = (request: Request | undefined): CampusDefinition =>
    resolveCampus(request ? new URL(request.url).hostname : 'localhost', hosts);
  const originOf = (request: Request | undefined) => (request ? new URL(request.url).origin : CAMPUSES[1]?.url);
  const sendMail = async (mail: { to: string; subject: string; html: string; text: string }) => {
    await mailer.enqueue(db, mail);
    mailer.kick();
  };

  return betterAuth({
    appName: 'Campus Buy / Sell',
    secret,
    basePath: '/api/auth',
    baseURL: {
      allowedHosts: [
        ...CAMPUSES.map((c) => new URL(c.url).host),
        ...config.campusHosts.keys(),
        'localhost',
        'localhost:*',
        '*.localhost',
        '*.localhost:*',
        '127.0.0.1:*',
      ],
      fallback: CAMPUSES.find((c) => c.id === CAMPUS_IDS.ou)?.url,
    },
    // A state-changing request must come from the site it is sent to (same-origin check).
    trustedOrigins: (request) => [originOf(request)],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.authVerifications,
        rateLimit: schema.authRateLimits,
      },
    }),
    user: {
      modelName: 'user',
      fields: { emailVerified: 'verified', image: 'img', updatedAt: 'lastModified' },
      additionalFields: {
        firstName: { type: 'string', required: false, input: false },
        lastName: { type: 'string', required: false, input: false },
        username: { type: 'string', required: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // A signed copy of the session in a cookie spares a database round trip on most
      // requests (bench/feed.ts); a revoked session may live on for at most this long.
      cookieCache: { enabled: true, maxAge: 60 },
    },
    advanced: {
      database: { generateId: () => newId() },
      useSecureCookies: config.env === 'production',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.env === 'production' },
      cookiePrefix: 'campus',
      // The Fastify route sets this header from the socket (or a trusted proxy) and drops the
      // client's own, so every visitor has their own rate-limit bucket.
      ipAddress: { ipAddressHeaders: ['x-campus-client-ip'] },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 120,
      customRules: {
        '/sign-in/email': { window: 60, max: 15 },
        '/sign-up/email': { window: 60, max: 10 },
        '/sign-in/magic-link': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 5 },
        '/email-otp/send-verification-otp': { window: 60, max: 5 },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }, request) => {
        const campus = campusOf(request);
        await sendMail({ to: user.email, ...passwordResetMail({ url, campusShortName: campus.shortName }) });
      },
      onPasswordReset: async ({ user }) => {
        // Resetting the password restores an account locked by failed attempts (spec 1 §8).
        await clearFailures(db, user.email);
      },
    },
    emailVerification: {
      sendOnSignUp: false, // the /verify screen asks for the code when it opens (spec 1 §4)
      autoSignInAfterVerification: true,
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: [GOOGLE_PROVIDER_ID] },
    },
    plugins: [
      emailOTP({
        otpLength: 4,
        expiresIn: LIMITS.verificationCodeTtlMs / 1000,
        storeOTP: 'hashed',
        allowedAttempts: 5,
        overrideDefaultEmailVerification: true,
        // 1000–9999 (spec 2 §9), never a code with a leading zero.
        generateOTP: () => String(randomInt(LIMITS.verificationCodeMin, LIMITS.verificationCodeMax + 1)),
        sendVerificationOTP: async ({ email, otp }, ctx) => {
          const campus = campusOf(ctx?.request);
          await sendMail({
            to: email,
            ...verificationCodeMail({
              code: otp,
              campusShortName: campus.shortName,
              siteUrl: originOf(ctx?.request) ?? '',
            }),
          });
        },
      }),
      magicLink({
        expiresIn: 60 * 60,
        storeToken: 'hashed',
        sendMagicLink: async ({ email, token }, ctx) => {
          // The link opens our /login/sent screen, which confirms the email typed on this device
          // before it redeems the token (spec 1 §4 'Emailed sign-in link').
          const request = ctx?.request;
          const campus = campusOf(request);
          const body = (ctx?.body ?? {}) as { name?: string };
          const names = body.name ? parseDisplayName(body.name) : undefined;
          const link = new URL('/login/sent', originOf(request));
          link.searchParams.set('email', email);
          if (names) {
            link.searchParams.set('first', names.first_name);
            link.searchParams.set('last', names.last_name);
          }
          link.searchParams.set('token', token);
          await sendMail({ to: email, ...signInLinkMail({ url: link.toString(), campusShortName: campus.shortName }) });
        },
      }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  discoveryUrl: config.google.discoveryUrl,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as { email?: unknown; name?: unknown };
        if (OU_ONLY_PATHS.has(ctx.path) && campusOf(ctx.request).id !== CAMPUS_IDS.ou) {
          throw new APIError('FORBIDDEN', { message: 'Not available on this campus.', code: 'NOT_ON_THIS_CAMPUS' });
        }
        if (!EMAIL_ENTRY_PATHS.has(ctx.path) || typeof body.email !== 'string') return;
        const email = body.email.trim().toLowerCase();
        if (!EmailSchema.safeParse(email).success) {
          throw new APIError('BAD_REQUEST', { message: AUTH_MESSAGES.invalidEmail, code: 'INVALID_EMAIL' });
        }
        if (await isBanned(db, email)) {
          throw new APIError('FORBIDDEN', { message: AUTH_MESSAGES.banned, code: 'ACCOUNT_BANNED' });
        }
        if (ctx.path === '/sign-in/email' && (await isLocked(db, email))) {
          throw new APIError('TOO_MANY_REQUESTS', { message: AUTH_MESSAGES.tooManyAttempts, code: 'ACCOUNT_LOCKED' });
        }
        if (ctx.path === '/sign-up/email') {
          const name = RegistrationNameSchema.safeParse(body.name);
          if (!name.success) {
            const message = name.error.issues[0]?.message ?? AUTH_MESSAGES.unknown;
            throw new APIError('BAD_REQUEST', { message, code: 'INVALID_NAME' });
          }
        }
        if (ctx.path === '/request-password-reset') {
          const user = await db.query.users.findFirst({
            where: (u, { eq }) => eq(u.email, email),
            columns: { id: true },
          });
          if (!user) {
            throw new APIError('NOT_FOUND', {
              message: AUTH_MESSAGES.forgotPasswordUserNotFound,
              code: 'USER_NOT_FOUND',
            });
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-in/email') return;
        const email = String((ctx.body as { email?: unknown })?.email ?? '')
          .trim()
          .toLowerCase();
        const failed = ctx.context.returned instanceof APIError;
        if (failed && (ctx.context.returned as APIError).statusCode === 401) await recordFailure(db, email);
        else if (!failed) await clearFailures(db, email);
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Every way of signing up (password, email link, Google) ends here: refuse banned
          // addresses, derive first/last name from the display name, and pick a free username.
          before: async (user) => {
            if (await isBanned(db, user.email)) {
              throw new APIError('FORBIDDEN', { message: AUTH_MESSAGES.banned, code: 'ACCOUNT_BANNED' });
            }
            const { first_name, last_name } = parseDisplayName(user.name ?? '');
            const username = await freeUsername(db, first_name, last_name);
            return { data: { ...user, firstName: first_name, lastName: last_name, username } };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
