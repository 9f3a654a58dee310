import type { Post, PostList, PostPage } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import type { TestBrowser } from '../../../test/auth.ts';
import { createPostAs, member } from '../../../test/posts.ts';

const { app, db } = await createTestApp();

const savedIds = async (browser: TestBrowser) => {
  const res = await browser.get('/api/saved');
  expect(res.statusCode).toBe(200);
  return (res.json() as PostList).posts.map((p) => p.id);
};

describe('a block hides both ways beyond feeds and threads (docs/decisions/015-chats-notifications-blocks.md)', () => {
  it("the other's post and comment by their direct link are as if deleted; their posts leave the chain above a comment", async () => {
    const a = await member(app, db, 'ou', 'Ari Blocker');
    const b = await member(app, db, 'ou', 'Ben Blocked');
    const c = await member(app, db, 'ou', 'Cy Bystander');
    const bPost = (await createPostAs(b.browser, { plainText: 'Bike for sale' })).json() as Post;
    const aPost = (await createPostAs(a.browser, { plainText: 'Lamp for sale' })).json() as Post;
    const bComment = (await createPostAs(b.browser, { plainText: 'Mine is blue', parentId: aPost.id })).json() as Post;
    const cReply = (await createPostAs(c.browser, { plainText: 'Is it fast?', parentId: bPost.id })).json() as Post;
    expect((await a.browser.get(`/api/posts/${bPost.id}`)).statusCode).toBe(200);

    expect((await a.browser.post('/api/blocks', { userId: b.user.id })).statusCode).toBeLessThan(300);

    for (const [viewer, id] of [
      [a.browser, bPost.id],
      [a.browser, bComment.id],
      [b.browser, aPost.id],
    ] as const) {
      const res = await viewer.get(`/api/posts/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'POST_NOT_FOUND', message: 'Sorry, that post has been deleted.' });
    }
    // A third person's reply under B's post opens for A without B's post above it.
    const page = (await a.browser.get(`/api/posts/${cReply.id}`)).json() as PostPage;
    expect(page.post.id).toBe(cReply.id);
    expect(page.ancestors.map((p) => p.id)).toEqual([]);
    // B opening A's post by a reply of B's own: A's post is left out above it.
    const own = (await b.browser.get(`/api/posts/${bComment.id}`)).json() as PostPage;
    expect(own.ancestors.map((p) => p.id)).toEqual([]);
    // Others still see everything.
    expect((await c.browser.get(`/api/posts/${bPost.id}`)).statusCode).toBe(200);
    expect(((await c.browser.get(`/api/posts/${cReply.id}`)).json() as PostPage).ancestors.map((p) => p.id)).toEqual([
      bPost.id,
    ]);

    // Unblocking shows them again.
    expect((await a.browser.request('DELETE', `/api/blocks/${b.user.id}`)).statusCode).toBeLessThan(300);
    expect((await a.browser.get(`/api/posts/${bPost.id}`)).statusCode).toBe(200);
  });

  it("saved posts of someone blocked (either way) leave the saved list of both; the bystander's list keeps them", async () => {
    const a = await member(app, db, 'ou', 'Dee Saver');
    const b = await member(app, db, 'ou', 'Eve Seller');
    const c = await member(app, db, 'ou', 'Fay Saver');
    const bPost = (await createPostAs(b.browser, { plainText: 'Desk for sale' })).json() as Post;
    const aPost = (await createPostAs(a.browser, { plainText: 'Chair for sale' })).json() as Post;
    for (const [who, id] of [
      [a.browser, bPost.id],
      [b.browser, aPost.id],
      [c.browser, bPost.id],
    ] as const) {
      expect((await who.post(`/api/posts/${id}/like`)).statusCode).toBe(200);
    }
    expect(await savedIds(a.browser)).toEqual([bPost.id]);
    expect(await savedIds(b.browser)).toEqual([aPost.id]);

    // B blocks A: hidden both ways.
    expect((await b.browser.post('/api/blocks', { userId: a.user.id })).statusCode).toBeLessThan(300);
    expect(await savedIds(a.browser)).toEqual([]);
    expect(await savedIds(b.browser)).toEqual([]);
    expect(await savedIds(c.browser)).toEqual([bPost.id]);
  });
});
