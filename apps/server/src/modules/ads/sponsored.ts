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
 * Where a page's ads go (docs/product/community.md#feed: 'Every 4th post an ad is inserted, cycling through the
 * active ads'): after every 4th post of the whole scroll, not of the page. `shown` posts are
 * above the page, so the slots fall where `shown + index + 1` is a multiple of 4, and slot k
 * (after post 4k) takes ad (k − 1) mod n: the ads repeat when there are fewer than slots. An
 * ad whose post is right before or after the slot is passed over for the next one in the cycle;
 * when every running ad is such a neighbour the slot stays empty. (A slot after the page's last
 * post cannot see the next page's first post: the client leaves that ad out.)
 */
function placeAds(postIds: readonly string[], shown: number, running: readonly AdRow[]): SponsoredSlot[] {
  if (running.length === 0) return [];
  const slots: SponsoredSlot[] = [];
  for (let index = 0; index < postIds.length; index += 1) {
    const position = shown + index + 1;
    if (position % ADS.insertEvery !== 0) continue;
    const neighbours = new Set([postIds[index], postIds[index + 1]]);
    const first = (position / ADS.insertEvery - 1) % running.length;
    for (let step = 0; step < running.length; step += 1) {
      const ad = running[(first + step) % running.length] as AdRow;
      if (neighbours.has(ad.postId)) continue;
      slots.push({ afterIndex: index, ad });
      break;
    }
  }
  return slots;
}

/**
 * A feed page's sponsored posts (docs/product/community.md#feed, docs/product/boosting.md#sponsored-posts-in-the-feed): the campus's active, unexpired ads
 * (end_time_adjusted ascending, then newest) placed by `placeAds`. Depends on the campus, the
 * page and `shown` only, never on the viewer but for `hiddenOwners`, so a kept page stays
 * viewer-free (decision 025). `running` is the ads the viewer may see, placed or not.
 */
export async function sponsoredSlots(
  db: DbOrTx,
  campusId: string,
  now: Date,
  postIds: readonly string[],
  shown: number,
  /** Owners whose ads this viewer must not see (a block either way hides them like their posts). */
  hiddenOwners: ReadonlySet<string> = new Set(),
): Promise<{ slots: SponsoredSlot[]; running: AdRow[] }> {
  const hasSlot = postIds.some((_, index) => (shown + index + 1) % ADS.insertEvery === 0);
  if (!hasSlot) return { slots: [], running: [] };
  const running = (await activeAdsForFeed(db, campusId, now, FEED_ADS_MAX)).filter(
    (ad) => !hiddenOwners.has(ad.userId),
  );
  return { slots: placeAds(postIds, shown, running), running };
}
