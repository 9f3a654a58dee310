import {
  type CampusDefinition,
  countListingFilters,
  FEED_FIRST_PAGE_CAMPUSES,
  type FeedPage,
  LISTING_EVENT_TYPES,
  type ListingFilters,
  PAGE_SIZES,
  POST_MESSAGES,
  POST_SERVER_MESSAGES,
  type Post,
  type PostList,
  type PostPage,
  THREAD_LIMITS,
} from '@campus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor } from '../../lib/cursor.ts';
import { errors } from '../../lib/errors.ts';
import { publishEvent } from '../../lib/events.ts';
import { newId } from '../../lib/ids.ts';
import { pageOf } from '../../lib/page.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { isBlockedEitherWay } from '../blocks/index.ts';
import { mediaKeys, type StoredPostMedia, storePostFile } from '../media/index.ts';
import { notify } from '../notifications/index.ts';
import { findUser } from '../users/index.ts';
import type { FeedAds } from './feed-ads.ts';
import { type FeedPages, type FeedViewer, keptOrLoaded, type LoadedPage } from './feed-pages.ts';
import { decodeListingCursor, filtersKey, nextListingCursor } from './listing-filters.ts';
import { announceCounts, announceNewPost } from './live-feed.ts';
import { postPolicy } from './posts.policy.ts';
import { buildThread, type PresentContext, presentPost, priceDropsEndAt } from './posts.presenter.ts';
import {
  addToTotalPosts,
  ancestorIds,
  authorOf,
  blockedAlongChain,
  countWrittenBy,
  deletePostRow,
  findPost,
  insertMedia,
  insertPost,
  type ListedPost,
  listedByIds,
  listSavedPage,
  listTopLevel,
  loadPostPage,
  moderatedAlongChain,
  type PostWithAuthor,
  subtractComments,
  subtreeIds,
  toggleSave,
  touchThread,
} from './posts.repo.ts';
import type { PostUpload } from './uploads.ts';

/** Stands in a post page's hidden set when the page holds moderated content, whoever read it (never kept). */
const MODERATED_PAGE = '#moderated';

