import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type EditablePost,
  type FeedPage,
  LISTING_MESSAGES,
  LISTING_TIMES,
  type Notification,
  type Post,
  type PostPage,
} from '@campus/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import type { TestBrowser } from '../../../test/auth.ts';
import { createPostAs, editPostAs, member, photoPart } from '../../../test/posts.ts';
import { roles } from '../../../test/profiles.ts';
import { bannedEmails, notifications, postLikes, postMedia, posts, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { runStaleListings } from './listings.service.ts';

let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
const { app, db, config } = await createTestApp({}, { clock });
const DAY = 86_400_000;
const uploads = path.join(config.dataDir, 'uploads');

const r = await roles(app, db);

async function listing(owner: TestBrowser, body: Record<string, unknown> = {}, colors: string[] = []): Promise<Post> {
  const files = await Promise.all(colors.map((c, i) => photoPart(c, `p${i}.jpg`)));
  const res = await createPostAs(owner, { plainText: 'Desk lamp\nWorks fine', priceCents: 6000, ...body }, files);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Post;
}

const editable = async (browser: TestBrowser, id: string) => {
  const res = await browser.get(`/api/posts/${id}/edit`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EditablePost;
};
const keep = (e: EditablePost) => e.media.map((m) => ({ id: m.id }));
const row = async (id: string) => (await db.select().from(posts).where(eq(posts.id, id)))[0];
const mediaRows = async (id: string) =>
  db.select().from(postMedia).where(eq(postMedia.postId, id)).orderBy(postMedia.order);
const filesOf = async (id: string) =>
  (await readdir(path.join(uploads, 'images', 'posts', id)).catch(() => [] as string[])).sort();
const notificationsTo = async (userId: string) =>
  db.select().from(notifications).where(eq(notifications.toUserId, userId));
const pageOf = async (browser: TestBrowser, id: string) => (await browser.get(`/api/posts/${id}`)).json() as PostPage;

/** What a refused request must leave as it was: the row, its media, its files, and every notification. */
async function snapshot(id: string) {
  const [n] = await db.select({ n: count() }).from(notifications);
  return { post: await row(id), media: await mediaRows(id), files: await filesOf(id), notifications: n?.n };
}

describe('PATCH /api/posts/:id (docs/product/selling.md#editing-a-listing)', () => {
  it('refuses everyone but the owner, with the missing post or a sign-in answer, and changes nothing', async () => {
    const post = await listing(r.owner, {}, ['#aa3333']);
    const start = await editable(r.owner, post.id);
    const before = await snapshot(post.id);
    const body = { plainText: 'Hijacked', priceCents: 1, media: keep(start) };
    const cases: Array<[TestBrowser, number, string]> = [
      [r.anonymous, 401, 'UNAUTHENTICATED'],
      [r.unverified, 403, 'EMAIL_NOT_VERIFIED'],
      [r.noCampus, 403, 'SCHOOL_NOT_VERIFIED'],
      [r.otherCampus, 404, 'POST_NOT_FOUND'],
      [r.other, 404, 'POST_NOT_FOUND'],
    ];
    for (const [browser, status, code] of cases) {
      const res = await editPostAs(browser, post.id, body, [await photoPart('#00ff00')]);
      expect([res.statusCode, res.json().code], res.body).toEqual([status, code]);
      expect((await browser.get(`/api/posts/${post.id}/edit`)).statusCode).toBe(status);
      expect((await browser.post(`/api/posts/${post.id}/renew`)).statusCode).toBe(status);
    }
    expect(await snapshot(post.id)).toEqual(before);
  });

  it('refuses a banned owner and a post that is not there; a comment is no listing', async () => {
    const owner = await member(app, db, 'ou', 'Bea Banned');
    const post = await listing(owner.browser);
    const comment = await createPostAs(owner.browser, { plainText: 'A comment', parentId: post.id });
    const commentId = comment.json().id as string;
    const res = await editPostAs(owner.browser, commentId, { plainText: 'Edited comment', media: [] });
    expect([res.statusCode, res.json().code]).toEqual([404, 'POST_NOT_FOUND']);
    expect((await owner.browser.post(`/api/posts/${commentId}/renew`)).statusCode).toBe(404);
    expect((await editPostAs(owner.browser, 'no-such-post', { plainText: 'x', media: [] })).statusCode).toBe(404);

    const before = await snapshot(post.id);
    const email = (await db.select({ email: users.email }).from(users).where(eq(users.id, owner.user.id)))[0]?.email;
    await db.insert(bannedEmails).values({ email: email ?? '' });
    const banned = await editPostAs(owner.browser, post.id, { plainText: 'Banned edit', media: [] });
    expect(banned.statusCode).toBe(401);
    expect((await owner.browser.post(`/api/posts/${post.id}/renew`)).statusCode).toBe(401);
    expect((await owner.browser.get(`/api/posts/${post.id}/edit`)).statusCode).toBe(401);
    expect(await snapshot(post.id)).toEqual(before);
  });

  it('changes text, category, condition and photos (kept, removed, reordered, added), shows Edited, keeps comments, saves and its place', async () => {
    const post = await listing(r.owner, { category: 'furniture' }, ['#aa0000', '#00aa00', '#0000aa']);
    expect((await r.other.post(`/api/posts/${post.id}/like`)).json().liked).toBe(true);
    expect((await createPostAs(r.other, { plainText: 'Is it bright?', parentId: post.id })).statusCode).toBe(201);
    const newer = await listing(r.owner, { plainText: 'Other listing' });
    const start = await editable(r.owner, post.id);
    expect(start).toMatchObject({ plainText: 'Desk lamp\nWorks fine', category: 'furniture', condition: null });
    const [red, green, blue] = start.media;
    const lastModified = (await row(post.id))?.lastModified;
    const filesBefore = await filesOf(post.id);

    // Blue first, a new photo, then red; green goes.
    const res = await editPostAs(
      r.owner,
      post.id,
      {
        plainText: 'Desk lamp, warm light\nWorks fine',
        category: 'electronics',
        priceCents: 6000,
        condition: 'like new',
        media: [{ id: blue?.id }, { file: 0 }, { id: red?.id }],
      },
      [await photoPart('#ffff00')],
    );
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json() as Post;
    expect(card).toMatchObject({
      plainText: 'Desk lamp, warm light\nWorks fine',
      category: 'electronics',
      condition: 'like new',
      previousPriceCents: null,
      likesCount: 1,
      commentsCount: 1,
    });
    expect(card.editedAt).not.toBeNull();
    expect(card.media).toHaveLength(3);

    const media = await mediaRows(post.id);
    expect(media.map((m) => m.order)).toEqual([0, 1, 2]);
    expect(media[0]?.id).toBe(blue?.id);
    expect(media[2]?.id).toBe(red?.id);
    expect(media.some((m) => m.id === green?.id)).toBe(false);
    expect((await row(post.id))?.imgCount).toBe(3);
    // Green's files went, the new photo's came.
    const filesAfter = await filesOf(post.id);
    expect(filesAfter).toHaveLength(filesBefore.length);
    expect(filesAfter).not.toEqual(filesBefore);
    // Not moved: the feed keeps its order.
    expect((await row(post.id))?.lastModified.getTime()).toBe(lastModified?.getTime());
    const feed = (await r.other.get('/api/posts')).json() as FeedPage;
    const ids = feed.posts.map((p) => p.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(post.id));
    // Saved and commented on as before; the page says Edited.
    const page = await pageOf(r.other, post.id);
    expect(page.post).toMatchObject({ likedByViewer: true, condition: 'like new' });
    expect(page.post.editedAt).toBe(card.editedAt);
    expect(page.comments).toHaveLength(1);
  });

  it('refuses hostile and broken edits with 4xx and stores nothing', async () => {
    const post = await listing(r.owner, {}, ['#123456']);
    const otherPost = await listing(r.other, {}, ['#654321']);
    const theirs = await editable(r.other, otherPost.id);
    const start = await editable(r.owner, post.id);
    const before = await snapshot(post.id);
    const eleven = Array.from({ length: 10 }, (_, i) => ({ file: i }));
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ plainText: 'nul \u0000 byte', media: keep(start) }, 400],
      [{ plainText: 'huge', priceCents: 1e15, media: keep(start) }, 400],
      [{ plainText: 'negative', priceCents: -5, media: keep(start) }, 400],
      [{ plainText: 'wrong type', priceCents: '60', media: keep(start) }, 400],
      [{ plainText: 'float', priceCents: 12.5, media: keep(start) }, 400],
      [{ plainText: 'condition', condition: 'mint', media: keep(start) }, 400],
      [{ plainText: 'category', category: 'spaceships', media: keep(start) }, 400],
      [{ plainText: 'no media list' }, 400],
      [{ plainText: 'media not a list', media: 'all' }, 400],
      [{ plainText: 'extra field', media: keep(start), userId: r.otherUser.id }, 400],
      [{ plainText: 'parent', media: keep(start), parentId: otherPost.id }, 400],
      [{ plainText: 'theirs', media: [{ id: theirs.media[0]?.id }] }, 400],
      [{ plainText: 'twice', media: [...keep(start), ...keep(start)] }, 400],
      [{ plainText: 'unknown id', media: [{ id: 'x'.repeat(64) }] }, 400],
      [{ plainText: 'bad id', media: [{ id: "'; DROP TABLE posts; --" }] }, 400],
      [{ plainText: 'file index out of range', media: [{ file: 3 }] }, 400],
      [{ plainText: 'huge index', media: [{ file: 2 ** 53 }] }, 400],
      [{ plainText: 'eleven', media: [...keep(start), ...eleven] }, 400],
      [{ plainText: '', media: [] }, 400],
      [{ plainText: 'x'.repeat(501), media: keep(start) }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await editPostAs(r.owner, post.id, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)} → ${res.body}`).toBe(status);
    }
    // A file sent but given no place, and a place with no file.
    const unplaced = await editPostAs(r.owner, post.id, { plainText: 'unplaced', media: keep(start) }, [
      await photoPart('#ff00ff'),
    ]);
    expect(unplaced.statusCode).toBe(400);
    const notJson = await app.inject({
      method: 'PATCH',
      url: `/api/posts/${post.id}`,
      headers: { host: r.owner.host, origin: `http://${r.owner.host}`, cookie: r.owner.cookieHeader() },
      payload: { plainText: 'json, not multipart' },
    });
    expect(notJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(notJson.statusCode).toBeLessThan(500);
    // Someone else's media id leaves their listing alone too.
    expect((await editable(r.other, otherPost.id)).media).toEqual(theirs.media);
    expect(await snapshot(post.id)).toEqual(before);
  });
});

