import type { Post, PostList, PostPage, PostThreadNode } from '@campus/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { patchListPages, patchPostPage, removeFromListPages } from './post-cache.ts';

const post = (id: string): Post => ({ id, likedByViewer: false, likesCount: 1 }) as Post;
const node = (id: string, replies: PostThreadNode[] = []): PostThreadNode => ({ ...post(id), replies });

describe('patchListPages', () => {
  const data: InfiniteData<PostList> = {
    pages: [
      { posts: [post('a'), post('b')], nextCursor: 'x' },
      { posts: [post('c')], nextCursor: null },
    ],
    pageParams: [undefined, 'x'],
  };

  it('patches the post on whichever page holds it and keeps the other pages', () => {
    const next = patchListPages(data, 'c', { likedByViewer: true, likesCount: 2 });
    expect(next?.pages[1]?.posts[0]).toMatchObject({ id: 'c', likedByViewer: true, likesCount: 2 });
    expect(next?.pages[0]).toBe(data.pages[0]);
  });

  it('returns the same data when the post is not in the list', () => {
    expect(patchListPages(data, 'zzz', { likesCount: 5 })).toBe(data);
    expect(patchListPages(undefined, 'a', { likesCount: 5 })).toBeUndefined();
  });
});

describe('patchPostPage', () => {
  const page: PostPage = {
    post: post('p'),
    ancestors: [post('root')],
    comments: [node('c1', [node('r1')])],
  };

  it('patches the post itself, a parent, or a reply deep in the thread', () => {
    expect(patchPostPage(page, 'p', { likesCount: 7 })?.post.likesCount).toBe(7);
    expect(patchPostPage(page, 'root', { likesCount: 7 })?.ancestors[0]?.likesCount).toBe(7);
    expect(patchPostPage(page, 'r1', { likedByViewer: true })?.comments[0]?.replies[0]?.likedByViewer).toBe(true);
  });
});

describe('removeFromListPages', () => {
  const data: InfiniteData<PostList> = {
    pages: [{ posts: [post('a'), post('b')], nextCursor: 'x' }],
    pageParams: [undefined],
  };

  it('drops the deleted post from the pages', () => {
    expect(removeFromListPages(data, 'a')?.pages[0]?.posts.map((p) => p.id)).toEqual(['b']);
  });

  it('returns the same data when the post is not there', () => {
    expect(removeFromListPages(data, 'zzz')).toBe(data);
  });
});

describe('sponsored posts in feed pages', () => {
  const sponsored = (afterIndex: number, id: string) => ({ afterIndex, post: post(id) });
  const data = {
    pages: [{ posts: [post('a'), post('b'), post('c'), post('d')], nextCursor: null, sponsored: [sponsored(3, 'ad')] }],
    pageParams: [undefined],
  };

  it('patches the sponsored copy of a post as well', () => {
    const next = patchListPages(data, 'ad', { likedByViewer: true, likesCount: 2 });
    expect(next?.pages[0]?.sponsored[0]?.post).toMatchObject({ id: 'ad', likedByViewer: true, likesCount: 2 });
    expect(next?.pages[0]?.posts).toBe(data.pages[0]?.posts);
  });

  it('keeps a sponsored post behind the post it followed when an earlier post is deleted', () => {
    const next = removeFromListPages(data, 'b');
    expect(next?.pages[0]?.posts.map((p) => p.id)).toEqual(['a', 'c', 'd']);
    expect(next?.pages[0]?.sponsored).toEqual([sponsored(2, 'ad')]);
  });

  it('drops the sponsored copy of a deleted post', () => {
    expect(removeFromListPages(data, 'ad')?.pages[0]?.sponsored).toEqual([]);
  });
});
