import { ACCESS_SERVER_MESSAGES, type CampusDefinition } from '@campus/contract';
import type { FastifyRequest } from 'fastify';
import { errors } from '../../lib/errors.ts';
import { requireSchoolVerifiedUser, type SessionUser } from '../../plugins/session.ts';

export const searchPolicy = {
  /**
   * Who may search a campus (docs/product/search.md#who-may-search): on a public campus visitors too (null); on a
   * private one a visitor gets 401 UNAUTHENTICATED, which opens the login modal for 'search'.
   * Signed-in people must be email- and school-verified wherever they search (docs/product/accounts.md#redirects:
   * redirect rules: 403 EMAIL_NOT_VERIFIED / SCHOOL_NOT_VERIFIED). A member of another campus
   * visiting this site searches it as a guest, as they can read its feed; hits are always this
   * campus's.
   */
  async viewer(request: Pick<FastifyRequest, 'sessionUser'>, campus: CampusDefinition): Promise<SessionUser | null> {
    const user = await request.sessionUser();
    if (!user) {
      if (campus.privacy === 'public') return null;
      throw errors.unauthorized(ACCESS_SERVER_MESSAGES.signInRequired, 'UNAUTHENTICATED');
    }
    return requireSchoolVerifiedUser(request as FastifyRequest);
  },
};
