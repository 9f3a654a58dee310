import type { Database } from '../db/client.ts';
import { runStaleListings, type StaleListingsResult } from '../modules/posts/index.ts';

/**
 * The stale-listings job (docs/product/selling.md#listings-that-go-stale, decision 034): hourly, on
 * the injected clock, sellers of listings unchanged for 30 days are asked 'Is {title} still
 * available?', and listings asked 14 days ago and not renewed expire. Idempotent: each step takes
 * only rows still due, under SKIP LOCKED, so a retry or a second instance does nothing twice.
 */
export function sweepStaleListings(db: Database, now: Date): Promise<StaleListingsResult> {
  return runStaleListings({ db }, now);
}
