import type { Notification, NotificationList, Post, PostList, PostPage, UnreadCounts } from '@campus/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import type { TestBrowser } from '../../../test/auth.ts';
import { openChatWith, sendMessageAs } from '../../../test/chats.ts';
import { createPostAs, member } from '../../../test/posts.ts';
import { notifications } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';

let frozen: Date | null = null;
const clock: Clock = { now: () => frozen ?? new Date() };
const { app, db } = await createTestApp({}, { clock });

const list = async (browser: TestBrowser, cursor?: string) =>
  (await browser.get(`/api/notifications${cursor ? `?cursor=${cursor}` : ''}`)).json() as NotificationList;
const counts = async (browser: TestBrowser) => (await browser.get('/api/unread-counts')).json() as UnreadCounts;
const received = async (userId: string) =>
  (await db.select().from(notifications).where(eq(notifications.toUserId, userId))).map((n) => n.type).sort();

describe('notifications of posts', () => {
  it('comment, comment reply, post interaction and like reach the right people, never oneself', async () => {
    const owner = await member(app, db, 'ou', 'Olga Owner');
    const commenter = await member(app, db, 'ou', 'Carl Commenter');
    const replier = await member(app, db, 'ou', 'Rita Replier');
    const post = (await createPostAs(owner.browser, { plainText: 'Bike for sale' })).json() as Post;

    const comment = (await createPostAs(commenter.browser, { plainText: 'Price?', parentId: post.id })).json() as Post;
    expect(await received(owner.user.id)).toEqual(['comment']);

    await createPostAs(replier.browser, { plainText: '+1', parentId: comment.id });
    expect(await received(commenter.user.id)).toEqual(['comment reply']);
    expect(await received(owner.user.id)).toEqual(['comment', 'post interaction']);

    // The owner answering in their own thread tells the commenter, not themselves.
    await createPostAs(owner.browser, { plainText: '$50', parentId: comment.id });
    expect(await received(commenter.user.id)).toEqual(['comment reply', 'comment reply']);
    expect(await received(owner.user.id)).toEqual(['comment', 'post interaction']);

    expect((await commenter.browser.post(`/api/posts/${post.id}/like`)).json().liked).toBe(true);
    expect(await received(owner.user.id)).toEqual(['comment', 'like', 'post interaction']);
    // Saving a comment is a 'comment interaction' for its author.
    await replier.browser.post(`/api/posts/${comment.id}/like`);
    expect(await received(commenter.user.id)).toEqual(['comment interaction', 'comment reply', 'comment reply']);
    // Saving, unsaving and saving again is still one unread notification.
    for (let i = 0; i < 4; i += 1) await replier.browser.post(`/api/posts/${comment.id}/like`);
    expect(await received(commenter.user.id)).toEqual(['comment interaction', 'comment reply', 'comment reply']);
    // Unsaving tells nobody; saving one's own post tells nobody.
    await commenter.browser.post(`/api/posts/${post.id}/like`);
    await owner.browser.post(`/api/posts/${post.id}/like`);
    await createPostAs(owner.browser, { plainText: 'bump', parentId: post.id });
    expect(await received(owner.user.id)).toEqual(['comment', 'like', 'post interaction']);

    const shown = await list(owner.browser);
    expect(shown.notifications[0]).toMatchObject({
      type: 'like',
      postId: post.id,
      read: false,
      fromUser: { id: commenter.user.id, firstName: 'Carl' },
    });
    // Who it is from is read now, and their email never leaves the server.
    expect(JSON.stringify(shown)).not.toContain('@');
  });
});

