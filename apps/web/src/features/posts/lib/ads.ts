import type { AdCta, FeedPage, Post } from '@campus/contract';

/** One entry of the feed as drawn: a post, or a sponsored post with its call-to-action. */
export type FeedItem =
  | { kind: 'post'; key: string; post: Post }
  | { kind: 'ad'; key: string; adId: string; post: Post; cta: AdCta };

/**
 * The render list of the feed (docs/product/community.md#feed): each page's posts, with its sponsored posts placed
 * right after the post the server put them behind (after every 4th post of the whole scroll,
 * cycling through the active ads; the server counts the posts above each page). A sponsored
 * post whose anchor is gone (its post was deleted here) is left out, and so is one that would
 * stand right above the same post shown organically — the server cannot see the next page's
 * first post when it fills a slot at the end of a page.
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
  return items.filter((item, index) => item.kind === 'post' || items[index + 1]?.post.id !== item.post.id);
}

/** How many posts the pages before a page show: the feed's `shown` for the next page. */
export function postsShown(pages: readonly Pick<FeedPage, 'posts'>[]): number {
  return pages.reduce((sum, page) => sum + page.posts.length, 0);
}
