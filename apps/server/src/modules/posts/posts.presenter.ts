import { type Condition, LISTING_TIMES, type Post, type PostMedia, type PostThreadNode } from '@campus/contract';
import { avatarSmallKey, isOwnAvatarKey } from '../media/index.ts';
import type { AuthorRow, CardPost, PostMediaJson } from './posts.repo.ts';

/** A post and its author, as every read of posts has them (a full row or a card's columns). */
export interface PostCardRow {
  post: CardPost;
  author: AuthorRow;
}

export interface PresentContext {
  mediaUrl: (key: string) => string;
  /** Media rows (or the JSON a list page selects with its posts), in order. */
  mediaByPost: Map<string, PostMediaJson[]>;
  liked: Set<string>;
  /** The app clock's now, in ms: a price drop shows its old price for 7 days from it. */
  now: number;
}

function presentMedia(row: PostMediaJson, mediaUrl: (key: string) => string): PostMedia {
  return {
    kind: row.kind,
    url: mediaUrl(row.feedPath),
    fullUrl: mediaUrl(row.path),
    width: row.width,
    height: row.height,
  };
}

/** The author as others see them: never their email, phone or school email. */
function presentAuthor(author: AuthorRow, mediaUrl: (key: string) => string) {
  return {
    id: author.id,
    username: author.username,
    firstName: author.firstName,
    lastName: author.lastName,
    // users.img is a storage key in the author's own folder (the small variant is shown here).
    img: author.img && isOwnAvatarKey(author.id, author.img) ? mediaUrl(avatarSmallKey(author.img)) : null,
    verified: author.verified,
  };
}

export function presentPost({ post, author }: PostCardRow, ctx: PresentContext): Post {
  return {
    id: post.id,
    campusId: post.campusId,
    type: post.type,
    author: presentAuthor(author, ctx.mediaUrl),
    plainText: post.plainText,
    category: post.category,
    priceCents: post.priceCents,
    condition: post.condition as Condition | null,
    status: post.status,
    expired: post.expiredAt !== null,
    editedAt: post.editedAt?.toISOString() ?? null,
    previousPriceCents:
      post.priceDroppedAt && ctx.now - post.priceDroppedAt.getTime() < LISTING_TIMES.priceDropShownMs
        ? post.previousPriceCents
        : null,
    parentId: post.postCommentedOn,
    rootId: post.rootId,
    media: (ctx.mediaByPost.get(post.id) ?? []).map((m) => presentMedia(m, ctx.mediaUrl)),
    likesCount: post.likesCount,
    commentsCount: post.commentsCount,
    likedByViewer: ctx.liked.has(post.id),
    createdAt: post.createdAt.toISOString(),
    lastModified: post.lastModified.toISOString(),
  };
}

/**
 * Builds the reply tree below `rootId` from rows where parents come before their replies
 * (oldest first at every level), without recursion. Replies deeper than `nestDepth` levels
 * are listed flat under their ancestor on the last level, oldest first, each keeping its
 * `parentId`, so the answer never nests deeper than `nestDepth` however long the chain.
 */
export function buildThread(
  rootId: string,
  rows: PostCardRow[],
  ctx: PresentContext,
  nestDepth: number,
): PostThreadNode[] {
  const nodes = new Map<string, { node: PostThreadNode; depth: number; anchor: PostThreadNode }>();
  const top: PostThreadNode[] = [];
  const flattened = new Set<PostThreadNode>();
  for (const row of rows) {
    const node: PostThreadNode = { ...presentPost(row, ctx), replies: [] };
    const parentId = row.post.postCommentedOn;
    if (parentId === rootId) {
      nodes.set(row.post.id, { node, depth: 0, anchor: node });
      top.push(node);
      continue;
    }
    const parent = nodes.get(parentId ?? '');
    if (!parent) continue;
    const depth = parent.depth + 1;
    parent.anchor.replies.push(node);
    if (parent.anchor !== parent.node) flattened.add(parent.anchor);
    nodes.set(row.post.id, { node, depth, anchor: depth < nestDepth - 1 ? node : parent.anchor });
  }
  for (const anchor of flattened) {
    anchor.replies.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }
  return top;
}

/**
 * When the first struck-through old price among `rows` stops showing (ms since the epoch;
 * infinity when none shows). That change comes by the clock alone, not by a write that moves the
 * feed version, so a kept page is valid only until then (decision 025, decision 034).
 */
export function priceDropsEndAt(rows: Array<{ post: Pick<CardPost, 'priceDroppedAt'> }>, now: number): number {
  let first = Number.POSITIVE_INFINITY;
  for (const { post } of rows) {
    if (!post.priceDroppedAt) continue;
    const ends = post.priceDroppedAt.getTime() + LISTING_TIMES.priceDropShownMs;
    if (ends > now && ends < first) first = ends;
  }
  return first;
}