describe('the notifications page', () => {
  it('pages 15 at a time without skipping equal timestamps; marking read clears the badge', async () => {
    const me = await member(app, db, 'ou', 'Nora Notified');
    const post = (await createPostAs(me.browser, { plainText: 'Notebook' })).json() as Post;
    frozen = new Date(Date.now() + 60_000);
    try {
      for (let i = 0; i < 17; i += 1) {
        const fan = await member(app, db, 'ou', 'Fan Fanning');
        await fan.browser.post(`/api/posts/${post.id}/like`);
      }
    } finally {
      frozen = null;
    }
    expect((await counts(me.browser)).notifications).toBe(17);
    const first = await list(me.browser);
    expect(first.notifications).toHaveLength(15);
    const second = await list(me.browser, first.nextCursor ?? '');
    expect(second.notifications).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.notifications, ...second.notifications].map((n: Notification) => n.id);
    expect(new Set(ids).size).toBe(17);

    const read = await me.browser.post('/api/notifications/read', { ids: first.notifications.map((n) => n.id) });
    expect(read.json()).toEqual({ updated: 15 });
    expect((await counts(me.browser)).notifications).toBe(2);
    expect((await list(me.browser)).notifications.filter((n) => n.read)).toHaveLength(15);
  });

  it("marking someone else's notifications read changes nothing; hostile bodies are refused", async () => {
    const a = await member(app, db, 'ou', 'Ann Alpha');
    const b = await member(app, db, 'ou', 'Ben Beta');
    const chat = await openChatWith(a.browser, b.user.id);
    await sendMessageAs(a.browser, chat.id, { plainText: 'hi' });
    const theirs = (await list(b.browser)).notifications.map((n) => n.id);
    expect(theirs).toHaveLength(2);
    expect((await a.browser.post('/api/notifications/read', { ids: theirs })).json()).toEqual({ updated: 0 });
    expect((await counts(b.browser)).notifications).toBe(2);
    for (const body of [
      {},
      { ids: [] },
      { ids: 'x' },
      { ids: ['a\u0000'] },
      { ids: Array.from({ length: 51 }, (_, i) => `n${i}`) },
      { ids: ['x'], more: 1 },
    ]) {
      expect((await b.browser.post('/api/notifications/read', body)).statusCode).toBe(400);
    }
    expect((await b.browser.get('/api/notifications?cursor=%%%')).statusCode).toBe(400);
    expect((await counts(b.browser)).notifications).toBe(2);
  });
});

describe('blocks in feeds and threads', () => {
  it("a block hides the other's posts from the feed and their comments from threads, both ways", async () => {
    const a = await member(app, db, 'ou', 'Abe Blocker');
    const b = await member(app, db, 'ou', 'Bea Blocked');
    const c = await member(app, db, 'ou', 'Cal Bystander');
    const bPost = (await createPostAs(b.browser, { plainText: 'from B' })).json() as Post;
    const aPost = (await createPostAs(a.browser, { plainText: 'from A' })).json() as Post;
    const cPost = (await createPostAs(c.browser, { plainText: 'from C' })).json() as Post;
    const bComment = (await createPostAs(b.browser, { plainText: 'B says', parentId: cPost.id })).json() as Post;
    await createPostAs(c.browser, { plainText: 'C answers B', parentId: bComment.id });
    await createPostAs(a.browser, { plainText: 'A says', parentId: cPost.id });

    const feedIds = async (browser: TestBrowser) =>
      ((await browser.get('/api/posts')).json() as PostList).posts.map((p) => p.id);
    const threadTexts = async (browser: TestBrowser) =>
      ((await browser.get(`/api/posts/${cPost.id}`)).json() as PostPage).comments.map((n) => n.plainText);
    expect(await feedIds(a.browser)).toContain(bPost.id);
    expect(await threadTexts(a.browser)).toEqual(['B says', 'A says']);

    await a.browser.post('/api/blocks', { userId: b.user.id });
    expect(await feedIds(a.browser)).not.toContain(bPost.id);
    expect(await feedIds(b.browser)).not.toContain(aPost.id);
    expect(await threadTexts(a.browser)).toEqual(['A says']);
    expect(await threadTexts(b.browser)).toEqual(['B says']);
    // Others still see everyone.
    expect(await feedIds(c.browser)).toEqual(expect.arrayContaining([aPost.id, bPost.id]));
    expect(await threadTexts(c.browser)).toEqual(['B says', 'A says']);
  });
});
