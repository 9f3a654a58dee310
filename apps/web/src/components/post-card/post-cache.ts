import type { Post, PostList, PostPage } from '@campus/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys.ts';
import { mapThread } from './thread.ts';

type PostPatch = Partial<Pick<Post, 'likedByViewer' | 'likesCount' | 'commentsCount'>>;

/**
 * A feed page also carries sponsored posts, each placed after `posts[afterIndex]` (docs/product/community.md#feed);
 * the cache helpers keep them in step with the posts.
 */
type SponsoredEntry = { afterIndex: number; post: Post };
type ListPage = PostList & { sponsored?: SponsoredEntry[] };

/** The list pages of one list query (`['posts', …]`) with the post `id` patched, sponsored copies too. */
export function patchListPages<T extends InfiniteData<ListPage>>(data: T | undefined, id: string, patch: PostPatch) {
  if (!data || !Array.isArray(data.pages)) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    const inPosts = Array.isArray(page.posts) && page.posts.some((p) => p.id === id);
    const inSponsored = Array.isArray(page.sponsored) && page.sponsored.some((s) => s.post.id === id);
    if (!inPosts && !inSponsored) return page;
    changed = true;
    return {
      ...page,
      posts: inPosts ? page.posts.map((p) => (p.id === id ? { ...p, ...patch } : p)) : page.posts,
      ...(inSponsored && page.sponsored
        ? { sponsored: page.sponsored.map((s) => (s.post.id === id ? { ...s, post: { ...s.post, ...patch } } : s)) }
        : {}),
    };
  });
  return changed ? { ...data, pages } : data;
}

/** A post page (`['post', …]`) with the post `id` patched wherever it shows: the post, its parents, its thread. */
export function patchPostPage(data: PostPage | undefined, id: string, patch: PostPatch): PostPage | undefined {
  // Other entries under ['post', …] (the composer's copy of a parent) hold the same shape; anything else is left be.
  if (!data || !Array.isArray(data.ancestors) || !Array.isArray(data.comments)) return data;
  return {
    post: data.post.id === id ? { ...data.post, ...patch } : data.post,
    ancestors: data.ancestors.map((p) => (p.id === id ? { ...p, ...patch } : p)),
    comments: mapThread(data.comments, id, (node) => ({ ...node, ...patch })),
  };
}

/** Applies a patch of one post to every cached list and post page, so every screen agrees. */
export function patchPostEverywhere(queryClient: QueryClient, id: string, patch: PostPatch): void {
  queryClient.setQueriesData<InfiniteData<PostList>>({ queryKey: queryKeys.posts.all }, (data) =>
    patchListPages(data, id, patch),
  );
  queryClient.setQueriesData<PostPage>({ queryKey: queryKeys.post.all }, (data) => patchPostPage(data, id, patch));
}

/**
 * A page without the post `id`: a sponsored copy of it goes too, and the sponsored posts after it
 * move up one place so each stays behind the post it followed.
 */
function removeFromPage(page: ListPage, id: string): ListPage {
  const index = Array.isArray(page.posts) ? page.posts.findIndex((p) => p.id === id) : -1;
  const posts = index >= 0 ? page.posts.filter((p) => p.id !== id) : page.posts;
  if (!Array.isArray(page.sponsored)) return index >= 0 ? { ...page, posts } : page;
  const sponsored = page.sponsored
    .filter((s) => s.post.id !== id)
    .map((s) => (index >= 0 && s.afterIndex >= index ? { ...s, afterIndex: s.afterIndex - 1 } : s));
  return { ...page, posts, sponsored };
}

/** The list pages without the post `id` (deleted: its card and its photos must not show again). */
export function removeFromListPages<T extends InfiniteData<ListPage>>(data: T | undefined, id: string) {
  if (!data || !Array.isArray(data.pages)) return data;
  const holds = (page: ListPage) =>
    (Array.isArray(page.posts) && page.posts.some((p) => p.id === id)) ||
    (Array.isArray(page.sponsored) && page.sponsored.some((s) => s.post.id === id));
  if (!data.pages.some(holds)) return data;
  return { ...data, pages: data.pages.map((page) => (holds(page) ? removeFromPage(page, id) : page)) };
}
