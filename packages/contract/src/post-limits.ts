/**
 * The numbers of posts (price, text, thread and file limits) and the 'Liked by' texts: constants only, without Zod, so
 * the web app's entry can use them (decision 022). posts.ts re-exports them.
 */
import { LIMITS } from './constants.ts';

/** Largest price a post may ask: $1,000,000 (in cents). */
export const MAX_PRICE_CENTS = 100_000_000;

/**
 * Bounds on the editor's serialized state (`text`), which nobody reads as typed: its nesting
 * (Lexical's posts need under 10 levels) and its size relative to the 500-character rule —
 * even every character in its own formatted text node is ~150 characters of JSON each.
 */
export const POST_TEXT_LIMITS = {
  jsonMaxDepth: 32,
  jsonMaxChars: LIMITS.postTextMax * 200,
  /** `plainText` in UTF-16 units: 500 code points of emoji, with room for block breaks. */
  plainTextMaxUnits: 5000,
} as const;

/**
 * How much of a thread one post page carries (docs/security.md#hostile-input). Comments nest up to
 * `nestDepth` levels; deeper replies are listed flat, oldest first, under their ancestor on
 * the last level, each with its `parentId`. At most `maxComments` are sent, the shallowest
 * first; the rest are read by opening a comment further down (its own page).
 */
export const THREAD_LIMITS = {
  nestDepth: 8,
  maxComments: 200,
  /** Ancestors above a reply: the top-level post and the nearest ones below it. */
  maxAncestors: 8,
} as const;

/** Files a post may carry, decided from their bytes (docs/product/community.md#post-files). */
export const POST_FILE_LIMITS = {
  maxFiles: 10,
  imageBytes: 25 * 1024 * 1024,
  videoBytes: 200 * 1024 * 1024,
  totalBytes: 400 * 1024 * 1024,
} as const;

/** The list of who saved a post (/post/{id}/liked_by) and the post page's count linking to it. */
export const LIKED_BY_TEXTS = {
  title: 'Liked by',
  emptyTitle: 'No saves yet',
  emptyBody: 'When someone saves this post, they show up here.',
  /** The save count on the post page, a link to the list: '1 Save', '12 Saves'. */
  count: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'Save' : 'Saves'}`,
} as const;
