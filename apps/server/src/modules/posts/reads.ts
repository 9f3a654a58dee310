import type { Post } from '@campus/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Cursor } from '../../lib/cursor.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { type PostCardRow, presentPost } from './posts.presenter.ts';
import type { ListedPost, PostWithAuthor, PostWithMedia, ProfileListKind } from './posts.repo.ts';
import * as repo from './posts.repo.ts';
import { listContext } from './posts.service.ts';

/*
 * What other modules read of posts (the face exports these): a post, posts with their media,
 * and cards ready to send. Each is one statement (two for `presentCards`).
 */

/** A post with its author, or undefined. */
export const getPost = (db: DbOrTx, id: string): Promise<PostWithAuthor | undefined> => repo.findPost(db, id);

/** Posts with their authors and media, in the order of `ids` (missing ones left out). */
export const getPostsWithMedia = (db: DbOrTx, ids: string[]): Promise<PostWithMedia[]> => repo.findPosts(db, ids);

/**
 * Of `ids`, the posts moderation hides (hidden or removed) that `viewerId` did not write: they
 * read as deleted wherever they are quoted (docs/product/moderation.md#auto-hide).
 */
export const hiddenFromViewer = (db: DbOrTx, viewerId: string, ids: string[]): Promise<Set<string>> =>
  repo.moderatedNotBy(db, viewerId, ids);

/** Posts as cards for the viewer (null: a visitor, who saved nothing), in the order of `ids`. */
export async function postCards(
  deps: { db: DbOrTx; storage: StorageDriver; clock: Clock },
  viewerId: string | null,
  ids: string[],
): Promise<Post[]> {
  const rows: ListedPost[] = await repo.listedByIds(deps.db, viewerId, ids);
  const ctx = listContext(deps, rows);
  return rows.map((r) => presentPost(r, ctx));
}

/** Rows of posts as cards for the viewer: their media and the viewer's saves in two statements. */
export async function presentCards(
  deps: { db: DbOrTx; storage: StorageDriver; clock: Clock },
  viewerId: string,
  rows: PostCardRow[],
): Promise<Post[]> {
  const ids = rows.map((r) => r.post.id);
  const [media, liked] = await Promise.all([repo.mediaOf(deps.db, ids), repo.likedAmong(deps.db, viewerId, ids)]);
  const mediaByPost = new Map<string, typeof media>();
  for (const m of media) mediaByPost.set(m.postId, [...(mediaByPost.get(m.postId) ?? []), m]);
  const ctx = { mediaByPost, liked, mediaUrl: (key: string) => deps.storage.url(key), now: deps.clock.now().getTime() };
  return rows.map((r) => presentPost(r, ctx));
}

/** A profile tab's posts (posts, photos or replies), with `at` for the next cursor. */
export const listProfilePosts = (
  db: DbOrTx,
  options: { kind: ProfileListKind; userId: string; campusId: string; cursor?: Cursor; limit: number },
): Promise<Array<PostWithAuthor & { at: Date }>> => repo.listProfilePosts(db, options);

/** Someone's saved posts of one campus (a profile's Likes tab), newest-modified first. */
export const listLikedPosts = (
  db: DbOrTx,
  options: { userId: string; campusId: string; cursor?: Cursor; limit: number },
): Promise<PostWithAuthor[]> => repo.listLiked(db, options);
