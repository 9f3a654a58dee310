import type { Post, PostList, PostPage } from '@campus/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys.ts';
import { mapThread } from './thread.ts';

type PostPatch = Partial<Pick<Post, 'likedByViewer' | 'likesCount' | 'commentsCount'>>;

/** The list pages of one list query (`['posts', …]`) with the post `id` patched. */
export function patchListPages(
  data: InfiniteData<PostList> | undefined,
  id: string,
  patch: PostPatch,
): InfiniteData<PostList> | undefined {
  if (!data || !Array.isArray(data.pages)) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!Array.isArray(page.posts) || !page.posts.some((p) => p.id === id)) return page;
    changed = true;
    return { ...page, posts: page.posts.map((p) => (p.id === id ? { ...p, ...patch } : p)) };
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

/** The list pages without the post `id` (deleted: its card and its photos must not show again). */
export function removeFromListPages(data: InfiniteData<PostList> | undefined, id: string) {
  if (!data || !Array.isArray(data.pages)) return data;
  if (!data.pages.some((page) => Array.isArray(page.posts) && page.posts.some((p) => p.id === id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      Array.isArray(page.posts) ? { ...page, posts: page.posts.filter((p) => p.id !== id) } : page,
    ),
  };
}
