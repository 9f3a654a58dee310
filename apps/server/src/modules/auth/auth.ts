import { randomInt } from 'node:crypto';
import {
  ACCESS_SERVER_MESSAGES,
  ACCOUNT_SAFETY_MESSAGES,
  AUTH_MESSAGES,
  AUTH_SERVER_MESSAGES,
  CAMPUS_IDS,
  CAMPUSES,
  type CampusDefinition,
  type CodeSendResponse,
  EmailSchema,
  LIMITS,
  MODERATION_MESSAGES,
  parseDisplayName,
  SignUpNameSchema,
  suspensionEndText,
} from '@campus/contract';
import { type AuthContext, betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { emailOTP, genericOAuth, magicLink } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { findOpenSuspension } from '../../db/session-lookup.ts';
import { buildHostMap, resolveCampus } from '../../lib/campus-hosts.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { siteOrigins } from '../../lib/site-origin.ts';
import { type Mailer, passwordResetMail, signInLinkMail, verificationCodeMail } from '../mail/index.ts';
import {
  clearFailures,
  isBanned,
  ownerIsBanned,
  refundCodeGuess,
  rememberAddress,
  reserveCodeGuess,
  reserveCodeSend,
  secondsUntilResend,
} from './account-safety.repo.ts';
import { accountLocked, admitPasswordAttempt } from './account-safety.service.ts';
import { accountExists, awaitsVerification, betterAuthDatabase, hasUsableCode } from './auth.repo.ts';
import { betterAuthLogger } from './auth-logger.ts';
import {
  holdsBinding,
  LINK_BINDING_COOKIE,
  linkBinding,
  pendingBindings,
  SIGN_IN_LINK_TTL_SECONDS,
  withBinding,
} from './link-binding.ts';
import { passwordHasher } from './passwords.ts';
import { freeUsername } from './usernames.ts';

export interface AuthDeps {
  db: Database;
  config: Config;
  secret: string;
  mailer: Mailer;
  /** Where better-auth's own messages go (through pino); none when absent. */
  log?: FastifyBaseLogger;
  /** The app clock: a suspension ends on it (decision 039). */
  clock?: Clock;
}

/** Paths (relative to /api/auth) that take an email in the body and must refuse banned ones. */
const EMAIL_ENTRY_PATHS = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/sign-in/magic-link',
  '/request-password-reset',
  '/email-otp/send-verification-otp',
  '/email-otp/verify-email',
]);
/** Offered on OU only (docs/product/accounts.md#ou-only-options). */
const OU_ONLY_PATHS = new Set([
  '/sign-in/magic-link',
  '/magic-link/verify',
  '/request-password-reset',
  '/reset-password/:token',
]);
/** Wrong guesses a single code allows; the account-wide cap (account-safety.repo.ts) is the real bound. */
const CODE_ATTEMPTS = 5;

const codeGuessesExceeded = () =>
  new APIError('TOO_MANY_REQUESTS', {
    message: ACCOUNT_SAFETY_MESSAGES.codeGuessesExceeded,
    code: 'CODE_GUESSES_EXCEEDED',
  });
const banned = () => new APIError('FORBIDDEN', { message: AUTH_MESSAGES.banned, code: 'ACCOUNT_BANNED' });
/** better-auth's own answer to a wrong code, word for word (the web reads INVALID_OTP). */
const invalidCode = () =>
  new APIError('BAD_REQUEST', { message: AUTH_SERVER_MESSAGES.invalidCode, code: 'INVALID_OTP' });
/** The product's words for a taken address (docs/product/accounts.md#sign-in-errors), under our code rather than the library's. */
const emailInUse = () =>
  new APIError('UNPROCESSABLE_ENTITY', { message: AUTH_MESSAGES.emailInUse, code: 'EMAIL_IN_USE' });

const GOOGLE_PROVIDER_ID = 'google';

/**
 * better-auth, configured for this product (docs/decisions/003-better-auth.md): our `users`
 * table, 4-digit hashed email codes valid 2 h, emailed sign-in links and password reset on OU
 * only, Google through OpenID discovery, and our own hooks for banned emails, per-account
 * lockout and usernames.
 */
