import { CONDITION_VALUES, type Condition, type NewPostNotice } from '@campus/contract';

/**
 * The posts others published since this tab opened (docs/product/community.md#live-feed,
 * decision 042): the event stream adds each 'post.created' here, and the feeds' 'new posts' pill
 * counts the ones its list would show and does not show yet. Nothing here changes a list: the
 * reader's place stays until they ask for the new posts.
 */
export interface NewPostArrival extends NewPostNotice {
  /** When it arrived, by this tab's clock. */
  at: number;
}

/** The newest this many are kept: a pill never counts more than a page. */
const KEPT = 50;

let arrivals: readonly NewPostArrival[] = [];
const listeners = new Set<() => void>();

/** The contract's NewPostNotice, checked by hand (Zod stays out of the entry, decision 022). */
export function newPostNoticeOf(payload: Record<string, unknown>): NewPostNotice | undefined {
  const { postId, category, priceCents, condition, hasMedia } = payload;
  if (typeof postId !== 'string' || typeof hasMedia !== 'boolean') return undefined;
  if (category !== null && typeof category !== 'string') return undefined;
  if (priceCents !== null && !Number.isInteger(priceCents)) return undefined;
  if (condition !== null && !CONDITION_VALUES.includes(condition as Condition)) return undefined;
  return {
    postId,
    category: category as string | null,
    priceCents: priceCents as number | null,
    condition: condition as Condition | null,
    hasMedia,
  };
}

export function noteNewPost(notice: NewPostNotice, now = Date.now()): void {
  if (arrivals.some((a) => a.postId === notice.postId)) return;
  arrivals = [...arrivals.slice(1 - KEPT), { ...notice, at: now }];
  for (const listener of listeners) listener();
}

export function subscribeNewPosts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const newPostArrivals = (): readonly NewPostArrival[] => arrivals;

/** Tests start from none. */
export function forgetNewPosts(): void {
  arrivals = [];
  for (const listener of listeners) listener();
}
