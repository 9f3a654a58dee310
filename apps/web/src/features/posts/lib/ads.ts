import { ADS, type Post } from '@campus/contract';

/**
 * A sponsored post as the feed places it. Boosting (spec 3) fills these in; until then the
 * feed has none and renders posts only.
 */
export interface FeedAd {
  adId: string;
  post: Post;
}

export type FeedItem = { kind: 'post'; key: string; post: Post } | { kind: 'ad'; key: string; ad: FeedAd };

/**
 * The render list of the feed (spec 1 §2): after every `every`th post one ad, cycling through
 * the active ads. No ads gives the posts unchanged. Ad keys carry their slot, so the same ad
 * shown twice still has unique React keys.
 */
export function insertAds(posts: readonly Post[], ads: readonly FeedAd[], every: number = ADS.insertEvery): FeedItem[] {
  const items: FeedItem[] = [];
  let slot = 0;
  posts.forEach((post, index) => {
    items.push({ kind: 'post', key: post.id, post });
    if (ads.length > 0 && every > 0 && (index + 1) % every === 0) {
      const ad = ads[slot % ads.length] as FeedAd;
      items.push({ kind: 'ad', key: `ad-${slot}-${ad.adId}`, ad });
      slot += 1;
    }
  });
  return items;
}