export interface PostsDeps {
  db: Database;
  storage: StorageDriver;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** The feeds and post pages also keep pages in the process (decision 025). */
export interface FeedDeps extends PostsDeps {
  feedPages: FeedPages;
  /** Apart from the feeds' pages: a post page can carry 200 comments. */
  postPages: FeedPages;
  /** The home feed's sponsored posts and a deletion's refunds (the ads module, handed in by the app). */
  ads: FeedAds;
}

/** The presenter's context from rows that carry their media and the viewer's save. */
export function listContext(deps: Pick<PostsDeps, 'storage' | 'clock'>, rows: ListedPost[]): PresentContext {
  return {
    now: deps.clock.now().getTime(),
    mediaByPost: new Map(rows.map((r) => [r.post.id, r.media])),
    liked: new Set(rows.filter((r) => r.liked).map((r) => r.post.id)),
    mediaUrl: (key) => deps.storage.url(key),
  };
}

/** A page of cards from rows that carry their media and the viewer's save (no further queries). */
function presentList(deps: PostsDeps, rows: ListedPost[], limit: number): PostList {
  const ctx = listContext(deps, rows);
  const page = pageOf(rows, limit, (r) => ({ at: r.post.lastModified, id: r.post.id }));
  return { posts: rows.map((r) => presentPost(r, ctx)), nextCursor: page.nextCursor };
}

/** Feed pages (docs/product/community.md#feed-pagination): 15 posts, the first page 25 on the campuses that ask for it. */
function feedPageSize(campus: CampusDefinition, first: boolean): number {
  return first && FEED_FIRST_PAGE_CAMPUSES.includes(campus.id) ? PAGE_SIZES.feedFirst : PAGE_SIZES.feed;
}

/** A feed request: its page, its category, and its filters and sort (docs/product/selling.md#filters-and-sorting). */
export type FeedQuery = { cursor?: string; category?: string; mediaOnly?: boolean; filters: ListingFilters };

/** A feed page and the authors hidden from the viewer (for its sponsored posts). */
async function loadFeedPage(
  deps: PostsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  query: FeedQuery,
): Promise<LoadedPage<PostList>> {
  const after = decodeListingCursor(query.filters, query.cursor);
  const limit = feedPageSize(campus, !after);
  const { rows, hidden } = await listTopLevel(deps.db, {
    viewerId: viewer.id,
    campusId: campus.id,
    category: feedCategory(query),
    mediaOnly: query.mediaOnly,
    filters: query.filters,
    after,
    limit,
  });
  const ctx = listContext(deps, rows);
  const nextCursor = nextListingCursor(
    query.filters,
    rows.map((r) => r.post),
    limit,
  );
  // A kept page ends when the first struck-through price it shows does (decision 034).
  const validUntil = priceDropsEndAt(rows, deps.clock.now().getTime());
  return { page: { posts: rows.map((r) => presentPost(r, ctx)), nextCursor }, hidden, validUntil };
}

const feedCategory = (query: FeedQuery) => (query.category && query.category !== 'all' ? query.category : undefined);

/** The key of a kept page: the feed, campus, category, filters and sort, and where the page starts. */
const feedKey = (campus: CampusDefinition, query: FeedQuery & { shown?: number }, feed: string) =>
  JSON.stringify([
    feed,
    campus.id,
    feedCategory(query) ?? null,
    filtersKey(query.filters),
    query.cursor ?? null,
    query.shown ?? 0,
  ]);

export async function listFeed(
  deps: FeedDeps,
  viewerOf: FeedViewer,
  campus: CampusDefinition,
  query: FeedQuery,
): Promise<PostList> {
  const key = feedKey(campus, query, query.mediaOnly ? 'media' : 'posts');
  return keptOrLoaded(deps.feedPages, deps.clock, viewerOf, key, (viewer) => loadFeedPage(deps, viewer, campus, query));
}

/**
 * The home feed with its sponsored posts (docs/product/community.md#feed): one after every 4th post of the whole
 * scroll, cycling through the campus's active ads (`shown` = the posts above this page). A
 * filtered or price-sorted feed carries none (decision 036): a sponsored card that does not match
 * the filters would read as the filters failing.
 */
export async function listHomeFeed(
  deps: FeedDeps,
  viewerOf: FeedViewer,
  campus: CampusDefinition,
  query: FeedQuery & { shown?: number },
): Promise<FeedPage> {
  const key = feedKey(campus, query, 'home');
  return keptOrLoaded(deps.feedPages, deps.clock, viewerOf, key, (viewer) => loadHomeFeed(deps, viewer, campus, query));
}

async function loadHomeFeed(
  deps: FeedDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  query: FeedQuery & { shown?: number },
): Promise<LoadedPage<FeedPage>> {
  const {
    page,
    hidden,
    validUntil: dropsEnd = Number.POSITIVE_INFINITY,
  } = await loadFeedPage(deps, viewer, campus, query);
  if (countListingFilters(query.filters) > 0) return { page: { ...page, sponsored: [] }, hidden, validUntil: dropsEnd };
  const { slots, running } = await deps.ads.sponsoredSlots(
    deps.db,
    campus.id,
    deps.clock.now(),
    page.posts.map((post) => post.id),
    query.shown ?? 0,
    hidden,
  );
  const alsoShown = running.map((ad) => ad.userId);
  const validUntil = Math.min(
    dropsEnd,
    ...running.map((ad) => ad.endTimeAdjusted?.getTime() ?? Number.POSITIVE_INFINITY),
  );
  if (slots.length === 0) return { page: { ...page, sponsored: [] }, hidden, alsoShown, validUntil };
  // With fewer ads than slots an ad fills several slots: each post is read once.
  const rows = await listedByIds(deps.db, viewer.id, [...new Set(slots.map((s) => s.ad.postId))]);
  const ctx = listContext(deps, rows);
  const pageValidUntil = Math.min(validUntil, priceDropsEndAt(rows, ctx.now));
  const byId = new Map(rows.map((r) => [r.post.id, r]));
  const sponsored = slots.flatMap(({ afterIndex, ad }) => {
    const row = byId.get(ad.postId);
    if (!row) return [];
    const cta = { type: ad.ctaType, url: ad.ctaUrl, label: ad.ctaLabel };
    return [{ afterIndex, adId: ad.id, isSponsored: true as const, cta, post: presentPost(row, ctx) }];
  });
  return { page: { ...page, sponsored }, hidden, alsoShown, validUntil: pageValidUntil };
}

export async function listSaved(
  deps: PostsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  query: { cursor?: string },
): Promise<PostList> {
  const limit = PAGE_SIZES.liked;
  const rows = await listSavedPage(deps.db, {
    userId: viewer.id,
    campusId: campus.id,
    cursor: decodeCursor(query.cursor),
    limit,
  });
  return presentList(deps, rows, limit);
}

/**
 * A post with the chain above it (for replies) and the comments below it, bounded
 * (THREAD_LIMITS): nesting flattens past `nestDepth`, at most `maxComments` are sent and the
 * chain above keeps the top-level post and the nearest ancestors. One statement
 * (`loadPostPage`) reads all of it with media, saves and blocks, whatever the chain's length.
 */
export async function getPostPage(
  deps: FeedDeps,
  viewerOf: FeedViewer,
  campus: CampusDefinition,
  id: string,
): Promise<PostPage> {
  const key = JSON.stringify(['post', campus.id, id]);
  return keptOrLoaded(deps.postPages, deps.clock, viewerOf, key, (viewer) => loadPostPageFor(deps, viewer, campus, id));
}

async function loadPostPageFor(
  deps: PostsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  id: string,
): Promise<LoadedPage<PostPage>> {
  const read = await loadPostPage(deps.db, {
    viewerId: viewer.id,
    id,
    maxAncestors: THREAD_LIMITS.maxAncestors,
    maxComments: THREAD_LIMITS.maxComments,
  });
  // Hidden or removed by moderation: shown to its author only (docs/product/moderation.md).
  const rows = read.filter((r) => !r.moderated || r.author.id === viewer.id);
  const page = postPolicy.requireOnCampus(
    rows.find((r) => r.role === 'post'),
    campus,
  );
  // A block hides both ways (docs/decisions/015-chats-notifications-blocks.md): the other's comments, and the replies under them, are left out.
  // By its direct link too: the other's post or comment is as if deleted, their posts above a
  // comment are left out of its chain.
  if (page.hidden) postPolicy.requireOnCampus(undefined, campus);
  const ancestors = rows.filter((r) => r.role === 'ancestor' && !r.hidden);
  const thread = rows.filter((r) => r.role === 'comment' && !r.hidden);
  const ctx = listContext(deps, rows);
  return {
    page: {
      post: presentPost(page, ctx),
      ancestors: ancestors.map((a) => presentPost(a, ctx)),
      comments: buildThread(id, thread, ctx, THREAD_LIMITS.nestDepth),
    },
    // The rows say only which of their own authors the viewer hides, which is all that changes the page.
    // A page with hidden or removed content in it is never kept: read by its author it shows them
    // that content, and read by anyone else it lacks what its author would see.
    hidden: new Set([
      ...rows.filter((r) => r.hidden).map((r) => r.author.id),
      ...(read.some((r) => r.moderated) ? [MODERATED_PAGE] : []),
    ]),
    validUntil: priceDropsEndAt(rows, ctx.now),
  };
}

/**
 * Creates a post, comment or reply (docs/product/community.md#posting): files are stored first; then, in
 * one transaction, the post and its media rows, and either the author's totalPosts (a
 * top-level post) or lastModified and the comment count of every post above a comment. If
 * the transaction fails, the stored files are removed, so nothing is left half-made.
 */
export async function createPost(
  deps: PostsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  upload: PostUpload,
): Promise<Post> {
  // The upload's temporary files go on every path: stored, refused or failed.
  try {
    return await createPostFromUpload(deps, viewer, campus, upload);
  } finally {
    await upload.dispose();
  }
}

async function createPostFromUpload(
  deps: PostsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  upload: PostUpload,
): Promise<Post> {
  postPolicy.assertCanWrite(viewer, campus);
  const { body, files } = upload;
  const plainText = body.plainText.trim();
  if (!plainText && files.length === 0) throw errors.badRequest(POST_SERVER_MESSAGES.emptyPost, 'EMPTY_POST');
  const author = await findUser(deps.db, viewer.id);
  if (!author?.profileSetUp) throw errors.forbidden(POST_MESSAGES.profileIncompleteTitle, 'PROFILE_INCOMPLETE');

  let parent: PostWithAuthor | undefined;
  if (body.parentId) {
    parent = postPolicy.requireOnCampus(await findPost(deps.db, body.parentId), campus);
    // A comment joins the whole thread above it: refused when anyone up the chain is blocked either way.
    postPolicy.assertNotBlocked(await blockedAlongChain(deps.db, viewer.id, parent.post.id));
    postPolicy.assertNotModerated(await moderatedAlongChain(deps.db, viewer.id, parent.post.id));
  }
  const id = newId();
  const now = deps.clock.now();
  const folder = mediaKeys.postFolder(id);
  try {
    const stored: StoredPostMedia[] = [];
    for (const [order, file] of files.entries()) stored.push(await storePostFile(deps.storage, id, order, file));
    await deps.db.transaction(async (tx) => {
      await insertPost(tx, {
        id,
        campusId: campus.id,
        userId: viewer.id,
        text: body.text ?? null,
        plainText,
        category: body.category ?? null,
        priceCents: body.priceCents ?? null,
        // A comment is no listing (docs/product/selling.md): only a top-level post keeps a condition.
        condition: parent ? null : (body.condition ?? null),
        postCommentedOn: parent?.post.id ?? null,
        rootId: parent ? (parent.post.rootId ?? parent.post.id) : null,
        imgCount: stored.length,
        at: now,
      });
      await insertMedia(
        tx,
        stored.map((m, order) => ({ id: newId(), postId: id, order, ...m, createdAt: now })),
      );
      if (!parent) {
        await addToTotalPosts(tx, viewer.id, 1);
        // Open feeds show '1 new post' (docs/product/community.md#live-feed).
        await announceNewPost(tx, campus.id, viewer.id, {
          postId: id,
          category: body.category ?? null,
          priceCents: body.priceCents ?? null,
          condition: body.condition ?? null,
          hasMedia: stored.length > 0,
        });
        // Last in the transaction (it takes the campus's publish lock until commit): the
        // saved-search job reads new posts from the outbox in commit order (decision 040).
        await publishEvent(tx, {
          campusId: campus.id,
          userId: viewer.id,
          type: LISTING_EVENT_TYPES.postCreated,
          payload: { postId: id },
        });
      } else {
        // A comment raises lastModified on its parent and every ancestor (docs/product/community.md#posting), so the
        // thread's post rises in the feed.
        const thread = [parent.post.id, ...(await ancestorIds(tx, parent.post.id))];
        await touchThread(tx, thread, now);
        await notifyComment(tx, { campusId: campus.id, fromUserId: viewer.id, parent, commentId: id, plainText, now });
        // Their open pages count one more comment.
        await announceCounts(tx, campus.id, thread);
      }
    });
  } catch (error) {
    await deps.storage
      .deletePrefix(folder)
      .catch((cleanup: unknown) => deps.log.error({ err: cleanup }, 'upload cleanup failed'));
    throw error;
  }
  const [created] = await listedByIds(deps.db, viewer.id, [id]);
  return presentPost(created as ListedPost, listContext(deps, [created as ListedPost]));
}

/**
 * Notifications of a comment (docs/product/community.md#post-record): 'comment' to the author of the post commented on,
 * 'comment reply' to the author of the comment replied to, and 'post interaction' to the author
 * of the top-level post when the reply is deeper in its thread. notify() skips oneself; each
 * person is told once.
 */
async function notifyComment(
  tx: DbOrTx,
  c: { campusId: string; fromUserId: string; parent: PostWithAuthor; commentId: string; plainText: string; now: Date },
) {
  const told = new Set<string>([c.fromUserId]);
  const base = {
    campusId: c.campusId,
    fromUserId: c.fromUserId,
    message: [...c.plainText].slice(0, 200).join(''),
    createdAt: c.now,
  };
  const parentIsPost = c.parent.post.postCommentedOn === null;
  await notify(tx, {
    ...base,
    type: parentIsPost ? 'comment' : 'comment reply',
    toUserId: c.parent.post.userId,
    postId: c.commentId,
  });
  told.add(c.parent.post.userId);
  const rootId = c.parent.post.rootId;
  if (!parentIsPost && rootId) {
    const rootAuthor = await authorOf(tx, rootId);
    if (rootAuthor && !told.has(rootAuthor)) {
      await notify(tx, { ...base, type: 'post interaction', toUserId: rootAuthor, postId: c.commentId });
    }
  }
}

/**
 * Deletes a post or comment with everything below it (docs/product/community.md#deleting-a-post): rows
 * cascade in the database; the files of every removed post are deleted after the commit.
 */
export async function deletePost(
  deps: PostsDeps & Pick<FeedDeps, 'ads'>,
  viewer: SessionUser,
  campus: CampusDefinition,
  id: string,
): Promise<{ deleted: number; kind: 'post' | 'comment' }> {
  const { post } = postPolicy.requireOnCampus(await findPost(deps.db, id), campus);
  postPolicy.assertCanDelete(viewer, post);

  const removed = await deps.db.transaction(async (tx) => {
    const ids = await subtreeIds(tx, id);
    const above = post.postCommentedOn ? [post.postCommentedOn, ...(await ancestorIds(tx, post.postCommentedOn))] : [];
    // A boosted post's ads go with it; what they did not spend returns to the owner's funds.
    if (!post.postCommentedOn) await deps.ads.postDeleting(tx, id, deps.clock.now());
    await deletePostRow(tx, id);
    if (!post.postCommentedOn) await addToTotalPosts(tx, post.userId, -1);
    else {
      await subtractComments(tx, above, ids.length);
      await announceCounts(tx, campus.id, above);
    }
    return ids;
  });
  const failures = await Promise.allSettled(
    removed.map((postId) => deps.storage.deletePrefix(mediaKeys.postFolder(postId))),
  );
  for (const failure of failures) {
    if (failure.status === 'rejected') deps.log.error({ err: failure.reason }, POST_MESSAGES.deleteImagesFailed);
  }
  return { deleted: removed.length, kind: post.postCommentedOn ? 'comment' : 'post' };
}

/** Save / unsave (docs/product/community.md#saving-a-post): a toggle, counted on the post. */
export async function toggleLike(
  deps: PostsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  postId: string,
): Promise<{ liked: boolean; likesCount: number }> {
  postPolicy.assertCanWrite(viewer, campus);
  const { post } = postPolicy.requireOnCampus(await findPost(deps.db, postId), campus);
  // Saving acts on this post alone: refused exactly when its page is (its author blocked either way).
  postPolicy.assertNotBlocked(await isBlockedEitherWay(deps.db, viewer.id, post.userId));
  postPolicy.assertNotModerated(await moderatedAlongChain(deps.db, viewer.id, postId));
  return deps.db.transaction(async (tx) => {
    const saved = await toggleSave(tx, postId, viewer.id, deps.clock.now());
    const liked = saved?.liked ?? false;
    if (liked) {
      await notify(tx, {
        campusId: campus.id,
        // A save of a comment is an interaction with the comment (docs/product/messages.md#notification-record).
        type: post.postCommentedOn ? 'comment interaction' : 'like',
        toUserId: post.userId,
        fromUserId: viewer.id,
        postId,
        message: [...post.plainText].slice(0, 200).join(''),
        createdAt: deps.clock.now(),
      });
    }
    // Open pages of the post (and, for a comment, of the posts above it) show the new count.
    const above = post.postCommentedOn ? await ancestorIds(tx, postId) : [];
    await announceCounts(tx, campus.id, [postId, ...above]);
    return { liked, likesCount: saved?.likesCount ?? 0 };
  });
}

/** How many posts, comments and replies these accounts wrote (the demo seed runs once: none yet). */
export function countPostsBy(db: DbOrTx, userIds: string[]): Promise<number> {
  return countWrittenBy(db, userIds);
}
