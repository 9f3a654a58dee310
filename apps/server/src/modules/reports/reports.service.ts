import { type CampusDefinition, PROFILE_MESSAGES, PROFILE_SERVER_MESSAGES } from '@campus/contract';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { errors } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { findProfileOnCampus } from '../profiles/index.ts';
import { insertReport } from './reports.repo.ts';

export interface ReportsDeps {
  db: Database;
  clock: Clock;
}

/**
 * 'Report {name}' (docs/product/profiles.md#profile-menu): kept for moderators with reporter, reason and time. Only a
 * member of this campus reports, only a profile of this campus, never oneself. A second
 * report of the same person by the same reporter is not stored again (the first one, with its
 * reason and time, stands) and is answered the same, so reporting twice reveals nothing.
 */
export async function reportUser(
  deps: ReportsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  username: string,
  reason: string | undefined,
): Promise<{ message: string }> {
  if (viewer.campusId !== campus.id) {
    throw errors.forbidden(PROFILE_SERVER_MESSAGES.reportNotAMember, 'NOT_A_MEMBER');
  }
  const target = await findProfileOnCampus(deps.db, viewer, campus, username);
  if (target.id === viewer.id) throw errors.badRequest(PROFILE_SERVER_MESSAGES.cannotReportSelf, 'CANNOT_REPORT_SELF');
  await insertReport(deps.db, {
    id: newId(),
    campusId: campus.id,
    reporterId: viewer.id,
    targetId: target.id,
    reason: reason ? reason : null,
    createdAt: deps.clock.now(),
  });
  return { message: PROFILE_MESSAGES.userReported };
}
