import type { Post } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { type FeedAd, insertAds } from './ads.ts';

const post = (id: string) => ({ id }) as Post;
const posts = (n: number) => Array.from({ length: n }, (_, i) => post(`p${i + 1}`));
const ad = (adId: string): FeedAd => ({ adId, post: post(`ad-post-${adId}`) });

const shape = (items: ReturnType<typeof insertAds>) =>
  items.map((item) => (item.kind === 'post' ? item.post.id : `AD:${item.ad.adId}`));

describe('insertAds', () => {
  it('returns the posts unchanged when there are no ads (the feed today)', () => {
    expect(shape(insertAds(posts(9), []))).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9']);
  });

  it('puts an ad after every 4th post, cycling through the ads', () => {
    expect(shape(insertAds(posts(13), [ad('a'), ad('b')]))).toEqual([
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
    ]);
  });

  it('puts no ad after a short last group, nor into an empty feed', () => {
    expect(shape(insertAds(posts(3), [ad('a')]))).toEqual(['p1', 'p2', 'p3']);
    expect(insertAds([], [ad('a')])).toEqual([]);
  });

  it('gives every item a unique key, even when one ad shows twice', () => {
    const keys = insertAds(posts(16), [ad('a')]).map((item) => item.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
