import type { Database } from '../db/client.ts';
import { runAdClock } from '../modules/ads/index.ts';

/**
 * The ad clock (docs/decisions/018-boosting-and-payments.md): every minute running ads accrue spend at $5 a day of running
 * time (last_charged_at, total_spent) and those whose adjusted end has passed complete. The
 * time comes from the injected clock; local test checkouts left open 24 h expire (their unpaid
 * ads go), as Stripe's sessions do; the updates only touch rows still 'active', so a job run
 * twice (retry, two instances) completes an ad once.
 */
export async function tickAdClock(db: Database, now: Date) {
  const result = await runAdClock({ db }, now);
  return { completed: result.completed.length, charged: result.charged, abandoned: result.abandoned };
}
