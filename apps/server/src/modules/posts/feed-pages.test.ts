import { CAMPUS_IDS, type FeedPage, type Post, type PostList, type PostPage } from '@campus/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { activeAd, newPost } from '../../../test/ads.ts';
import { createTestApp } from '../../../test/app.ts';
import { createPostAs, member } from '../../../test/posts.ts';
import { roles } from '../../../test/profiles.ts';
import { buildApp } from '../../app.ts';
import { ads, feedVersions } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { FeedPages, withSaves } from './feed-pages.ts';

let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
const { app, db, config } = await createTestApp({}, { clock });
// A second instance of the server on the same database, as a second process would be.
const second = await buildApp({ config, db, clock });
await second.ready();
afterAll(() => second.close());

const r = await roles(app, db);
const reader = await member(app, db, 'ou', 'Rita Reader');

const feedOn = async (browser: typeof r.other, url = '/api/posts') => {
  const res = await browser.get(url);
  expect(res.statusCode).toBe(200);
  return res.json() as FeedPage;
};
const cardOf = (page: PostList, id: string) => page.posts.find((p) => p.id === id);
const versionOf = async (slug: 'ou' | 'ut') =>
  (await db.select().from(feedVersions).where(eq(feedVersions.campusId, CAMPUS_IDS[slug])))[0]?.version ?? 0;
/** A write the version triggers do not see (replica mode skips triggers): only a kept page can hide it. */
const writeUnseen = (statement: ReturnType<typeof sql>) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(statement);
  });

