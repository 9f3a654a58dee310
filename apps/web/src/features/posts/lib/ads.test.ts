import type { FeedPage, Post } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { feedItems, postsShown } from './ads.ts';

const post = (id: string) => ({ id }) as Post;
const posts = (from: number, n: number) => Array.from({ length: n }, (_, i) => post(`p${from + i}`));
const ad = (adId: string, afterIndex: number): FeedPage['sponsored'][number] => ({
  afterIndex,
  adId,
  isSponsored: true,
  cta: { type: 'website', url: 'https://www.example.com', label: 'Shop Now' },
  post: post(`ad-post-${adId}`),
});

const shape = (items: ReturnType<typeof feedItems>) =>
  items.map((item) => (item.kind === 'post' ? item.post.id : `AD:${item.adId}`));

describe('feedItems', () => {
  it('returns the posts unchanged when there are no ads', () => {
    expect(shape(feedItems([{ posts: posts(1, 5), sponsored: [] }]))).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
  });

  it('puts each sponsored post right after its post, page by page', () => {
    const pages = [
      { posts: posts(1, 9), sponsored: [ad('a', 3), ad('b', 7)] },
      { posts: posts(10, 5), sponsored: [ad('a', 2)] },
    ];
    expect(shape(feedItems(pages))).toEqual([
      'p1',
      'p2',
      'p3',
      'p4',
      'AD:a',
      'p5',
      'p6',
      'p7',
      'p8',
      'AD:b',
      'p9',
      'p10',
      'p11',
      'p12',
      'AD:a',
      'p13',
      'p14',
    ]);
  });

  it('gives the same ad on two pages different keys, and drops an ad whose post is gone', () => {
    const items = feedItems([
      { posts: posts(1, 4), sponsored: [ad('a', 3)] },
      { posts: posts(5, 4), sponsored: [ad('a', 3), ad('b', 9)] },
    ]);
    const keys = items.map((item) => item.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(shape(items).filter((id) => id.startsWith('AD:'))).toEqual(['AD:a', 'AD:a']);
  });
});

describe('ads across the whole scroll', () => {
  it('leaves out an ad that would stand right above the same post (the next page begins with it)', () => {
    const own = { ...ad('a', 3), post: post('p5') };
    const items = feedItems([
      { posts: posts(1, 4), sponsored: [own] },
      { posts: posts(5, 4), sponsored: [ad('a', 3)] },
    ]);
    expect(shape(items)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'AD:a']);
  });

  it('counts the posts of the pages before the next one', () => {
    expect(postsShown([])).toBe(0);
    expect(postsShown([{ posts: posts(1, 25) }, { posts: posts(26, 15) }])).toBe(40);
  });
});
