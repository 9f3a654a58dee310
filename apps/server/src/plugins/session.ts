import { createHmac, timingSafeEqual } from 'node:crypto';
import { ACCESS_SERVER_MESSAGES, MODERATION_MESSAGES, suspensionEndText } from '@campus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { findSessionUser, findSessionViewer } from '../db/session-lookup.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError, errors } from '../lib/errors.ts';

export interface SessionUser {
  id: string;
  email: string;
  verified: boolean;
  schoolVerified: boolean;
  campusId: string | null;
}

/** A session whose member is suspended (docs/decisions/039-campus-moderators.md): refused until `until`. */
interface SuspendedSession {
  userId: string;
  until: Date;
}

/** The signed-in user's own account as `/api/me` shows it (no secrets: no phone, no funds). */
export interface SessionViewer extends SessionUser {
  firstName: string;
  lastName: string;
  username: string;
  img: string | null;
  bio: string | null;
  schoolEmail: string | null;
  profileSetUp: boolean;
  createdAt: Date;
  /** They moderate the campus they are a member of (the presenter compares it with the site's). */
  moderatesCampus: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of this request, or null; read once per request. */
    sessionUser(): Promise<SessionUser | null>;
    /**
     * The signed-in user with the columns of their own account (`/api/me`), or null: the same
     * session lookup as sessionUser(), one statement.
     */
    sessionViewer(): Promise<SessionViewer | null>;
    /**
     * The session lookup with more of the viewer's data in the same statement (a hot read saves
     * a round trip): `read` runs a repository's statement built on the session lookup
     * (db/session-lookup.ts) on the app's database with the request's session token, and answers
     * the session user with its extra columns, or undefined. It is asked only with a valid cookie; a later
     * sessionUser() of the request reuses the answer.
     */
    sessionUserWith<T extends object>(read: SessionRead<T>): Promise<(SessionUser & T) | null>;
    /**
     * After a session lookup that answered null: the session's member is suspended (the lookup
     * refused it), or null. Guards then answer ACCOUNT_SUSPENDED rather than 'sign in'.
     */
    suspendedSession(): SuspendedSession | null;
  }
}

/** A repository's session lookup with more columns (see FastifyRequest.sessionUserWith). */
export type SessionRead<T extends object> = (db: Database, token: string) => Promise<(SessionUser & T) | undefined>;

/**
 * What the plugin needs of better-auth (modules/auth): the session cookie's name and the secret
 * that signs it. Named here by shape, so this plugin, which modules use, imports no module.
 */
export interface SessionCookieSource {
  $context: Promise<{ authCookies: { sessionToken: { name: string } }; secret: string }>;
}

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
const suspended = new WeakMap<FastifyRequest, SuspendedSession>();

/** better-auth's session tokens are 32 letters and digits; anything else is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** The value of one cookie from a Cookie header (URL-decoded), or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The session token of a signed session cookie (`token.base64(HMAC-SHA256(token, secret))`,
 * better-call's format), or null when the cookie is missing, malformed or not ours.
 */
export function verifiedSessionToken(cookie: string | undefined, secret: string): string | null {
  if (!cookie) return null;
  const dot = cookie.lastIndexOf('.');
  if (dot < 1) return null;
  const token = cookie.slice(0, dot);
  const signature = cookie.slice(dot + 1);
  if (!TOKEN_PATTERN.test(token)) return null;
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? token : null;
}

