/**
 * The live feed (docs/product/community.md#live-feed, decision 042): campus-wide messages on the
 * event stream that tell an open feed that posts arrived, and an open post page that its counts
 * moved. Constants only, without Zod, so the web app's entry can use them; the pill's texts and
 * its filter check are in live-feed-pill.ts, which only the feeds' own chunks load.
 */
import type { Condition } from './listings.ts';

export const LIVE_FEED_EVENT_TYPES = {
  /**
   * A member posted a top-level post. Payload: NewPostNotice (what the feed's own filters need to
   * decide whether it counts; never its text, photos or author). The stream never hands it to
   * the author's own tabs, nor to anyone blocked either way with the author.
   */
  postCreated: 'post.created',
  /** A post's saves or comments changed. Payload: { postIds } (the post and the posts whose pages show it). */
  postCounts: 'post.counts',
} as const;

/** The payload of 'post.created'. */
export interface NewPostNotice {
  postId: string;
  category: string | null;
  priceCents: number | null;
  condition: Condition | null;
  hasMedia: boolean;
}

/** At most this many post ids in a 'post.counts' (the nearest posts above a deep comment, and its top-level post). */
export const POST_COUNTS_MAX_IDS = 20;