describe('price drops (docs/product/selling.md#price-drops)', () => {
  it('moves the listing to the top, tells every saver once, strikes the old price through for 7 days', async () => {
    offsetMs = 0;
    const seller = await member(app, db, 'ou', 'Sam Seller');
    const saver = await member(app, db, 'ou', 'Sally Saver');
    const post = await listing(seller.browser, { plainText: 'Standing desk\nAdjustable', priceCents: 6000 });
    await listing(r.other, { plainText: 'Newer listing' });
    expect((await saver.browser.post(`/api/posts/${post.id}/like`)).json().liked).toBe(true);
    const start = await editable(seller.browser, post.id);

    const res = await editPostAs(seller.browser, post.id, {
      plainText: start.plainText,
      priceCents: 4500,
      media: keep(start),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ priceCents: 4500, previousPriceCents: 6000 });
    const feed = (await saver.browser.get('/api/posts')).json() as FeedPage;
    expect(feed.posts[0]).toMatchObject({ id: post.id, priceCents: 4500, previousPriceCents: 6000 });

    const told = (await notificationsTo(saver.user.id)).filter((n) => n.type === 'price drop');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      fromUserId: seller.user.id,
      postId: post.id,
      message: 'Price dropped on Standing desk: $60 → $45',
    });
    const list = (await saver.browser.get('/api/notifications')).json().notifications as Notification[];
    expect(list[0]).toMatchObject({ type: 'price drop', message: 'Price dropped on Standing desk: $60 → $45' });
    // The seller is not told of their own drop.
    expect((await notificationsTo(seller.user.id)).filter((n) => n.type === 'price drop')).toHaveLength(0);

    // A kept feed page stops showing the old price when its 7 days end, without any write.
    offsetMs = LISTING_TIMES.priceDropShownMs - 60_000;
    expect(((await saver.browser.get('/api/posts')).json() as FeedPage).posts[0]?.previousPriceCents).toBe(6000);
    expect((await pageOf(saver.browser, post.id)).post.previousPriceCents).toBe(6000);
    offsetMs = LISTING_TIMES.priceDropShownMs + 60_000;
    const later = ((await saver.browser.get('/api/posts')).json() as FeedPage).posts.find((p) => p.id === post.id);
    expect(later?.previousPriceCents).toBeNull();
    expect((await pageOf(saver.browser, post.id)).post.previousPriceCents).toBeNull();
    const profile = (
      await saver.browser.get(`/api/profiles/${encodeURIComponent(await usernameOf(seller.user.id))}/posts?show=posts`)
    ).json();
    expect(profile.posts?.[0]?.previousPriceCents ?? null).toBeNull();
    offsetMs = 0;
  });

  it('shows nothing for a raise, and a raise after a drop takes the struck-through price away', async () => {
    const seller = await member(app, db, 'ou', 'Rae Raiser');
    const saver = await member(app, db, 'ou', 'Sid Saver');
    const post = await listing(seller.browser, { priceCents: 6000 });
    await saver.browser.post(`/api/posts/${post.id}/like`);
    const start = await editable(seller.browser, post.id);
    const lastModified = (await row(post.id))?.lastModified.getTime();
    const raise = await editPostAs(seller.browser, post.id, { plainText: 'Desk lamp', priceCents: 7000, media: [] });
    expect(raise.json()).toMatchObject({ priceCents: 7000, previousPriceCents: null });
    expect((await row(post.id))?.lastModified.getTime()).toBe(lastModified);
    expect(await notificationsTo(saver.user.id)).toHaveLength(0);

    await editPostAs(seller.browser, post.id, { plainText: 'Desk lamp', priceCents: 5000, media: keep(start) });
    const back = await editPostAs(seller.browser, post.id, { plainText: 'Desk lamp', priceCents: 5500, media: [] });
    expect(back.json()).toMatchObject({ priceCents: 5500, previousPriceCents: null });
    // Taking the price off is no drop either.
    const off = await editPostAs(seller.browser, post.id, { plainText: 'Desk lamp', priceCents: null, media: [] });
    expect(off.json()).toMatchObject({ priceCents: null, previousPriceCents: null });
    expect((await notificationsTo(saver.user.id)).filter((n) => n.type === 'price drop')).toHaveLength(1);
  });

  it('tells no saver the seller blocked', async () => {
    const seller = await member(app, db, 'ou', 'Blair Blocker');
    const saver = await member(app, db, 'ou', 'Bo Blocked');
    const post = await listing(seller.browser, { priceCents: 3000 });
    await saver.browser.post(`/api/posts/${post.id}/like`);
    expect((await seller.browser.post('/api/blocks', { userId: saver.user.id })).statusCode).toBe(200);
    await editPostAs(seller.browser, post.id, { plainText: 'Desk lamp', priceCents: 2000, media: [] });
    expect((await notificationsTo(saver.user.id)).filter((n) => n.type === 'price drop')).toHaveLength(0);
  });
});

