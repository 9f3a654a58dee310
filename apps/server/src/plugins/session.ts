import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { errors } from '../lib/errors.ts';
import type { Auth } from '../modules/auth/auth.ts';

export interface SessionUser {
  id: string;
  email: string;
  verified: boolean;
  schoolVerified: boolean;
  campusId: string | null;
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
     * a round trip): `columns` are select-list expressions over the user `u`, with `values` as
     * `$2`, `$3`…; `name` names the statement (one text per name). The extra columns come back
     * only when the session is valid; a later sessionUser() of the request reuses the answer.
     */
    sessionUserWith<T extends object>(rider: SessionRider): Promise<(SessionUser & T) | null>;
  }
}

/** Extra columns read with the session (see FastifyRequest.sessionUserWith). */
export interface SessionRider {
  name: string;
  columns: string;
  values: unknown[];
}

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

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
 * The session row by its unique token, joined to the user by primary key, refused when the
 * session has expired or the user's email is banned. Run by name on the pool (`pg` parses a
 * named statement once per connection) and mapped by column aliases: no SQL is built per request.
 */
const SESSION_WHERE = `FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token = $1 AND s.expires_at > now()
    AND NOT EXISTS (SELECT 1 FROM banned_emails b WHERE b.email = u.email)`;
const SESSION_USER_COLUMNS = `u.id, u.email::text AS email, u.verified, u.school_verified AS "schoolVerified",
  u.campus_id AS "campusId"`;
const SESSION_USER_SQL = `SELECT ${SESSION_USER_COLUMNS} ${SESSION_WHERE}`;
const SESSION_VIEWER_SQL = `SELECT ${SESSION_USER_COLUMNS}, u.first_name AS "firstName", u.last_name AS "lastName",
  u.username::text AS username, u.img, u.bio, u.school_email::text AS "schoolEmail", u.profile_set_up AS "profileSetUp",
  u.created_at AS "createdAt" ${SESSION_WHERE}`;

/** The session lookup's text with a rider's columns (`$1` is the token). */
export const sessionRiderText = (rider: SessionRider) =>
  `SELECT ${SESSION_USER_COLUMNS}, ${rider.columns} ${SESSION_WHERE}`;

/**
 * Who is asking, from the signed session cookie, in ONE indexed query: the session row by
 * its unique token, joined to the user by primary key, refused when the session has expired
 * or the user's email is banned. There is no cached copy of the session, so a session ends
 * the moment its row goes (sign-out, password change, ban) and the user's state (joining a
 * campus, verifying) counts from the very next request.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, { auth, db }: { auth: Auth; db: Database }) => {
    const context = await auth.$context;
    const cookieName = context.authCookies.sessionToken.name;
    const secret = context.secret;

    const tokenOf = (request: FastifyRequest) =>
      verifiedSessionToken(readCookie(request.headers.cookie, cookieName), secret);

    /** One session statement by name, `$1` being the token: nothing is asked without a valid cookie. */
    async function lookup<R>(request: FastifyRequest, name: string, text: string, values: unknown[] = []) {
      const token = tokenOf(request);
      if (!token) return null;
      const { rows } = await db.$client.query<R & object>({ name, text, values: [token, ...values] });
      return rows[0] ?? null;
    }
    const load = (request: FastifyRequest) => lookup<SessionUser>(request, 'session_user', SESSION_USER_SQL);
    const loadViewer = (request: FastifyRequest) =>
      lookup<SessionViewer>(request, 'session_viewer', SESSION_VIEWER_SQL);
    const loadWith = <T extends object>(request: FastifyRequest, rider: SessionRider) =>
      lookup<SessionUser & T>(request, `session_with_${rider.name}`, sessionRiderText(rider), rider.values);
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
    app.decorateRequest('sessionUserWith', function <T extends object>(this: FastifyRequest, rider: SessionRider) {
      const pending = loadWith<T>(this, rider);
      if (!cache.has(this)) cache.set(this, pending);
      return pending;
    });
  },
  { name: 'session' },
);

/**
 * Guards for routes: each names the state the spec requires (spec 1 §6) and answers with a
 * stable code the web app turns into the login modal, /verify, or the verify-school modal.
 */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.sessionUser();
  if (!user) throw errors.unauthorized('You need to log in first.', 'UNAUTHENTICATED');
  return user;
}

export async function requireVerifiedUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.verified) throw errors.forbidden('Verify your email first.', 'EMAIL_NOT_VERIFIED');
  return user;
}

export async function requireSchoolVerifiedUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireVerifiedUser(request);
  if (!user.schoolVerified) throw errors.forbidden('Verify your school email first.', 'SCHOOL_NOT_VERIFIED');
  return user;
}
