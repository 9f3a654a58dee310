import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { errors } from '../lib/errors.ts';
import { toWebRequest } from '../modules/auth/auth.routes.ts';
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

/**
 * The session (from its signed cookie, usually without a database trip: better-auth's cookie
 * cache) says who is asking; the user's current state is read fresh by primary key, so a
 * change such as joining a campus counts from the very next request.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, { auth, db }: { auth: Auth; db: Database }) => {
    async function load(request: FastifyRequest): Promise<SessionUser | null> {
      const session = await auth.api.getSession({ headers: toWebRequest(request).headers });
      if (!session) return null;
      const [user] = await db
        .select({
          id: users.id,
          email: users.email,
          verified: users.verified,
          schoolVerified: users.schoolVerified,
          campusId: users.campusId,
        })
        .from(users)
        .where(eq(users.id, session.user.id));
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
