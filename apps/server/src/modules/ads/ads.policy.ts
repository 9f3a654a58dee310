import { AD_MESSAGES, type CampusDefinition } from '@campus/contract';
import { errors } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { AdRow, CheckoutRow } from './ads.repo.ts';

/**
 * Who may do what with ads (docs/product/boosting.md#who-manages-ads). Ads and checkout sessions belong to their owner on their
 * campus: anyone else is answered as if the thing did not exist, so ids cannot be probed.
 */
export const adPolicy = {
  /** Boosting, My Ads and payments are for members of this site's campus. */
  assertMember(user: SessionUser, campus: CampusDefinition) {
    if (user.campusId !== campus.id) throw errors.forbidden(AD_MESSAGES.signInAgain, 'NOT_A_MEMBER');
  },
  requireOwnAd(ad: AdRow | undefined, user: SessionUser, campus: CampusDefinition, message: string): AdRow {
    if (!ad || ad.campusId !== campus.id || ad.userId !== user.id) throw errors.notFound(message, 'AD_NOT_FOUND');
    return ad;
  },
  requireOwnCheckout(session: CheckoutRow | undefined, user: SessionUser, campus: CampusDefinition): CheckoutRow {
    if (!session || session.campusId !== campus.id || session.userId !== user.id) {
      throw errors.notFound(AD_MESSAGES.signInAgain, 'CHECKOUT_NOT_FOUND');
    }
    return session;
  },
};
