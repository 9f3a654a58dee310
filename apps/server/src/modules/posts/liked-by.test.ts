import { CAMPUS_IDS, LIKED_BY_PAGE_SIZE, type LikedByPage, type Post } from '@campus/contract';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import type { TestBrowser } from '../../../test/auth.ts';
import { createPostAs, member } from '../../../test/posts.ts';
import { roles } from '../../../test/profiles.ts';
import { postLikes, users } from '../../db/schema/index.ts';
import { encodeCursor } from '../../lib/cursor.ts';
import { newId } from '../../lib/ids.ts';

const { app, db } = await createTestApp();

const likedBy = (browser: TestBrowser, postId: string, cursor?: string) =>
  browser.get(
    `/api/posts/${encodeURIComponent(postId)}/liked-by${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  );
const saves = async () => (await db.select({ n: count() }).from(postLikes))[0]?.n ?? 0;

async function postBy(browser: TestBrowser, plainText = 'Mini fridge, works great') {
  const res = await createPostAs(browser, { plainText });
  expect(res.statusCode).toBe(201);
  return res.json() as Post;
}

async function save(browser: TestBrowser, postId: string) {
  const res = await browser.post(`/api/posts/${postId}/like`);
  expect(res.json()).toMatchObject({ liked: true });
}

/** Accounts that exist only as rows (no sign-in needed): savers for the paging tests. */
async function insertPeople(n: number, prefix: string) {
  const rows = Array.from({ length: n }, (_, i) => ({
    id: newId(),
    name: `Saver ${i}`,
    firstName: 'Saver',
    lastName: `Number${i}`,
    username: `${prefix}${i}`,
    email: `${prefix}${i}@example.com`,
    campusId: CAMPUS_IDS.ou,
    verified: true,
    schoolVerified: true,
  }));
  await db.insert(users).values(rows);
  return rows;
}

describe('GET /api/posts/:postId/liked-by', () => {
  it('answers every role as the post page does; denials carry no one and store nothing', async () => {
    const r = await roles(app, db, 'Liam Lister');
    const post = await postBy(r.owner);
    await save(r.other, post.id);
    await save(r.owner, post.id);
    const before = await saves();

    const denied = [
      [r.anonymous, 401, 'UNAUTHENTICATED'],
      [r.unverified, 403, 'EMAIL_NOT_VERIFIED'],
      [r.noCampus, 403, 'SCHOOL_NOT_VERIFIED'],
    ] as const;
    for (const [browser, status, code] of denied) {
      const res = await likedBy(browser, post.id);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ code });
      expect(res.body).not.toContain(r.otherUser.id);
    }

    // A UT member visiting OU may read OU's post pages (decision 028: guests look), so the list too.
    for (const browser of [r.otherCampus, r.other, r.owner]) {
      expect((await browser.get(`/api/posts/${post.id}`)).statusCode).toBe(200);
      const res = await likedBy(browser, post.id);
      expect(res.statusCode).toBe(200);
      const page = res.json() as LikedByPage;
      // Latest save first.
      expect(page.people.map((p) => p.id)).toEqual([r.ownerUser.id, r.otherUser.id]);
      expect(page.nextCursor).toBeNull();
    }
    expect(await saves()).toBe(before);
  });

  it('shows only the card fields of each person, never an email or phone', async () => {
    const owner = await member(app, db, 'ou', 'Paula Private');
    const fan = await member(app, db, 'ou', 'Fiona Fan');
    await db.update(users).set({ phone: '4055550101' }).where(eq(users.id, fan.user.id));
    const post = await postBy(owner.browser);
    await save(fan.browser, post.id);
    const page = (await likedBy(owner.browser, post.id)).json() as LikedByPage;
    expect(page.people).toHaveLength(1);
    expect(Object.keys(page.people[0] ?? {}).sort()).toEqual([
      'firstName',
      'id',
      'img',
      'lastName',
      'username',
      'verified',
    ]);
    expect(page.people[0]?.img).toMatch(/^\/media\/images\/profilePics\//);
    expect(JSON.stringify(page)).not.toContain(fan.user.email);
    expect(JSON.stringify(page)).not.toContain('4055550101');
  });

  it('pages by keyset, latest first, with ties on the same millisecond neither lost nor repeated', async () => {
    const owner = await member(app, db, 'ou', 'Kim Keyset');
    const post = await postBy(owner.browser);
    const people = await insertPeople(LIKED_BY_PAGE_SIZE + 5, `keyset${Date.now()}x`);
    const sameTime = new Date('2026-11-01T12:00:00.123Z');
    // 10 saves at one instant, the rest a second apart.
    await db.insert(postLikes).values(
      people.map((p, i) => ({
        postId: post.id,
        userId: p.id,
        createdAt: i < 10 ? sameTime : new Date(sameTime.getTime() + (i + 1) * 1000),
      })),
    );
    const firstRes = await likedBy(owner.browser, post.id);
    expect(firstRes.statusCode, firstRes.body).toBe(200);
    const first = firstRes.json() as LikedByPage;
    expect(first.people).toHaveLength(LIKED_BY_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await likedBy(owner.browser, post.id, first.nextCursor ?? '')).json() as LikedByPage;
    expect(second.people).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.people, ...second.people].map((p) => p.id);
    expect(new Set(seen).size).toBe(people.length);
    // The latest save (the last inserted) first.
    expect(seen[0]).toBe(people.at(-1)?.id);
  });

  it('never lists people blocked either way; a blocked viewer gets the missing post’s 404', async () => {
    const owner = await member(app, db, 'ou', 'Bea Blocked');
    const fan = await member(app, db, 'ou', 'Frank Fan');
    const foe = await member(app, db, 'ou', 'Fay Foe');
    const hater = await member(app, db, 'ou', 'Hal Hater');
    const viewer = await member(app, db, 'ou', 'Vic Viewer');
    const post = await postBy(owner.browser);
    await save(fan.browser, post.id);
    await save(foe.browser, post.id);
    await save(hater.browser, post.id);
    await save(viewer.browser, post.id);

    // The viewer blocks one saver and another saver blocks the viewer: both leave the viewer's list,
    // and the viewer leaves theirs.
    expect((await viewer.browser.post('/api/blocks', { userId: foe.user.id })).statusCode).toBe(200);
    expect((await hater.browser.post('/api/blocks', { userId: viewer.user.id })).statusCode).toBe(200);
    const ids = async (browser: TestBrowser) =>
      ((await likedBy(browser, post.id)).json() as LikedByPage).people.map((p) => p.id);
    expect(await ids(viewer.browser)).toEqual([viewer.user.id, fan.user.id]);
    expect(await ids(foe.browser)).toEqual([hater.user.id, foe.user.id, fan.user.id]);
    expect(await ids(hater.browser)).toEqual([hater.user.id, foe.user.id, fan.user.id]);
    expect(await ids(owner.browser)).toEqual([viewer.user.id, hater.user.id, foe.user.id, fan.user.id]);

    // The post's author blocks the viewer: the list is as missing as the post, the same answer.
    expect((await owner.browser.post('/api/blocks', { userId: viewer.user.id })).statusCode).toBe(200);
    const blocked = await likedBy(viewer.browser, post.id);
    const missing = await likedBy(viewer.browser, 'no-such-post');
    expect(blocked.statusCode).toBe(404);
    expect(blocked.json()).toEqual(missing.json());
    expect((await viewer.browser.get(`/api/posts/${post.id}`)).statusCode).toBe(404);
  });

  it('a post of another campus is missing here', async () => {
    const ut = await member(app, db, 'ut', 'Tex Longhorn');
    const utPost = await postBy(ut.browser);
    const ou = await member(app, db, 'ou', 'Olga Sooner');
    const res = await likedBy(ou.browser, utPost.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'POST_NOT_FOUND' });
  });

  it('answers hostile ids and cursors with 4xx, never 5xx', async () => {
    const { browser } = await member(app, db, 'ou', 'Hana Hostile');
    const post = await postBy(browser);
    const ids = ["' OR 1=1 --", '%00', 'a'.repeat(65), '../../etc/passwd', '😀', '{"$ne":null}', ' '];
    for (const id of ids) {
      const res = await likedBy(browser, id);
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
    }
    const cursors = [
      'not-base64!!',
      Buffer.from('yesterday|x').toString('base64url'),
      Buffer.from('2026-01-01T00:00:00.000Z|x|y').toString('base64url'),
      encodeCursor({ at: new Date('2026-01-01T00:00:00Z'), id: "x' OR '1'='1" }),
      'a'.repeat(201),
    ];
    for (const cursor of cursors) {
      const res = await likedBy(browser, post.id, cursor);
      expect(res.statusCode, cursor).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, cursor).toBeLessThan(500);
    }
  });
});
