import { CAMPUS_IDS, type CampusDefinition, PROFILE_MESSAGES, PROFILE_SERVER_MESSAGES } from '@campus/contract';
import { errors } from '../../lib/errors.ts';
import type { ProfileRow } from './profiles.repo.ts';

/**
 * Who sees which profile (docs/product/profiles.md#who-sees-a-profile, docs/decisions/016-profiles-and-account-settings.md). Profiles belong to a campus: on a
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

  /**
   * Someone who blocked the viewer is, to the viewer, a missing user (a block stops everything
   * between the two, and reveals nothing). The blocker still gets the header of the person they
   * blocked, with empty lists, so its menu can unblock them.
   */
  requireNotBlockedByOwner<T extends { blocked: boolean; blockedByViewer: boolean }>(found: T): T {
    if (found.blocked && !found.blockedByViewer) throw errors.notFound(PROFILE_MESSAGES.notFound, 'USER_NOT_FOUND');
    return found;
  },

  /**
   * 'Claim this account' (docs/product/profiles.md#profile-menu): only an account whose email was never verified — one the
   * campus holds for a seller who has not signed in yet — and only where the campus offers
   * sign-in by emailed link, which is how the claim reaches the owner.
   */
  requireClaimable(found: ProfileRow, campus: CampusDefinition): void {
    if (found.verified) throw errors.conflict(PROFILE_SERVER_MESSAGES.alreadyClaimed, 'ACCOUNT_ALREADY_CLAIMED');
    // Emailed sign-in links are OU's alone (auth.ts, campus.presenter.ts).
    if (campus.id !== CAMPUS_IDS.ou) {
      throw errors.forbidden(PROFILE_SERVER_MESSAGES.claimNotOnThisCampus, 'NOT_ON_THIS_CAMPUS');
    }
  },
};