describe('feed pages kept in the process (decision 025)', () => {
  const otherThere = r.other.onInstance(second);

  it('are kept: a write the version does not see stays unseen, and the next real change shows both', async () => {
    const post = await newPost(r.owner, 'Road bike, 54 cm');
    expect(cardOf(await feedOn(otherThere), post.id)?.plainText).toBe('Road bike, 54 cm');
    await writeUnseen(sql`UPDATE posts SET plain_text = 'Changed behind the version' WHERE id = ${post.id}`);
    expect(cardOf(await feedOn(otherThere), post.id)?.plainText).toBe('Road bike, 54 cm');

    const next = await newPost(r.owner, 'Bike pump');
    const page = await feedOn(otherThere);
    expect(page.posts[0]?.id).toBe(next.id);
    expect(cardOf(page, post.id)?.plainText).toBe('Changed behind the version');
  });

  it('show every change made through another instance from the next request on', async () => {
    const post = await newPost(r.owner, 'Desk chair');
    await feedOn(otherThere);

    // A comment: the card's count and its place (last modified).
    const comment = await createPostAs(r.other, { plainText: 'Still there?', parentId: post.id });
    expect(comment.statusCode).toBe(201);
    let page = await feedOn(otherThere);
    expect(page.posts[0]?.id).toBe(post.id);
    expect(cardOf(page, post.id)?.commentsCount).toBe(1);

    // Someone else's save: the count moves, this viewer's mark does not.
    expect((await r.owner.post(`/api/posts/${post.id}/like`)).statusCode).toBe(200);
    page = await feedOn(otherThere);
    expect(cardOf(page, post.id)).toMatchObject({ likesCount: 1, likedByViewer: false });
    expect(cardOf(await feedOn(r.owner.onInstance(second)), post.id)?.likedByViewer).toBe(true);

    // The author's new name on every card of theirs.
    expect((await r.owner.request('PUT', '/api/me/name', { firstName: 'Ollie', lastName: 'Owner' })).statusCode).toBe(
      200,
    );
    page = await feedOn(otherThere);
    expect(cardOf(page, post.id)?.author.firstName).toBe('Ollie');

    // A photo's new size (e.g. a processed video), written on its own.
    await db.execute(sql`INSERT INTO post_media (id, post_id, kind, path, feed_path, name, img_order, width, height, bytes)
      VALUES ('fp-media-1', ${post.id}, 'image', 'posts/x/full.webp', 'posts/x/feed.webp', 'a.jpg', 0, 640, 480, 10)`);
    expect(cardOf(await feedOn(otherThere), post.id)?.media).toHaveLength(1);

    // The post's deletion.
    expect((await r.owner.request('DELETE', `/api/posts/${post.id}`)).statusCode).toBe(200);
    expect(cardOf(await feedOn(otherThere), post.id)).toBeUndefined();
  });

  it("carry each viewer's own saves and blocks, read fresh on every request", async () => {
    const post = await newPost(r.owner, 'Textbook: Calculus');
    const readerThere = reader.browser.onInstance(second);
    await feedOn(readerThere);

    expect((await r.other.post(`/api/posts/${post.id}/like`)).statusCode).toBe(200);
    expect(cardOf(await feedOn(otherThere), post.id)?.likedByViewer).toBe(true);
    expect(cardOf(await feedOn(readerThere), post.id)?.likedByViewer).toBe(false);

    // A block either way hides the owner's posts from the blocker at once; others still see them.
    expect((await r.other.post('/api/blocks', { userId: r.ownerUser.id })).statusCode).toBe(200);
    expect((await feedOn(otherThere)).posts.some((p) => p.author.id === r.ownerUser.id)).toBe(false);
    expect(cardOf(await feedOn(readerThere), post.id)).toBeDefined();
    expect((await feedOn(r.owner.onInstance(second))).posts.some((p) => p.author.id === r.otherUser.id)).toBe(false);
    expect((await r.other.request('DELETE', `/api/blocks/${r.ownerUser.id}`)).statusCode).toBe(200);
    expect(cardOf(await feedOn(otherThere), post.id)).toBeDefined();
  });

  it('are never given to a caller the feed refuses, nor across campuses', async () => {
    await feedOn(otherThere);
    const ownPost = await newPost(r.owner, 'Only on OU');
    expect((await r.anonymous.onInstance(second).get('/api/posts')).statusCode).toBe(401);
    expect((await r.unverified.onInstance(second).get('/api/posts')).json().code).toBe('EMAIL_NOT_VERIFIED');
    expect((await r.noCampus.onInstance(second).get('/api/posts')).json().code).toBe('SCHOOL_NOT_VERIFIED');
    expect((await r.noCampus.onInstance(second).get('/api/posts/media')).statusCode).toBe(403);
    // A UT member on UT's site gets UT's feed, not OU's kept page.
    const ut = await member(app, db, 'ut', 'Ursula Texas');
    const utPage = await feedOn(ut.browser.onInstance(second));
    expect(utPage.posts.some((p: Post) => p.id === ownPost.id)).toBe(false);
    expect(utPage.posts.every((p: Post) => p.campusId === CAMPUS_IDS.ut)).toBe(true);
  });

  it('drop a sponsored post when its ad ends, by the clock, with no write', async () => {
    const boosted = await newPost(r.owner, 'Boosted lamp');
    for (let i = 0; i < 4; i += 1) await newPost(r.owner, `Filler ${i}`);
    const ad = await activeAd(r.owner, boosted.id, { goal: 'message', days: 1 });
    expect((await feedOn(otherThere)).sponsored.map((s) => s.adId)).toContain(ad.adId);
    offsetMs += 86_400_000 + 60_000;
    expect((await feedOn(otherThere)).sponsored.map((s) => s.adId)).not.toContain(ad.adId);
  });
});