/**
 * Who is asking, from the signed session cookie, in ONE indexed query: the session row by
 * its unique token, joined to the user by primary key, refused when the session has expired
 * or the user's email is banned. There is no cached copy of the session, so a session ends
 * the moment its row goes (sign-out, password change, ban) and the user's state (joining a
 * campus, verifying) counts from the very next request.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, { auth, db, clock }: { auth: SessionCookieSource; db: Database; clock: Clock }) => {
    const context = await auth.$context;
    const cookieName = context.authCookies.sessionToken.name;
    const secret = context.secret;

    const tokenOf = (request: FastifyRequest) =>
      verifiedSessionToken(readCookie(request.headers.cookie, cookieName), secret);

    /** One session lookup with the request's token: nothing is asked without a valid cookie. */
    async function lookup<R>(request: FastifyRequest, read: (db: Database, token: string) => Promise<R | undefined>) {
      const token = tokenOf(request);
      if (!token) return null;
      const row = await read(db, token);
      if (!row) return null;
      // Every session lookup reads the member's open suspension with the session (no cache) and
      // refuses the session while its end is ahead on the app clock (decision 039).
      const { suspendedUntil, ...user } = row as R & { id: string; suspendedUntil?: Date | null };
      if (suspendedUntil && suspendedUntil.getTime() > clock.now().getTime()) {
        suspended.set(request, { userId: user.id, until: suspendedUntil });
        return null;
      }
      return user as unknown as R;
    }
    const load = (request: FastifyRequest) => lookup(request, findSessionUser<SessionUser>);
    const loadViewer = (request: FastifyRequest) => lookup(request, findSessionViewer<SessionViewer>);
    app.decorateRequest('sessionUser', function (this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        pending = load(this);
        cache.set(this, pending);
      }
      return pending;
    });
    app.decorateRequest('sessionViewer', function (this: FastifyRequest) {
      const pending = loadViewer(this);
      // The viewer carries every column of the session user: a later sessionUser() of the same
      // request reuses this answer instead of asking again.
      if (!cache.has(this)) cache.set(this, pending);
      return pending;
    });
    app.decorateRequest('suspendedSession', function (this: FastifyRequest) {
      return suspended.get(this) ?? null;
    });
    app.decorateRequest('sessionUserWith', function <T extends object>(this: FastifyRequest, read: SessionRead<T>) {
      const pending = lookup(this, read);
      if (!cache.has(this)) cache.set(this, pending);
      return pending;
    });
  },
  { name: 'session' },
);

/**
 * Guards for routes: each names the state the spec requires (docs/product/community.md#permission-table) and answers with a
 * stable code the web app turns into the login modal, /verify, or the verify-school modal.
 * Each guard is one await of the session; the checks themselves are `signedIn`, `verified` and
 * `schoolVerified`, which a route that read the session with more columns (`sessionUserWith`)
 * applies to that answer directly (every awaited layer is a promise more on a hot read).
 */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  return signedIn(request, await request.sessionUser());
}

export async function requireVerifiedUser(request: FastifyRequest): Promise<SessionUser> {
  return verified(request, await request.sessionUser());
}

export async function requireSchoolVerifiedUser(request: FastifyRequest): Promise<SessionUser> {
  return schoolVerified(request, await request.sessionUser());
}

/** `user`, the session's answer, when someone is signed in: else UNAUTHENTICATED, or ACCOUNT_SUSPENDED. */
function signedIn<U extends SessionUser>(request: FastifyRequest, user: U | null): U {
  if (!user) {
    const suspension = request.suspendedSession();
    if (suspension) throw accountSuspended(suspension.until, request.campus?.slug);
    throw errors.unauthorized(ACCESS_SERVER_MESSAGES.signInRequired, 'UNAUTHENTICATED');
  }
  return user;
}

/** `user` when signed in with a verified email: else as `signedIn`, or EMAIL_NOT_VERIFIED. */
function verified<U extends SessionUser>(request: FastifyRequest, user: U | null): U {
  const signedInUser = signedIn(request, user);
  if (!signedInUser.verified) throw errors.forbidden(ACCESS_SERVER_MESSAGES.emailNotVerified, 'EMAIL_NOT_VERIFIED');
  return signedInUser;
}

/** `user` when verified and school-verified: else as `verified`, or SCHOOL_NOT_VERIFIED. */
export function schoolVerified<U extends SessionUser>(request: FastifyRequest, user: U | null): U {
  const verifiedUser = verified(request, user);
  if (!verifiedUser.schoolVerified)
    throw errors.forbidden(ACCESS_SERVER_MESSAGES.schoolEmailNotVerified, 'SCHOOL_NOT_VERIFIED');
  return verifiedUser;
}

/** 403 ACCOUNT_SUSPENDED: 'Your account is suspended until {date}.' (the web shows the suspension page). */
function accountSuspended(until: Date, campusSlug?: string): AppError {
  return new AppError(
    403,
    'ACCOUNT_SUSPENDED',
    MODERATION_MESSAGES.suspendedRefusal(suspensionEndText(until, campusSlug)),
  );
}