async function usernameOf(id: string): Promise<string> {
  return (await db.select({ u: users.username }).from(users).where(eq(users.id, id)))[0]?.u ?? '';
}

describe('stale listings (docs/product/selling.md#listings-that-go-stale)', () => {
  it('asks the seller after 30 days, expires 14 days later, renews once a week', async () => {
    offsetMs = 0;
    const seller = await member(app, db, 'ou', 'Stella Stale');
    const post = await listing(seller.browser, { plainText: 'Bean bag chair\nBlue' });
    const fresh = await listing(seller.browser, { plainText: 'Fresh listing' });
    const sold = await listing(seller.browser, { plainText: 'Sold listing' });
    await db.update(posts).set({ status: 'sold' }).where(eq(posts.id, sold.id));
    const questions = async () =>
      (await notificationsTo(seller.user.id)).filter((n) => n.type === 'still available' && n.postId === post.id);
    const run = (days: number) =>
      runStaleListings({ db }, new Date(Date.now() + days * DAY), { sellerId: seller.user.id });

    // Day 29: nothing yet. Day 30: the question, once; the fresh listing was edited on day 20.
    expect(await run(29)).toEqual({ asked: 0, expired: 0 });
    offsetMs = 20 * DAY;
    const start = await editable(seller.browser, fresh.id);
    await editPostAs(seller.browser, fresh.id, { plainText: 'Fresh listing, edited', media: keep(start) });
    expect(await run(30.01)).toEqual({ asked: 1, expired: 0 });
    expect(await run(31)).toEqual({ asked: 0, expired: 0 });
    const [question] = await questions();
    expect(question).toMatchObject({
      fromUserId: seller.user.id,
      toUserId: seller.user.id,
      message: LISTING_MESSAGES.stillAvailable('Bean bag chair'),
      read: false,
    });
    const list = (await seller.browser.get('/api/notifications')).json().notifications as Notification[];
    expect(list.find((n) => n.type === 'still available')).toMatchObject({ postId: post.id });
    // Never to anyone else, and the table keeps refusing other notifications to oneself.
    await expect(
      db.execute(
        sql`INSERT INTO notifications (id, campus_id, type, to_user_id, from_user_id) VALUES ('self', ${(await row(post.id))?.campusId}, 'like', ${seller.user.id}, ${seller.user.id})`,
      ),
    ).rejects.toMatchObject({ cause: { constraint: 'notifications_not_self' } });

    // 14 days after the question: expired (the fresh one is asked now, the sold one never).
    expect(await run(44)).toEqual({ asked: 0, expired: 0 });
    expect(await run(44.02)).toEqual({ asked: 0, expired: 1 });
    expect((await row(sold.id))?.staleAskedAt).toBeNull();
    offsetMs = 44.1 * DAY;
    const page = await pageOf(seller.browser, post.id);
    expect(page.post.expired).toBe(true);
    expect((await pageOf(r.other, post.id)).post.expired).toBe(true);

    // Renew: back to the top, no longer expired; again within a week: refused, saying when.
    const renewed = await seller.browser.post(`/api/posts/${post.id}/renew`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({ expired: false });
    const after = await row(post.id);
    expect(after).toMatchObject({ expiredAt: null, staleAskedAt: null });
    expect(after?.lastModified.getTime()).toBe(after?.renewedAt?.getTime());
    offsetMs = 47 * DAY;
    const again = await seller.browser.post(`/api/posts/${post.id}/renew`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'RENEW_TOO_SOON']);
    expect(again.json().message).toContain('once a week');
    expect((await row(post.id))?.renewedAt?.getTime()).toBe(after?.renewedAt?.getTime());
    offsetMs = 51.2 * DAY;
    expect((await seller.browser.post(`/api/posts/${post.id}/renew`)).statusCode).toBe(200);
    // A sold listing is not renewed.
    const soldRenew = await seller.browser.post(`/api/posts/${sold.id}/renew`);
    expect([soldRenew.statusCode, soldRenew.json().code]).toEqual([409, 'LISTING_SOLD']);
    // The renewal restarted its life: asked again 30 days after it.
    expect(await run(51.2 + 29)).toMatchObject({ asked: 1 });
    expect(await run(51.2 + 30.5)).toMatchObject({ asked: 1 });
    offsetMs = 0;
  });

  it('the development route moves only the caller’s own listings, and needs a member', async () => {
    const mine = await member(app, db, 'ou', 'Dev Mine');
    const theirs = await member(app, db, 'ou', 'Dev Theirs');
    const a = await listing(mine.browser, { plainText: 'Mine' });
    const b = await listing(theirs.browser, { plainText: 'Theirs' });
    expect((await r.anonymous.post('/api/dev/stale-listings', { daysAhead: 31 })).statusCode).toBe(401);
    expect((await mine.browser.post('/api/dev/stale-listings', { daysAhead: 1e9 })).statusCode).toBe(400);
    expect((await mine.browser.post('/api/dev/stale-listings', { daysAhead: '31' })).statusCode).toBe(400);
    expect((await mine.browser.post('/api/dev/stale-listings', { daysAhead: 31 })).json()).toEqual({
      asked: 1,
      expired: 0,
    });
    expect((await row(a.id))?.staleAskedAt).not.toBeNull();
    expect((await row(b.id))?.staleAskedAt).toBeNull();
  });
});

describe('saves stay through edits', () => {
  it('keeps every save row', async () => {
    const post = await listing(r.owner, { plainText: 'Kept saves' });
    await r.other.post(`/api/posts/${post.id}/like`);
    await editPostAs(r.owner, post.id, { plainText: 'Kept saves, edited', media: [] });
    const saves = await db
      .select({ n: count() })
      .from(postLikes)
      .where(and(eq(postLikes.postId, post.id), eq(postLikes.userId, r.otherUser.id)));
    expect(saves[0]?.n).toBe(1);
  });
});