describe('profile tabs kept in the process (decision 025)', () => {
  it('show a new post, a save, a block and a lost membership from the next request on', async () => {
    const seller = await member(app, db, 'ou', 'Sally Seller');
    const sellerName = (await seller.browser.get('/api/me')).json().viewer.username as string;
    const tab = (show: string) => `/api/profiles/${sellerName}/posts?show=${show}`;
    const readerThere = reader.browser.onInstance(second);
    const otherThere = r.other.onInstance(second);
    const first = await newPost(seller.browser, 'Mini fridge');
    expect((await readerThere.get(tab('posts'))).json().posts.map((p: Post) => p.id)).toEqual([first.id]);
    await writeUnseen(sql`UPDATE posts SET plain_text = 'Unseen' WHERE id = ${first.id}`);
    expect((await readerThere.get(tab('posts'))).json().posts[0].plainText).toBe('Mini fridge');

    const second_ = await newPost(seller.browser, 'Microwave');
    expect((await readerThere.get(tab('posts'))).json().posts.map((p: Post) => p.id)).toEqual([second_.id, first.id]);

    // The seller's saves tab, and the reader's own save mark on it.
    const saved = await newPost(r.owner, 'Lamp to save');
    expect((await readerThere.get(tab('likes'))).json().posts).toEqual([]);
    expect((await seller.browser.post(`/api/posts/${saved.id}/like`)).statusCode).toBe(200);
    expect((await reader.browser.post(`/api/posts/${saved.id}/like`)).statusCode).toBe(200);
    const likes = (await readerThere.get(tab('likes'))).json().posts as Post[];
    expect(likes.map((p) => [p.id, p.likedByViewer])).toEqual([[saved.id, true]]);
    expect((await otherThere.get(tab('likes'))).json().posts[0].likedByViewer).toBe(false);

    // A block: the blocker sees an empty tab at once, the others still see it.
    expect((await r.other.post('/api/blocks', { userId: seller.user.id })).statusCode).toBe(200);
    expect((await otherThere.get(tab('posts'))).json().posts).toEqual([]);
    expect((await readerThere.get(tab('posts'))).json().posts).toHaveLength(2);

    // The seller leaves the campus: their profile is 'This page doesn't exist.' everywhere.
    await db.execute(sql`UPDATE users SET school_verified = false WHERE id = ${seller.user.id}`);
    expect((await readerThere.get(tab('posts'))).statusCode).toBe(404);
    expect((await r.anonymous.onInstance(second).get(tab('posts'))).statusCode).toBe(401);
  });

  it('a saves tab of someone who never posted goes when they leave the campus', async () => {
    const saver = await member(app, db, 'ou', 'Sam Saver');
    const saverName = (await saver.browser.get('/api/me')).json().viewer.username as string;
    const post = await newPost(r.owner, 'Desk to save');
    expect((await saver.browser.post(`/api/posts/${post.id}/like`)).statusCode).toBe(200);
    const readerThere = reader.browser.onInstance(second);
    const likes = `/api/profiles/${saverName}/posts?show=likes`;
    expect((await readerThere.get(likes)).json().posts.map((p: Post) => p.id)).toEqual([post.id]);
    await db.execute(sql`UPDATE users SET school_verified = false WHERE id = ${saver.user.id}`);
    expect((await readerThere.get(likes)).statusCode).toBe(404);
  });
});

describe('post pages kept in the process (decision 025)', () => {
  it('show new comments, nested saves and blocks from the next request on, and never to a caller refused', async () => {
    const post = await newPost(r.owner, 'Standing desk');
    const url = `/api/posts/${post.id}`;
    const readerThere = reader.browser.onInstance(second);
    const otherThere = r.other.onInstance(second);
    const pageOf = async (browser: typeof r.other) => {
      const res = await browser.get(url);
      expect(res.statusCode).toBe(200);
      return res.json() as PostPage;
    };
    expect((await pageOf(readerThere)).comments).toEqual([]);
    await writeUnseen(sql`UPDATE posts SET plain_text = 'Unseen' WHERE id = ${post.id}`);
    expect((await pageOf(readerThere)).post.plainText).toBe('Standing desk');

    const comment = (await createPostAs(r.other, { plainText: 'Is it electric?', parentId: post.id })).json() as Post;
    const reply = (await createPostAs(r.owner, { plainText: 'Yes', parentId: comment.id })).json() as Post;
    let page = await pageOf(readerThere);
    expect(page.post.plainText).toBe('Unseen');
    expect(page.comments.map((c) => [c.id, c.replies.map((x) => x.id)])).toEqual([[comment.id, [reply.id]]]);

    // A save of a reply, marked for the saver only.
    expect((await reader.browser.post(`/api/posts/${reply.id}/like`)).statusCode).toBe(200);
    page = await pageOf(readerThere);
    expect(page.comments[0]?.replies[0]).toMatchObject({ id: reply.id, likedByViewer: true, likesCount: 1 });
    expect((await pageOf(otherThere)).comments[0]?.replies[0]?.likedByViewer).toBe(false);

    // The reader blocks the commenter: their comment and the reply under it go for the reader only.
    expect((await reader.browser.post('/api/blocks', { userId: r.otherUser.id })).statusCode).toBe(200);
    expect((await pageOf(readerThere)).comments).toEqual([]);
    expect((await pageOf(otherThere)).comments).toHaveLength(1);
    expect((await reader.browser.request('DELETE', `/api/blocks/${r.otherUser.id}`)).statusCode).toBe(200);

    expect((await r.anonymous.onInstance(second).get(url)).statusCode).toBe(401);
    expect((await r.noCampus.onInstance(second).get(url)).statusCode).toBe(403);
    const ut = await member(app, db, 'ut', 'Ulla Texas');
    expect((await ut.browser.onInstance(second).get(url)).statusCode).toBe(404);
    expect((await r.owner.request('DELETE', url)).statusCode).toBe(200);
    expect((await readerThere.get(url)).statusCode).toBe(404);
  });
});

