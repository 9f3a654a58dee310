import type { CampusDefinition } from '@campus/contract';
import { HTTP_ERROR_MESSAGES, MODERATION_MESSAGES, PROFILE_SERVER_MESSAGES } from '@campus/contract';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { errors } from '../../lib/errors.ts';
import { requireSchoolVerifiedUser, type SessionUser } from '../../plugins/session.ts';
import { isModerator, type TargetRow } from './moderation.repo.ts';

/**
 * Who may do what (docs/product/moderation.md, docs/decisions/039-campus-moderators.md). Every
 * check reads the database for this request: nothing is cached, so a revoked moderator or a
 * suspended member is refused from the next request on.
 */
export const moderationPolicy = {
  /** A school-verified member of this campus (suspended sessions were refused by the guard). */
  requireMember(viewer: SessionUser, campus: CampusDefinition): void {
    if (viewer.campusId !== campus.id) throw errors.forbidden(MODERATION_MESSAGES.notAMember, 'NOT_A_MEMBER');
  },

  /**
   * A reporter may report what they can see and did not write: a message only in a chat they are
   * in, never removed content, never their own. Anything else answers as missing.
   */
  requireReportable(target: TargetRow | undefined, viewer: SessionUser): TargetRow {
    if (!target || target.moderation === 'removed') throw targetNotFound();
    if (target.kind === 'message' && !target.chatMembers.includes(viewer.id)) throw targetNotFound();
    if (target.kind === 'user' && target.id === viewer.id) {
      throw errors.badRequest(PROFILE_SERVER_MESSAGES.cannotReportSelf, 'CANNOT_REPORT_SELF');
    }
    if (target.authorId === viewer.id) {
      throw errors.badRequest(MODERATION_MESSAGES.cannotReportOwn, 'CANNOT_REPORT_OWN_CONTENT');
    }
    return target;
  },

  /** Acting on oneself (one's content or account) is refused; a moderator's own reports are handled by another. */
  requireNotSelf(target: TargetRow, moderator: SessionUser): void {
    if (target.authorId === moderator.id) {
      throw errors.badRequest(MODERATION_MESSAGES.cannotModerateSelf, 'CANNOT_MODERATE_SELF');
    }
  },
};

export const targetNotFound = () => errors.notFound(MODERATION_MESSAGES.targetNotFound, 'TARGET_NOT_FOUND');

/**
 * A moderator of THIS campus (the site's): anyone else — a member, a moderator of another campus —
 * gets the 404 a missing page gets (decision 028: missing and not yours answer the same).
 */
export async function requireModerator(request: FastifyRequest, db: DbOrTx): Promise<SessionUser> {
  const viewer = await requireSchoolVerifiedUser(request);
  const campus = request.campus;
  if (viewer.campusId !== campus.id || !(await isModerator(db, viewer.id, campus.id))) {
    throw errors.notFound(HTTP_ERROR_MESSAGES.notFound, 'NOT_FOUND');
  }
  return viewer;
}