export function createAuth({ db, config, secret, mailer, log, clock = systemClock }: AuthDeps) {
  const hosts = buildHostMap(config.campusHosts);
  const campusOf = (request: Request | undefined): CampusDefinition =>
    resolveCampus(request ? new URL(request.url).hostname : 'localhost', hosts);
  const originOf = (request: Request | undefined) => (request ? new URL(request.url).origin : CAMPUSES[1]?.url);
  // Links in mails name the campus's configured site, never a Host header we do not know: a
  // sign-in link asked for with `Host: evil.example` would hand its token to that site.
  const siteOrigin = siteOrigins(config.campusHosts, config.env === 'production');
  const siteOriginOf = (request: Request | undefined): string => {
    if (!request) return new URL(campusOf(undefined).url).origin;
    const url = new URL(request.url);
    return siteOrigin({
      protocol: url.protocol.slice(0, -1),
      host: url.host,
      hostname: url.hostname,
      campus: campusOf(request),
    });
  };
  const sendMail = async (mail: { to: string; subject: string; html: string; text: string }) => {
    await mailer.enqueue(db, mail);
    mailer.kick();
  };
  /** The sign-in link binding cookie (link-binding.ts): sent to /api/auth only, gone with the link. */
  const linkCookieOf = (ctx: { context: Pick<AuthContext, 'createAuthCookie'> }) =>
    ctx.context.createAuthCookie(LINK_BINDING_COOKIE, { maxAge: SIGN_IN_LINK_TTL_SECONDS, path: '/api/auth' });

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
    logger: betterAuthLogger(log),
    // An unexpected error (a failed query, a pool timeout) leaves the handler as an exception
    // for Fastify's one error handler (503 DATABASE_UNAVAILABLE, or a logged 500) instead of
    // better-call printing it to the console and answering a bare 500. APIErrors (4xx) and
    // redirects are still answered by better-auth.
    onAPIError: { throw: true },
    database: betterAuthDatabase(db),
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
      // No signed copy of the session in a cookie: it kept a revoked session alive for its
      // lifetime. Our own requests resolve the session with one indexed join instead
      // (plugins/session.ts); better-auth's endpoints read the session row.
      cookieCache: { enabled: false },
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
      // scrypt on the thread pool, a few at a time, in better-auth's own format (passwords.ts).
      password: { hash: passwordHasher.hash, verify: passwordHasher.verify },
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }, request) => {
        const campus = campusOf(request);
        await sendMail({ to: user.email, ...passwordResetMail({ url, campusShortName: campus.shortName }) });
      },
      onPasswordReset: async ({ user }, request) => {
        // Resetting the password restores an account locked by failed attempts (docs/product/accounts.md#sign-in-errors), and
        // the address it came from is the owner's: spared the per-account delay from now on.
        await clearFailures(db, user.email);
        await rememberAddress(db, user.email, clientIpOf({ request }));
      },
    },
    emailVerification: {
      sendOnSignUp: false, // the /verify screen asks for the code when it opens (docs/product/accounts.md#email-verification)
      // A code verifies an email and signs nobody in: /verify is reached signed in (sign-up
      // signs in), and that session simply goes on. Left on, verify-email made a new session
      // for whoever held the code, even for an account verified long before.
      autoSignInAfterVerification: false,
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: [GOOGLE_PROVIDER_ID] },
    },
    plugins: [
      emailOTP({
        otpLength: 4,
        expiresIn: LIMITS.verificationCodeTtlMs / 1000,
        // Encrypted with the server secret rather than hashed: an unkeyed hash of a 4-digit
        // code is reversed by trying 9,000 values, and 'reuse' needs the code back — asking
        // again re-sends the code already mailed instead of voiding it (docs/security.md#accounts-and-sessions).
        storeOTP: 'encrypted',
        resendStrategy: 'reuse',
        allowedAttempts: CODE_ATTEMPTS,
        overrideDefaultEmailVerification: true,
        // 1000–9999 (docs/product/accounts.md#verification-codes), never a code with a leading zero.
        generateOTP: () => String(randomInt(LIMITS.verificationCodeMin, LIMITS.verificationCodeMax + 1)),
        sendVerificationOTP: async ({ email, otp }, ctx) => {
          const campus = campusOf(ctx?.request);
          await sendMail({
            to: email,
            ...verificationCodeMail({
              code: otp,
              campusShortName: campus.shortName,
              siteUrl: siteOriginOf(ctx?.request),
            }),
          });
        },
      }),
      magicLink({
        expiresIn: SIGN_IN_LINK_TTL_SECONDS,
        storeToken: 'hashed',
        sendMagicLink: async ({ email, token }, ctx) => {
          // The link opens our /login/sent screen, which confirms the email typed on this device
          // before it redeems the token (docs/product/accounts.md#emailed-sign-in-link). It works only in
          // this browser: the asking request gets the link's binding (link-binding.ts).
          if (ctx) {
            const cookie = linkCookieOf(ctx);
            const pending = pendingBindings(ctx.getCookie(cookie.name));
            ctx.setCookie(cookie.name, withBinding(pending, linkBinding(secret, token)).join('.'), cookie.attributes);
          }
          const request = ctx?.request;
          const campus = campusOf(request);
          const body = (ctx?.body ?? {}) as { name?: string };
          const names = body.name ? parseDisplayName(body.name) : undefined;
          const link = new URL('/login/sent', siteOriginOf(request));
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
        const body = (ctx.body ?? {}) as { email?: unknown; name?: unknown; type?: unknown };
        if (OU_ONLY_PATHS.has(ctx.path) && campusOf(ctx.request).id !== CAMPUS_IDS.ou) {
          throw new APIError('FORBIDDEN', {
            message: ACCESS_SERVER_MESSAGES.notOnThisCampus,
            code: 'NOT_ON_THIS_CAMPUS',
          });
        }
        if (ctx.path === '/email-otp/send-verification-otp' && body.type !== 'email-verification') {
          // Codes only verify an email: no code sign-in, no code password reset (docs/decisions/008-account-hardening.md).
          throw new APIError('BAD_REQUEST', {
            message: AUTH_SERVER_MESSAGES.invalidCodeType,
            code: 'INVALID_OTP_TYPE',
          });
        }
        if (ctx.path === '/magic-link/verify') {
          // Only the browser that asked for the link may redeem it (link-binding.ts); the
          // binding is spent here, as the token is by the redemption.
          const cookie = linkCookieOf(ctx);
          const pending = pendingBindings(ctx.getCookie(cookie.name));
          const query = (ctx.query ?? {}) as { token?: unknown; errorCallbackURL?: unknown };
          const binding = linkBinding(secret, typeof query.token === 'string' ? query.token : '');
          if (!holdsBinding(pending, binding)) {
            const origin = new URL(ctx.request?.url ?? ctx.context.baseURL).origin;
            throw ctx.redirect(failedLinkUrl(query.errorCallbackURL, origin));
          }
          const rest = pending.filter((b) => b !== binding);
          ctx.setCookie(
            cookie.name,
            rest.join('.'),
            rest.length > 0 ? cookie.attributes : { ...cookie.attributes, maxAge: 0 },
          );
          return;
        }
        if (!EMAIL_ENTRY_PATHS.has(ctx.path)) return;
        if (typeof body.email !== 'string') {
          throw new APIError('BAD_REQUEST', { message: AUTH_MESSAGES.invalidEmail, code: 'INVALID_EMAIL' });
        }
        const email = body.email.trim().toLowerCase();
        if (!EmailSchema.safeParse(email).success) {
          throw new APIError('BAD_REQUEST', { message: AUTH_MESSAGES.invalidEmail, code: 'INVALID_EMAIL' });
        }
        if (await isBanned(db, email)) throw banned();
        if (ctx.path === '/sign-up/email' || (ctx.path === '/sign-in/magic-link' && body.name !== undefined)) {
          const name = SignUpNameSchema.safeParse(body.name);
          if (!name.success) {
            const message = name.error.issues[0]?.message ?? AUTH_MESSAGES.unknown;
            throw new APIError('BAD_REQUEST', { message, code: 'INVALID_NAME' });
          }
        }
        if (ctx.path === '/sign-in/email') {
          const admission = await admitPasswordAttempt(db, email, clientIpOf(ctx));
          if (!admission.allowed) throw accountLocked(admission.retryAfterSeconds);
        }
        if (
          (ctx.path === '/email-otp/send-verification-otp' || ctx.path === '/email-otp/verify-email') &&
          !(await awaitsVerification(db, email))
        ) {
          // A code only verifies an account that is not verified yet. An unknown or verified
          // address gets the answer an unknown address always got, and nothing is mailed or
          // stored: no code reaches, let alone opens, a verified account, and the answer does
          // not tell a verified account from a missing one.
          if (ctx.path === '/email-otp/send-verification-otp') return ctx.json({ success: true });
          throw invalidCode();
        }
        if (ctx.path === '/email-otp/verify-email' && !(await reserveCodeGuess(db, email))) {
          throw codeGuessesExceeded();
        }
        if (ctx.path === '/email-otp/send-verification-otp') {
          const decision = await reserveCodeSend(db, email, await hasUsableCode(db, email, CODE_ATTEMPTS));
          if (decision === 'locked') throw codeGuessesExceeded();
          if (decision === 'capped') {
            throw new APIError('TOO_MANY_REQUESTS', {
              message: ACCOUNT_SAFETY_MESSAGES.codeRequestsExceeded,
              code: 'CODE_REQUESTS_EXCEEDED',
            });
          }
          // The code mailed moments ago still works: nothing new is sent (reloading /verify), and
          // the answer says so with the seconds until one would be, for the screen to count down
          // (docs/decisions/030-feed-ads-and-rough-edges.md) rather than claim 'Email sent'.
          if (decision === 'recent') {
            const wait: CodeSendResponse = {
              success: true,
              sent: false,
              retryAfterSeconds: await secondsUntilResend(db, email),
            };
            return ctx.json(wait);
          }
        }
        if (ctx.path === '/request-password-reset') {
          if (!(await accountExists(db, email))) {
            throw new APIError('NOT_FOUND', {
              message: AUTH_MESSAGES.forgotPasswordUserNotFound,
              code: 'USER_NOT_FOUND',
            });
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        if (ctx.path === '/sign-up/email' && returned instanceof APIError) {
          // The spec's words for a taken address and nothing of the library's (its code and
          // message). Sign-up still tells that the address is taken: the spec requires it.
          if (String(returned.body?.code ?? '').startsWith('USER_ALREADY_EXISTS')) throw emailInUse();
          return;
        }
        if (ctx.path !== '/sign-in/email' && ctx.path !== '/email-otp/verify-email') return;
        const email = String((ctx.body as { email?: unknown })?.email ?? '')
          .trim()
          .toLowerCase();
        // Attempts were counted before checking (before hook); a success gives them back.
        if (returned instanceof APIError) return;
        if (ctx.path === '/sign-in/email') {
          await clearFailures(db, email, clientIpOf(ctx));
          return;
        }
        await refundCodeGuess(db, email);
        // Holding a code is not being signed in: the answer carries no user record.
        return ctx.json({ status: true });
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Every way of signing up (password, email link, Google) ends here: refuse banned
          // addresses, derive first/last name from the display name, and pick a free username.
          before: async (user) => {
            if (await isBanned(db, user.email)) throw banned();
            const { first_name, last_name } = parseDisplayName(user.name ?? '');
            const username = await freeUsername(db, first_name, last_name);
            return { data: { ...user, firstName: first_name, lastName: last_name, username } };
          },
        },
      },
      session: {
        create: {
          // Every way of signing in (password, Google, emailed link, code) creates a session
          // here: a banned address gets none.
          before: async (session, ctx) => {
            if (await ownerIsBanned(db, session.userId)) throw banned();
            // A suspended member gets no session until the suspension ends (app clock), with
            // the end and the reason for the suspension page (docs/decisions/039-campus-moderators.md).
            const suspension = await findOpenSuspension(db, session.userId, clock.now());
            if (suspension) {
              const slug = campusOf(ctx?.request).slug;
              throw new APIError('FORBIDDEN', {
                message: MODERATION_MESSAGES.suspendedRefusal(suspensionEndText(suspension.endsAt, slug)),
                code: 'ACCOUNT_SUSPENDED',
                until: suspension.endsAt.toISOString(),
                reason: suspension.reason,
              });
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The client address auth.routes.ts put in the request (never the client's own header). */
function clientIpOf(ctx: { request?: Request; headers?: Headers }): string {
  return ctx.request?.headers.get('x-campus-client-ip') ?? ctx.headers?.get('x-campus-client-ip') ?? '';
}

/**
 * Where a sign-in link opened in another browser is sent: the screen it names if that is on
 * this site (/login or /register with 'redirect=true'), else /login, with the reason for the
 * web to show. Absolute, so that no path ('/.//elsewhere') can lead off the site.
 */
function failedLinkUrl(errorCallbackURL: unknown, origin: string): string {
  let target = new URL('/login?redirect=true', origin);
  if (typeof errorCallbackURL === 'string' && URL.canParse(errorCallbackURL, origin)) {
    const named = new URL(errorCallbackURL, origin);
    if (named.origin === origin) target = named;
  }
  target.searchParams.set('error', 'LINK_FROM_OTHER_BROWSER');
  return target.toString();
}
