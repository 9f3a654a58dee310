import type { BoostStarted, Post } from '@campus/contract';
import type { TestBrowser } from './auth.ts';
import { createPostAs } from './posts.ts';

export const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
export const DECLINED_CARD = { cardNumber: '4000 0000 0000 0002', expiry: '12/40', cvc: '123' };
export const WEBSITE_BOOST = { goal: 'website', url: 'https://www.example.com', label: 'Shop Now', days: 3 };

export async function newPost(owner: TestBrowser, text = 'Desk lamp, barely used'): Promise<Post> {
  const res = await createPostAs(owner, { plainText: text, priceCents: 1500 });
  if (res.statusCode !== 201) throw new Error(`post failed: ${res.body}`);
  return res.json() as Post;
}

export async function startBoost(owner: TestBrowser, postId: string, body: Record<string, unknown> = WEBSITE_BOOST) {
  const res = await owner.post(`/api/posts/${postId}/boost`, body);
  if (res.statusCode !== 201) throw new Error(`boost failed: ${res.statusCode} ${res.body}`);
  return res.json() as BoostStarted;
}

/** Boosts a post and pays on the local test checkout: the ad is then active. */
export async function activeAd(owner: TestBrowser, postId: string, body: Record<string, unknown> = WEBSITE_BOOST) {
  const started = await startBoost(owner, postId, body);
  const paid = await owner.post(`/api/test-checkout/${started.sessionId}`, GOOD_CARD);
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.statusCode} ${paid.body}`);
  return started;
}
