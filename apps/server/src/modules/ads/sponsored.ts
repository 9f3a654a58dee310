import { ADS } from '@campus/contract';
import type { DbOrTx } from '../../db/client.ts';
import { type AdRow, activeAdsForFeed } from './ads.repo.ts';

/** At most this many running ads are cycled through (a campus rarely has more at once). */
const FEED_ADS_MAX = 50;

export interface SponsoredSlot {
  /** Index of the post of the page after which the ad goes. */
  afterIndex: number;
  ad: AdRow;
}

/**
 * Where a feed page's sponsored posts go (spec 1 §2, spec 3 §4): one after every 4th post,
 * taken in turn from the campus's active, unexpired ads (end_time_adjusted ascending, then
 * newest), starting at `adSlot` — the previous page's `nextAdSlot` — so the cycle carries on
 * across pages. A page never shows the same ad twice: with fewer ads than slots, the last
 * slots stay empty. `running` is the ads the viewer may see, the page's or not.
 */
export async function sponsoredSlots(
  db: DbOrTx,
  campusId: string,
  now: Date,
  postCount: number,
  adSlot: number,
  /** Owners whose ads this viewer must not see (a block either way hides them like their posts). */
  hiddenOwners: ReadonlySet<string> = new Set(),
): Promise<{ slots: SponsoredSlot[]; nextAdSlot: number; running: AdRow[] }> {
  const places = Math.floor(postCount / ADS.insertEvery);
  if (places === 0) return { slots: [], nextAdSlot: adSlot, running: [] };
  const running = (await activeAdsForFeed(db, campusId, now, FEED_ADS_MAX)).filter(
    (ad) => !hiddenOwners.has(ad.userId),
  );
  if (running.length === 0) return { slots: [], nextAdSlot: 0, running };
  const shown = Math.min(places, running.length);
  const slots = Array.from({ length: shown }, (_, i) => ({
    afterIndex: (i + 1) * ADS.insertEvery - 1,
    ad: running[(adSlot + i) % running.length] as AdRow,
  }));
  return { slots, nextAdSlot: (adSlot + shown) % running.length, running };
}
