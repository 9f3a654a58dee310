import type { Page } from '@playwright/test';

/** A card of the feed: a post (its author; '' for a 'has joined' card) or a sponsored post. */
export interface FeedCard {
  sponsored: boolean;
  author: string;
  /** The post the card shows, from its time link (/post/{id}); '' for a 'has joined' card. */
  postId: string;
}

/** The cards of the feed in order, from their accessible names ('Post by …', 'Sponsored post by …'). */
export async function feedCards(page: Page): Promise<FeedCard[]> {
  const cards = await page
    .getByRole('region', { name: 'Feed' })
    .getByRole('article')
    .evaluateAll((articles) =>
      articles.map((card) => ({
        label: card.getAttribute('aria-label') ?? '',
        href: card.querySelector('a[href^="/post/"]')?.getAttribute('href') ?? '',
      })),
    );
  return cards.map(({ label, href }) => {
    const sponsored = label.startsWith('Sponsored post by ');
    return {
      sponsored,
      author: label.replace(/^(Sponsored post|Post) by /, ''),
      postId: href.match(/^\/post\/([^/?#]+)/)?.[1] ?? '',
    };
  });
}

/**
 * The sponsored cards standing right next to the same post shown organically (the card just
 * above or just below them), by their post ids: the feed never does that.
 */
export function adsBesideTheirOwnPost(cards: FeedCard[]): string[] {
  return cards.flatMap((card, index) => {
    if (!card.sponsored) return [];
    const neighbours = [cards[index - 1], cards[index + 1]].filter((c) => c && !c.sponsored);
    return neighbours.some((c) => c?.postId === card.postId) ? [card.postId] : [];
  });
}

/** After which post of the scroll (1-based) each sponsored card stands. */
export function sponsoredPositions(cards: FeedCard[]): number[] {
  let posts = 0;
  const positions: number[] = [];
  for (const card of cards) {
    if (card.sponsored) positions.push(posts);
    else posts += 1;
  }
  return positions;
}

/**
 * The slots (after every 4th post) with no sponsored post, other than those the rule 'never
 * right next to the same post shown organically' may empty: next to a post of someone whose ad
 * runs (other tests may boost at the same time, so their posts can stand next to a slot).
 */
export function unexplainedEmptySlots(cards: FeedCard[]): number[] {
  const organic = cards.filter((card) => !card.sponsored);
  const advertisers = new Set(cards.filter((card) => card.sponsored).map((card) => card.author));
  const filled = new Set(sponsoredPositions(cards));
  const empty: number[] = [];
  for (let slot = 4; slot <= organic.length; slot += 4) {
    if (filled.has(slot)) continue;
    const neighbours = [organic[slot - 1], organic[slot]].map((card) => card?.author ?? '');
    if (!neighbours.some((author) => advertisers.has(author))) empty.push(slot);
  }
  return empty;
}
