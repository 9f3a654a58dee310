import type { CampusDefinition, PaymentsSummary } from '@campus/contract';
import type { SessionUser } from '../../plugins/session.ts';
import { adPolicy } from './ads.policy.ts';
import { presentActivity } from './ads.presenter.ts';
import * as repo from './ads.repo.ts';
import { ACTIVITY_MAX, type AdsDeps } from './ads.service.ts';

/** Settings > Payments: the owner's available funds and the activity of their ads. */
export async function paymentsSummary(
  deps: AdsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
): Promise<PaymentsSummary> {
  adPolicy.assertMember(viewer, campus);
  const [funds, rows] = await Promise.all([
    repo.availableFunds(deps.db, viewer.id, campus.id),
    repo.listOwnAds(deps.db, { userId: viewer.id, campusId: campus.id, limit: ACTIVITY_MAX }),
  ]);
  return { availableFundsCents: funds, activity: rows.map((r) => presentActivity(r.ad, deps.clock.now())) };
}
