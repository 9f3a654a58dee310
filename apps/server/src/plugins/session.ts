import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { bannedEmails, sessions, users } from '../db/schema/index.ts';
import { errors } from '../lib/errors.ts';
import type { Auth } from '../modules/auth/auth.ts';

export interface SessionUser {
  id: string;
  email: string;
  verified: boolean;
  schoolVerified: boolean;
  campusId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of this request, or null; read once per request. */
    sessionUser(): Promise<SessionUser | null>;
  }
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

    // A prepared statement: built once, planned once per connection (issue 13).
    const sessionUserByToken = db
      .select({
        id: users.id,
        email: users.email,
        verified: users.verified,
        schoolVerified: users.schoolVerified,
        campusId: users.campusId,
      })
      .from(sessions)
      .innerJoin(users, sql`${users.id} = ${sessions.userId}`)
      .where(
        sql`${sessions.token} = ${sql.placeholder('token')} AND ${sessions.expiresAt} > now()
          AND NOT EXISTS (SELECT 1 FROM ${bannedEmails} WHERE ${bannedEmails.email} = ${users.email})`,
      )
      .prepare('session_user');

    async function load(request: FastifyRequest): Promise<SessionUser | null> {
      const token = verifiedSessionToken(readCookie(request.headers.cookie, cookieName), secret);
      if (!token) return null;
      const [user] = await sessionUserByToken.execute({ token });
      return user ?? null;
    }
    app.decorateRequest('sessionUser', function (this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        pending = load(this);
        cache.set(this, pending);
      }
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
