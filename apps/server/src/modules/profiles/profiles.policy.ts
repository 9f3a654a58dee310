import { type CampusDefinition, PROFILE_MESSAGES } from '@campus/contract';
import { errors } from '../../lib/errors.ts';
import type { ProfileRow } from './profiles.repo.ts';

/**
 * Who sees which profile (spec 2 §6, issue 10 item 5). Profiles belong to a campus: on a
 * campus's site only its school-verified members have a profile page; anyone else — a member
 * of another campus, an account that joined no campus, a missing name — is 'This page
 * doesn’t exist.', so a username of another campus cannot even be confirmed here.
 */
export const profilePolicy = {
  requireOnCampus<T extends ProfileRow>(found: T | undefined, campus: CampusDefinition): T {
    if (!found || found.campusId !== campus.id || !found.schoolVerified) {
      throw errors.notFound(PROFILE_MESSAGES.notFound, 'USER_NOT_FOUND');
    }
    return found;
  },
};
