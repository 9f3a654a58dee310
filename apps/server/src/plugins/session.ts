import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
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

export const sessionPlugin = fp(
  async (app: FastifyInstance, { auth }: { auth: Auth }) => {
    app.decorateRequest('sessionUser', function (this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        pending = auth.api.getSession({ headers: toWebRequest(this).headers }).then((session) => {
          if (!session) return null;
          const user = session.user as typeof session.user & { schoolVerified?: boolean; campusId?: string | null };
          return {
            id: user.id,
            email: user.email,
            verified: user.emailVerified,
            schoolVerified: user.schoolVerified ?? false,
            campusId: user.campusId ?? null,
          };
        });
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
