import type { AdCta, FeedPage, Post } from '@campus/contract';

/** One entry of the feed as drawn: a post, or a sponsored post with its call-to-action. */
export type FeedItem =
  | { kind: 'post'; key: string; post: Post }
  | { kind: 'ad'; key: string; adId: string; post: Post; cta: AdCta };

/**
 * The render list of the feed (spec 1 §2): each page's posts, with its sponsored posts placed
 * right after the post the server put them behind (one after every 4th post, cycling through
 * the active ads). A sponsored post whose anchor is gone (its post was deleted here) is left out.
 * Ad keys carry their page and place, so an ad shown on two pages still has unique React keys.
 */
export function feedItems(pages: readonly Pick<FeedPage, 'posts' | 'sponsored'>[]): FeedItem[] {
  const items: FeedItem[] = [];
  pages.forEach((page, pageIndex) => {
    const after = new Map<number, FeedPage['sponsored']>();
    for (const ad of page.sponsored) after.set(ad.afterIndex, [...(after.get(ad.afterIndex) ?? []), ad]);
    page.posts.forEach((post, index) => {
      items.push({ kind: 'post', key: post.id, post });
      for (const ad of after.get(index) ?? []) {
        items.push({
          kind: 'ad',
          key: `ad-${pageIndex}-${index}-${ad.adId}`,
          adId: ad.adId,
          post: ad.post,
          cta: ad.cta,
        });
      }
    });
  });
  return items;
}
