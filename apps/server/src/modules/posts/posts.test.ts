import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  CAMPUS_IDS,
  POST_MESSAGES,
  type Post,
  type PostList,
  type PostPage,
  type PostThreadNode,
  THREAD_LIMITS,
} from '@campus/contract';
import { count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { TestBrowser, uniqueEmail } from '../../../test/auth.ts';
import { createPostAs, member, testPhoto } from '../../../test/posts.ts';
import { postLikes, postMedia, posts, users } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';

const { app, db, config } = await createTestApp();
const uploads = path.join(config.dataDir, 'uploads');

const jpeg = async (name = 'photo.jpg', color?: string) => ({
  name,
  type: 'image/jpeg',
  bytes: await testPhoto(color),
});
const feed = async (browser: TestBrowser, query = '') => (await browser.get(`/api/posts${query}`)).json() as PostList;
const postCount = async () => (await db.select({ n: count() }).from(posts).where(eq(posts.type, 'post')))[0]?.n ?? 0;

describe('creating a post', () => {
  it('stores text, category, price and two photos; the post tops the feed', async () => {
    const { browser, user } = await member(app, db);
    const res = await createPostAs(
      browser,
      { plainText: 'Desk lamp, barely used.\nPick up near the library.', category: 'furniture', priceCents: 2500 },
      [await jpeg('a.jpg', '#aa3333'), await jpeg('b.jpg', '#33aa33')],
    );
    expect(res.statusCode).toBe(201);
    const post = res.json() as Post;
    expect(post).toMatchObject({ category: 'furniture', priceCents: 2500, campusId: CAMPUS_IDS.ou, type: 'post' });
    expect(post.media).toHaveLength(2);
    expect(post.media[0]).toMatchObject({ kind: 'image', width: 1200, height: 900 });

    const image = await app.inject({ method: 'GET', url: post.media[0]?.url ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    expect((await feed(browser)).posts[0]?.id).toBe(post.id);
    expect((await db.query.users.findFirst({ where: eq(users.id, user.id) }))?.totalPosts).toBe(1);
  });

  it('counts 2 extra per line break: 500 fits, 501 does not, and nothing is stored', async () => {
    const { browser } = await member(app, db);
    const fits = `${'a'.repeat(249)}\n${'b'.repeat(249)}`; // 249 + 2 + 249 = 500
    expect((await createPostAs(browser, { plainText: fits })).statusCode).toBe(201);

    const before = await postCount();
    const over = `${'a'.repeat(250)}\n${'b'.repeat(249)}`; // 501
    const res = await createPostAs(browser, { plainText: over });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(POST_MESSAGES.tooManyCharacters);
    expect(await postCount()).toBe(before);
  });

  it('refuses an empty post, 11 files and a renamed SVG, storing nothing', async () => {
    const { browser } = await member(app, db);
    const before = await postCount();
    const filesBefore = await readdir(path.join(uploads, 'images', 'posts')).catch(() => []);

    const empty = await createPostAs(browser, { plainText: '   ' });
    expect(empty.json().code).toBe('EMPTY_POST');

    const eleven = await Promise.all(Array.from({ length: 11 }, (_, i) => jpeg(`p${i}.jpg`)));
    const tooMany = await createPostAs(browser, { plainText: 'lots of photos' }, eleven);
    expect(tooMany.json()).toMatchObject({ statusCode: 400, message: POST_MESSAGES.tooManyFiles });

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>');
    const renamed = await createPostAs(browser, { plainText: 'innocent' }, [
      { name: 'cat.jpg', type: 'image/jpeg', bytes: svg },
    ]);
    expect(renamed.json()).toMatchObject({ statusCode: 400, message: POST_MESSAGES.onlyPhotosAndVideos });

    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const page = await createPostAs(browser, { plainText: 'x' }, [
      await jpeg(),
      { name: 'v.mp4', type: 'video/mp4', bytes: html },
    ]);
    expect(page.json().message).toBe(POST_MESSAGES.onlyPhotosAndVideos);

    expect(await postCount()).toBe(before);
    expect(await readdir(path.join(uploads, 'images', 'posts')).catch(() => [])).toEqual(filesBefore);
  });

  it('refuses a bad category or price', async () => {
    const { browser } = await member(app, db);
    expect((await createPostAs(browser, { plainText: 'x', category: 'weapons' })).statusCode).toBe(400);
    expect((await createPostAs(browser, { plainText: 'x', priceCents: -5 })).statusCode).toBe(400);
    expect((await createPostAs(browser, { plainText: 'x', priceCents: 12.5 })).statusCode).toBe(400);
  });

  it('requires a finished profile, and membership of this campus', async () => {
    const { browser, user } = await member(app, db);
    await db.update(users).set({ profileSetUp: false }).where(eq(users.id, user.id));
    const incomplete = await createPostAs(browser, { plainText: 'hello' });
    expect(incomplete.json()).toMatchObject({
      code: 'PROFILE_INCOMPLETE',
      message: POST_MESSAGES.profileIncompleteTitle,
    });

    const { browser: longhorn } = await member(app, db, 'ut');
    const onOu = new TestBrowser(app, 'ou.localhost:3000');
    // Same account, OU's site: a UT member may look but not post.
    await onOu.post('/api/auth/sign-in/email', {
      email: (await longhorn.get('/api/me')).json().viewer.email,
      password: 'secret123',
    });
    expect((await createPostAs(onOu, { plainText: 'guest post' })).json().code).toBe('NOT_A_MEMBER');
    expect((await onOu.get('/api/posts')).statusCode).toBe(200);
  });
});

describe('who may read and write', () => {
  it('visitors, unverified and not-school-verified users are refused', async () => {
    const visitor = new TestBrowser(app);
    expect((await visitor.get('/api/posts')).json().code).toBe('UNAUTHENTICATED');
    expect((await createPostAs(visitor, { plainText: 'x' })).json().code).toBe('UNAUTHENTICATED');

    const unverified = new TestBrowser(app);
    await unverified.post('/api/auth/sign-up/email', {
      name: 'Una Ready',
      email: uniqueEmail('una'),
      password: 'secret123',
    });
    expect((await unverified.get('/api/posts')).json().code).toBe('EMAIL_NOT_VERIFIED');

    const { browser, user } = await member(app, db);
    await db.update(users).set({ schoolVerified: false }).where(eq(users.id, user.id));
    expect((await browser.get('/api/posts')).json().code).toBe('SCHOOL_NOT_VERIFIED');
    expect((await browser.post('/api/posts/anything/like')).json().code).toBe('SCHOOL_NOT_VERIFIED');
  });

  it("another campus's post is not found here", async () => {
    const { browser: ut } = await member(app, db, 'ut');
    const post = (await createPostAs(ut, { plainText: 'Texas only' })).json() as Post;
    const { browser: ou } = await member(app, db, 'ou');
    expect((await ou.get(`/api/posts/${post.id}`)).statusCode).toBe(404);
    expect((await ou.post(`/api/posts/${post.id}/like`)).statusCode).toBe(404);
  });
});

describe('comments, replies and the thread', () => {
  it('a reply raises every post above it in the feed, and the thread nests replies', async () => {
    const { browser: seller } = await member(app, db, 'ou', 'Sam Seller');
    const { browser: buyer } = await member(app, db, 'ou', 'Bo Buyer');
    const old = (await createPostAs(seller, { plainText: 'Old bike, $40' })).json() as Post;
    const newer = (await createPostAs(seller, { plainText: 'Newer lamp' })).json() as Post;
    expect((await feed(buyer)).posts[0]?.id).toBe(newer.id);

    const comment = (
      await createPostAs(buyer, { plainText: 'Is the bike still available?', parentId: old.id })
    ).json() as Post;
    expect(comment).toMatchObject({ parentId: old.id, rootId: old.id });
    const reply = (await createPostAs(seller, { plainText: 'Yes!', parentId: comment.id })).json() as Post;
    expect(reply.rootId).toBe(old.id);

    const top = (await feed(buyer)).posts;
    expect(top[0]?.id).toBe(old.id);
    expect(top[0]?.commentsCount).toBe(2);
    expect(top.some((p) => p.id === comment.id)).toBe(false); // comments are not in the feed

    const page = (await buyer.get(`/api/posts/${old.id}`)).json() as PostPage;
    expect(page.comments.map((c) => c.id)).toEqual([comment.id]);
    expect(page.comments[0]?.replies.map((r) => r.id)).toEqual([reply.id]);

    const replyPage = (await buyer.get(`/api/posts/${reply.id}`)).json() as PostPage;
    expect(replyPage.ancestors.map((a) => a.id)).toEqual([old.id, comment.id]);
  });
});

describe('saves', () => {
  it('toggle, count, and list on /saved for this campus', async () => {
    const { browser: seller } = await member(app, db);
    const { browser: fan } = await member(app, db);
    const post = (await createPostAs(seller, { plainText: 'Concert tickets', category: 'tickets' })).json() as Post;

    expect((await fan.post(`/api/posts/${post.id}/like`)).json()).toEqual({ liked: true, likesCount: 1 });
    const saved = (await fan.get('/api/saved')).json() as PostList;
    expect(saved.posts.map((p) => p.id)).toEqual([post.id]);
    expect(saved.posts[0]?.likedByViewer).toBe(true);

    expect((await fan.post(`/api/posts/${post.id}/like`)).json()).toEqual({ liked: false, likesCount: 0 });
    expect(((await fan.get('/api/saved')).json() as PostList).posts).toEqual([]);
  });
});

describe('deleting', () => {
  it("refuses someone else's post", async () => {
    const { browser: owner } = await member(app, db);
    const { browser: other } = await member(app, db);
    const post = (await createPostAs(owner, { plainText: 'Mine' })).json() as Post;
    const res = await other.request('DELETE', `/api/posts/${post.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('NOT_THE_AUTHOR');
    expect((await owner.get(`/api/posts/${post.id}`)).statusCode).toBe(200);
  });

  it('removes the post, its files, comments, replies and saves; totalPosts goes down', async () => {
    const { browser: owner, user } = await member(app, db);
    const { browser: friend } = await member(app, db);
    const post = (await createPostAs(owner, { plainText: 'Selling a couch' }, [await jpeg()])).json() as Post;
    const comment = (
      await createPostAs(friend, { plainText: 'Dimensions?', parentId: post.id }, [await jpeg('c.jpg')])
    ).json() as Post;
    const reply = (await createPostAs(owner, { plainText: '80 inches', parentId: comment.id })).json() as Post;
    await friend.post(`/api/posts/${post.id}/like`);
    const ids = [post.id, comment.id, reply.id];
    for (const id of [post.id, comment.id]) expect(existsSync(path.join(uploads, 'images', 'posts', id))).toBe(true);

    const res = await owner.request('DELETE', `/api/posts/${post.id}`);
    expect(res.json()).toEqual({ deleted: 3, kind: 'post' });
    expect(await db.select().from(posts).where(inArray(posts.id, ids))).toEqual([]);
    expect(await db.select().from(postMedia).where(inArray(postMedia.postId, ids))).toEqual([]);
    expect(await db.select().from(postLikes).where(inArray(postLikes.postId, ids))).toEqual([]);
    for (const id of [post.id, comment.id]) expect(existsSync(path.join(uploads, 'images', 'posts', id))).toBe(false);
    expect((await db.query.users.findFirst({ where: eq(users.id, user.id) }))?.totalPosts).toBe(0);
    expect((await friend.get(`/api/posts/${post.id}`)).statusCode).toBe(404);
  });

  it('deleting a comment keeps the post and lowers its comment count', async () => {
    const { browser: owner } = await member(app, db);
    const { browser: friend } = await member(app, db);
    const post = (await createPostAs(owner, { plainText: 'Mini fridge' })).json() as Post;
    const comment = (await createPostAs(friend, { plainText: 'Mine!', parentId: post.id })).json() as Post;
    await createPostAs(owner, { plainText: 'Sure', parentId: comment.id });
    expect((await friend.request('DELETE', `/api/posts/${comment.id}`)).json()).toEqual({
      deleted: 2,
      kind: 'comment',
    });
    const page = (await owner.get(`/api/posts/${post.id}`)).json() as PostPage;
    expect(page.post.commentsCount).toBe(0);
    expect(page.comments).toEqual([]);
  });
});

describe('feed pages', () => {
  it('never skip or repeat posts that share a timestamp, and filter by category', async () => {
    const { browser, user } = await member(app, db, 'ut');
    const at = new Date('2026-01-01T12:00:00.000Z');
    const rows = Array.from({ length: 40 }, (_, i) => ({
      id: newId(),
      campusId: CAMPUS_IDS.ut,
      userId: user.id,
      plainText: `same-time post ${i}`,
      category: i % 2 === 0 ? 'textbooks' : 'furniture',
      createdAt: at,
      lastModified: at,
    }));
    await db.insert(posts).values(rows);

    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page: PostList = await feed(browser, cursor ? `?cursor=${cursor}` : '');
      seen.push(...page.posts.map((p) => p.id));
      cursor = page.nextCursor;
      pages += 1;
    }
    const ours = seen.filter((id) => rows.some((r) => r.id === id));
    expect(ours).toHaveLength(40);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBeGreaterThan(2);

    const textbooks = await feed(browser, '?category=textbooks');
    expect(textbooks.posts.length).toBeGreaterThan(0);
    expect(textbooks.posts.every((p) => p.category === 'textbooks')).toBe(true);
  });

  it('the media feed has only posts with photos or videos', async () => {
    const { browser } = await member(app, db);
    await createPostAs(browser, { plainText: 'text only' });
    const withPhoto = (await createPostAs(browser, { plainText: 'with photo' }, [await jpeg()])).json() as Post;
    const media = (await browser.get('/api/posts/media')).json() as PostList;
    expect(media.posts[0]?.id).toBe(withPhoto.id);
    expect(media.posts.every((p) => p.media.length > 0)).toBe(true);
  });
});

describe('a long reply chain (docs/security.md#hostile-input)', () => {
  /** Deepest nesting of `replies` in a thread (1 = comments without replies), without recursion. */
  function nesting(comments: PostThreadNode[]): number {
    let deepest = 0;
    const stack = comments.map((node) => ({ node, level: 1 }));
    while (stack.length > 0) {
      const { node, level } = stack.pop() as { node: PostThreadNode; level: number };
      deepest = Math.max(deepest, level);
      for (const reply of node.replies) stack.push({ node: reply, level: level + 1 });
    }
    return deepest;
  }
  function flatten(comments: PostThreadNode[]): PostThreadNode[] {
    const all: PostThreadNode[] = [];
    const stack = [...comments];
    while (stack.length > 0) {
      const node = stack.pop() as PostThreadNode;
      all.push(node);
      stack.push(...node.replies);
    }
    return all;
  }

  it('a 1,000-deep chain answers 200 with a bounded thread, and deeper replies open on their own page', async () => {
    const { browser, user } = await member(app, db);
    const root = (await createPostAs(browser, { plainText: 'Bike for sale' })).json() as Post;
    // Built with one SQL insert: 1,000 replies, each answering the one before.
    const start = Date.parse('2025-01-01T00:00:00.000Z');
    const chain = Array.from({ length: 1000 }, (_, i) => ({
      id: newId(),
      campusId: CAMPUS_IDS.ou,
      userId: user.id,
      plainText: `reply ${i + 1}`,
      rootId: root.id,
      createdAt: new Date(start + i * 1000),
      lastModified: new Date(start + i * 1000),
      commentsCount: 999 - i,
    }));
    await db
      .insert(posts)
      .values(chain.map((row, i) => ({ ...row, postCommentedOn: i === 0 ? root.id : chain[i - 1]?.id })));
    await db.update(posts).set({ commentsCount: 1000 }).where(eq(posts.id, root.id));

    const started = performance.now();
    const res = await browser.get(`/api/posts/${root.id}`);
    const elapsedMs = performance.now() - started;
    expect(res.statusCode).toBe(200);
    console.info(`1,000-deep chain: GET /api/posts/{root} in ${elapsedMs.toFixed(0)} ms, ${res.body.length} bytes`);
    const page = res.json() as PostPage;
    expect(nesting(page.comments)).toBe(THREAD_LIMITS.nestDepth);
    const shown = flatten(page.comments);
    expect(shown).toHaveLength(THREAD_LIMITS.maxComments);
    // The first 200 of the chain, the deeper ones listed flat under the last nested level with their parent.
    const byId = new Map(shown.map((n) => [n.id, n]));
    for (const [i, row] of chain.slice(0, THREAD_LIMITS.maxComments).entries()) {
      expect(byId.get(row.id)?.parentId).toBe(i === 0 ? root.id : chain[i - 1]?.id);
    }
    const anchor = shown.find((n) => n.id === chain[THREAD_LIMITS.nestDepth - 2]?.id);
    expect(anchor?.replies.map((r) => r.plainText)).toEqual(
      chain.slice(THREAD_LIMITS.nestDepth - 1, THREAD_LIMITS.maxComments).map((r) => r.plainText),
    );

    // The rest: open the last comment shown; its page continues the chain.
    const last = chain[THREAD_LIMITS.maxComments - 1];
    const deeper = (await browser.get(`/api/posts/${last?.id}`)).json() as PostPage;
    expect(flatten(deeper.comments)[0]?.parentId).toBe(last?.id);
    expect(deeper.comments[0]?.id).toBe(chain[THREAD_LIMITS.maxComments]?.id);

    // The deepest reply: the chain above it keeps the top-level post first and the nearest ones.
    const bottom = await browser.get(`/api/posts/${chain[999]?.id}`);
    expect(bottom.statusCode).toBe(200);
    const bottomPage = bottom.json() as PostPage;
    expect(bottomPage.ancestors).toHaveLength(THREAD_LIMITS.maxAncestors);
    expect(bottomPage.ancestors[0]?.id).toBe(root.id);
    expect(bottomPage.ancestors.at(-1)?.id).toBe(chain[998]?.id);
    expect(bottomPage.comments).toEqual([]);
  });

  it('a short thread nests as before, oldest first', async () => {
    const { browser } = await member(app, db);
    const root = (await createPostAs(browser, { plainText: 'Chair' })).json() as Post;
    const a = (await createPostAs(browser, { plainText: 'a', parentId: root.id })).json() as Post;
    const b = (await createPostAs(browser, { plainText: 'b', parentId: root.id })).json() as Post;
    await createPostAs(browser, { plainText: 'a1', parentId: a.id });
    const page = (await browser.get(`/api/posts/${root.id}`)).json() as PostPage;
    expect(page.comments.map((c) => c.id)).toEqual([a.id, b.id]);
    expect(page.comments[0]?.replies.map((r) => r.plainText)).toEqual(['a1']);
  });
});