describe('the campus feed version (migration 0012)', () => {
  it('moves once per writing transaction, only for the campus written', async () => {
    const [ou, ut] = [await versionOf('ou'), await versionOf('ut')];
    await db.transaction(async (tx) => {
      for (let i = 0; i < 3; i += 1) {
        await tx.execute(sql`INSERT INTO posts (id, campus_id, user_id, plain_text)
          VALUES (${`fv-${i}`}, ${CAMPUS_IDS.ou}, ${r.ownerUser.id}, 'x')`);
      }
      await tx.execute(sql`UPDATE posts SET likes_count = 2 WHERE id LIKE 'fv-%'`);
    });
    expect(await versionOf('ou')).toBe(ou + 1);
    expect(await versionOf('ut')).toBe(ut);
  });

  it("does not move for what no feed shows: a bio, an ad's charge, a post updated to itself", async () => {
    const post = await newPost(r.owner, 'Bookshelf');
    const ad = await activeAd(r.owner, post.id, { goal: 'message', days: 2 });
    const before = await versionOf('ou');
    await db.execute(sql`UPDATE users SET bio = 'New bio' WHERE id = ${r.ownerUser.id}`);
    await db.update(ads).set({ totalSpent: 7 }).where(eq(ads.id, ad.adId));
    await db.execute(sql`UPDATE posts SET plain_text = plain_text WHERE id = ${post.id}`);
    expect(await versionOf('ou')).toBe(before);
    await db.update(ads).set({ status: 'paused' }).where(eq(ads.id, ad.adId));
    expect(await versionOf('ou')).toBe(before + 1);
  });
});

describe('FeedPages', () => {
  const page = (id: string, liked = false): PostList => ({
    posts: [{ id, likedByViewer: liked } as Post],
    nextCursor: null,
  });
  const kept = (p: PostList) => ({ version: '1', page: p, people: new Set<string>(), validUntil: Infinity });

  it('drops the least recently used page beyond its capacity', () => {
    const pages = new FeedPages(2);
    pages.set('a', kept(page('a')));
    pages.set('b', kept(page('b')));
    pages.get('a');
    pages.set('c', kept(page('c')));
    expect([pages.get('a'), pages.get('b'), pages.get('c')].map(Boolean)).toEqual([true, false, true]);
    expect(pages.size).toBe(2);
  });

  it('marks saves on a copy, and gives the same page back when nothing changes', () => {
    const p = page('x');
    expect(withSaves(p, new Set())).toBe(p);
    const marked = withSaves(p, new Set(['x']));
    expect(marked.posts[0]?.likedByViewer).toBe(true);
    expect(p.posts[0]?.likedByViewer).toBe(false);
  });
});
