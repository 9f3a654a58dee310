import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CAMPUS_IDS,
  isReservedUsername,
  PROFILE_MESSAGES,
  PROFILE_SERVER_MESSAGES,
  type PublicProfile,
} from '@campus/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { latestMail, mailCount, TestBrowser, verifiedUser } from '../../../test/auth.ts';
import { createPostAs, member, testPhoto } from '../../../test/posts.ts';
import { roles, usernameOf } from '../../../test/profiles.ts';
import { countQueries } from '../../../test/queries.ts';
import { blocks, posts, users } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { MEDIA_ROUTE_PREFIX } from '../../plugins/storage.ts';
import { freeUsername } from '../auth/usernames.ts';

const { app, db } = await createTestApp();
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

const PUBLIC_KEYS = [
  'bio',
  'blocked',
  'blockedByViewer',
  'campusId',
  'createdAt',
  'firstName',
  'id',
  'img',
  'imgSmall',
  'isOwn',
  'lastName',
  'postCount',
  'profileSetUp',
  'schoolVerified',
  'username',
  'verified',
].sort();

describe('profile header: who sees what', () => {
  it('each role: visitor 401, unverified and campus-less 403 with the redirect codes, members 200', async () => {
    const r = await roles(app, db);
    const name = await usernameOf(db, r.ownerUser.id);
    const url = `/api/profiles/${name}`;

    expect((await r.anonymous.get(url)).json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    expect((await r.unverified.get(url)).json()).toMatchObject({ statusCode: 403, code: 'EMAIL_NOT_VERIFIED' });
    expect((await r.noCampus.get(url)).json()).toMatchObject({ statusCode: 403, code: 'SCHOOL_NOT_VERIFIED' });

    // A UT member visiting OU's site may look at OU's members, as at its feed.
    const guest = await r.otherCampus.get(url);
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toMatchObject({ isOwn: false });

    const other = await r.other.get(url);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({
      id: r.ownerUser.id,
      username: name,
      firstName: 'Olive',
      lastName: 'Owner',
      bio: 'Test student',
      verified: true,
      schoolVerified: true,
      campusId: CAMPUS_IDS.ou,
      isOwn: false,
      blocked: false,
      blockedByViewer: false,
      postCount: 0,
    });
    expect(other.json().img).toMatch(/^\/media\/images\/profilePics\/.+-large\.webp$/);

    const own = await r.owner.get(url);
    expect(own.json()).toMatchObject({ isOwn: true, profileSetUp: true });
  });

  it('never sends email, phone, gender, birth date or school email, even when they are set', async () => {
    const r = await roles(app, db);
    await db
      .update(users)
      .set({ phone: '+14055550123', gender: 'female', birthDate: { month: 2, day: 3, year: 2001 } })
      .where(eq(users.id, r.ownerUser.id));
    const res = await r.other.get(`/api/profiles/${await usernameOf(db, r.ownerUser.id)}`);
    expect(Object.keys(res.json()).sort()).toEqual(PUBLIC_KEYS);
    expect(res.body).not.toMatch(/@example\.com|4055550123|female|2001/);
  });

  it('finds a username in any case', async () => {
    const r = await roles(app, db);
    const name = await usernameOf(db, r.ownerUser.id);
    const res = await r.other.get(`/api/profiles/${name.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(r.ownerUser.id);
  });

  it("another campus's member, a campus-less account and a missing name are 'This page doesn’t exist.'", async () => {
    const r = await roles(app, db);
    const missing = { statusCode: 404, code: 'USER_NOT_FOUND', message: PROFILE_MESSAGES.notFound };
    expect((await r.other.get(`/api/profiles/${await usernameOf(db, r.otherCampusUser.id)}`)).json()).toEqual(missing);
    const campusless = await verifiedUser(app, db, { name: 'Cam Pusless' });
    expect((await r.other.get(`/api/profiles/${campusless.user.username}`)).json()).toEqual(missing);
    expect((await r.other.get('/api/profiles/nobody-by-this-name')).json()).toEqual(missing);
    expect((await r.other.get('/api/profiles/nobody-by-this-name/posts')).json()).toEqual(missing);
    // The UT member's own profile is not on OU's site, even for the UT member.
    expect((await r.otherCampus.get(`/api/profiles/${await usernameOf(db, r.otherCampusUser.id)}`)).statusCode).toBe(
      404,
    );
  });

  it('hostile usernames and queries get a 4xx', async () => {
    const r = await roles(app, db);
    const name = await usernameOf(db, r.ownerUser.id);
    expect((await r.other.get(`/api/profiles/${'a'.repeat(51)}`)).statusCode).toBe(400);
    expect((await r.other.get('/api/profiles/a%00b')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await r.other.get('/api/profiles/a%00b')).statusCode).toBeLessThan(500);
    expect((await r.other.get("/api/profiles/x'%20OR%201=1--")).statusCode).toBe(404);
    expect((await r.other.get(`/api/profiles/${name}/posts?show=secrets`)).statusCode).toBe(400);
    expect((await r.other.get(`/api/profiles/${name}/posts?cursor=bm9wZQ`)).json().code).toBe('INVALID_CURSOR');
    expect((await r.other.get(`/api/profiles/${name}/posts?cursor=${'x'.repeat(300)}`)).statusCode).toBe(400);
  });
});

describe('profile tabs', () => {
  it('posts (top-level, no "new user"), photos, replies and likes, 10 a page with a cursor', async () => {
    const { browser, user } = await member(app, db, 'ou', 'Tabitha Tabs');
    const { browser: friend } = await member(app, db, 'ou', 'Fred Friend');
    const name = user.username;
    await db.insert(posts).values({ id: newId(), campusId: CAMPUS_IDS.ou, userId: user.id, type: 'new user' });
    for (let i = 0; i < 11; i++) {
      expect((await createPostAs(browser, { plainText: `post ${i}` })).statusCode).toBe(201);
    }
    const withPhoto = await createPostAs(browser, { plainText: 'with photo' }, [
      { name: 'a.jpg', type: 'image/jpeg', bytes: await testPhoto() },
    ]);
    expect(withPhoto.statusCode).toBe(201);
    const friendsPost = (await createPostAs(friend, { plainText: 'friend post' })).json();
    const reply = await createPostAs(browser, { plainText: 'a reply', parentId: friendsPost.id });
    expect(reply.statusCode).toBe(201);
    expect((await browser.post(`/api/posts/${friendsPost.id}/like`)).json().liked).toBe(true);

    const first = (await friend.get(`/api/profiles/${name}/posts`)).json();
    expect(first.posts).toHaveLength(10);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await friend.get(`/api/profiles/${name}/posts?show=posts&cursor=${first.nextCursor}`)).json();
    expect(second.posts).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const all = [...first.posts, ...second.posts];
    expect(new Set(all.map((p: { id: string }) => p.id)).size).toBe(12);
    expect(all.every((p: { type: string; parentId: string | null }) => p.type === 'post' && p.parentId === null)).toBe(
      true,
    );
    expect(all[0].plainText).toBe('with photo');

    const photos = (await friend.get(`/api/profiles/${name}/posts?show=photos`)).json();
    expect(photos.posts.map((p: { id: string }) => p.id)).toEqual([withPhoto.json().id]);
    expect(photos.posts[0].media[0].url).toMatch(/^\/media\//);

    const replies = (await friend.get(`/api/profiles/${name}/posts?show=replies`)).json();
    expect(replies.posts.map((p: { id: string }) => p.id)).toEqual([reply.json().id]);

    const likes = (await friend.get(`/api/profiles/${name}/posts?show=likes`)).json();
    expect(likes.posts.map((p: { id: string }) => p.id)).toEqual([friendsPost.id]);
    // Seen by the friend, who did not like their own post.
    expect(likes.posts[0].likedByViewer).toBe(false);

    const header = (await friend.get(`/api/profiles/${name}`)).json() as PublicProfile;
    expect(header.postCount).toBe(12);
  });

  it('a page takes the same number of queries for 1 post as for 10', async () => {
    const { browser: one, user: oneUser } = await member(app, db, 'ou', 'Una Post');
    const { browser: ten, user: tenUser } = await member(app, db, 'ou', 'Tena Posts');
    const { browser: viewer } = await member(app, db, 'ou', 'Vic Viewer');
    await createPostAs(one, { plainText: 'only one' }, [
      { name: 'a.jpg', type: 'image/jpeg', bytes: await testPhoto() },
    ]);
    for (let i = 0; i < 10; i++) {
      await createPostAs(ten, { plainText: `p${i}` }, [
        { name: 'a.jpg', type: 'image/jpeg', bytes: await testPhoto() },
      ]);
    }
    for (const show of ['posts', 'photos', 'replies', 'likes']) {
      await viewer.get('/api/me'); // warm the session path alike for both
      const a = await countQueries(db, () => viewer.get(`/api/profiles/${oneUser.username}/posts?show=${show}`));
      const b = await countQueries(db, () => viewer.get(`/api/profiles/${tenUser.username}/posts?show=${show}`));
      expect(b).toBe(a);
      expect(a).toBeLessThanOrEqual(6);
    }
  });

  it('the blocked person finds no such profile; the blocker sees the header (to unblock) with empty lists', async () => {
    const { browser, user } = await member(app, db, 'ou', 'Bea Blocker');
    const { browser: blocked, user: blockedUser } = await member(app, db, 'ou', 'Bo Blocked');
    await createPostAs(browser, { plainText: 'hidden from Bo' });
    await createPostAs(blocked, { plainText: 'hidden from Bea' });
    await db.insert(blocks).values({ campusId: CAMPUS_IDS.ou, blockerId: user.id, blockedId: blockedUser.id });
    for (const url of [`/api/profiles/${user.username}`, `/api/profiles/${user.username}/posts`]) {
      const res = await blocked.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'USER_NOT_FOUND', message: PROFILE_MESSAGES.notFound });
    }
    const own = (await browser.get(`/api/profiles/${blockedUser.username}`)).json();
    expect(own.blocked).toBe(true);
    expect(own.blockedByViewer).toBe(true);
    expect((await browser.get(`/api/profiles/${blockedUser.username}/posts`)).json()).toEqual({
      posts: [],
      nextCursor: null,
    });
  });
});

describe('usernames never collide with app routes', () => {
  /** First path segments of the web app's routes (paths.ts and the router's own paths). */
  function webTopSegments(): Set<string> {
    const segments = new Set<string>();
    for (const file of ['apps/web/src/config/paths.ts', 'apps/web/src/app/router.tsx']) {
      const text = readFileSync(path.join(repoRoot, file), 'utf8');
      for (const match of text.matchAll(/path:\s*'\/([^/'?#]+)/g)) {
        const segment = match[1] ?? '';
        if (!segment.startsWith(':') && segment !== '*') segments.add(segment);
      }
    }
    return segments;
  }

  /** First path segments of every server route. */
  function serverTopSegments(): Set<string> {
    const segments = new Set<string>();
    const tree = app.printRoutes({ commonPrefix: false });
    for (const line of tree.split('\n')) {
      // Top-level entries start the line: '├── /api/me (GET, HEAD)'.
      const match = line.match(/^[├└]── \/([^/\s(]+)/);
      if (match?.[1] && !match[1].startsWith(':') && match[1] !== '*') segments.add(match[1]);
    }
    return segments;
  }

  it('every top-level path of the web app and the server is reserved', () => {
    const web = webTopSegments();
    const server = serverTopSegments();
    expect(web.size).toBeGreaterThan(15);
    expect(server).toContain('api');
    expect(server).toContain('dev');
    // Uploads are served below MEDIA_ROUTE_PREFIX (a wildcard route the tree prints as '*'),
    // and the built web app's files below /assets.
    server.add(MEDIA_ROUTE_PREFIX.split('/')[1] ?? '');
    server.add('assets');
    const notReserved = [...web, ...server].filter((s) => /^[A-Za-z0-9_-]+$/.test(s) && !isReservedUsername(s));
    expect(notReserved).toEqual([]);
  });

  it('the username form refuses a route name as taken; the generator skips it', async () => {
    const { browser } = await verifiedUser(app, db);
    for (const name of ['settings', 'Search_Schools', 'MEDIA', 'profile', 'user_registration', 'Home']) {
      expect((await browser.request('PUT', '/api/me/username', { username: name })).json()).toEqual({
        statusCode: 409,
        code: 'USERNAME_TAKEN',
        message: 'That username has been taken.',
      });
    }
    expect(await freeUsername(db, 'Set', 'Tings')).toBe('settings-2');
    const signedUp = await verifiedUser(app, db, { name: 'Sear Ch' });
    expect(signedUp.user.username).toBe('search-2');
    const home = await verifiedUser(app, db, { name: 'Ho Me' });
    expect(home.user.username).toMatch(/^home-\d+$/);
    // The reserved name never reaches the table.
    expect(await db.query.users.findFirst({ where: eq(users.username, 'settings') })).toBeUndefined();
  });

  it('a visitor on any campus host gets the same refusal codes', async () => {
    const visitor = new TestBrowser(app, 'ut.localhost:3000');
    expect((await visitor.get('/api/profiles/anyone')).json().code).toBe('UNAUTHENTICATED');
  });
});

describe("'Claim this account'", () => {
  /** An account of the campus whose email was never verified (one the campus holds for a seller). */
  async function unclaimed(slug: 'ou' | 'ut' = 'ou', name = 'Uli Unclaimed') {
    const { user } = await member(app, db, slug, name);
    await db.update(users).set({ verified: false }).where(eq(users.id, user.id));
    const row = await db.query.users.findFirst({ where: eq(users.id, user.id) });
    if (!row) throw new Error('user missing');
    // Mails since the account was made (its sign-up code is not ours to count).
    const before = await mailCount(db, row.email);
    const mailed = async () => (await mailCount(db, row.email)) - before;
    return { id: user.id, email: row.email, username: row.username, mailed };
  }

  it('a member asks: a sign-in link goes to the account’s own address, which the answer never shows; the link claims it', async () => {
    const target = await unclaimed();
    const r = await roles(app, db);
    const header = (await r.other.get(`/api/profiles/${target.username}`)).json();
    expect(header).toMatchObject({ verified: false, isOwn: false });

    const res = await r.other.post(`/api/profiles/${target.username.toUpperCase()}/claim`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true });
    expect(res.body).not.toContain(target.email);
    expect(await target.mailed()).toBe(1);

    const link = new URL((await latestMail(db, target.email))?.text.match(/https?:\/\/\S+/)?.[0] ?? '');
    expect(link.origin).toBe('http://ou.localhost:3000');
    expect(link.pathname).toBe('/login/sent');
    // The owner opens it in the browser that asked (a link works there only: auth/link-binding.ts):
    // signed in as the account, whose email is now verified.
    const owner = r.other.copy();
    const token = link.searchParams.get('token') ?? '';
    const redeem = await owner.get(`/api/auth/magic-link/verify?token=${encodeURIComponent(token)}&callbackURL=/home`);
    expect(redeem.statusCode).toBe(302);
    expect((await owner.get('/api/me')).json().viewer).toMatchObject({ id: target.id, verified: true });
    // Claimed now: asking again is refused and mails nothing.
    const again = await r.other.post(`/api/profiles/${target.username}/claim`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ACCOUNT_ALREADY_CLAIMED',
      message: PROFILE_SERVER_MESSAGES.alreadyClaimed,
    });
    expect(await target.mailed()).toBe(1);
  });

  it('each denied role mails nothing: visitor 401, unverified and campus-less 403, verified profile 409, own 409', async () => {
    const target = await unclaimed();
    const r = await roles(app, db);
    const url = `/api/profiles/${target.username}/claim`;
    expect((await r.anonymous.post(url)).json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    expect((await r.unverified.post(url)).json()).toMatchObject({ statusCode: 403, code: 'EMAIL_NOT_VERIFIED' });
    expect((await r.noCampus.post(url)).json()).toMatchObject({ statusCode: 403, code: 'SCHOOL_NOT_VERIFIED' });
    const ownerName = await usernameOf(db, r.ownerUser.id);
    const ownerEmail = (await db.query.users.findFirst({ where: eq(users.id, r.ownerUser.id) }))?.email ?? '';
    const ownerMails = await mailCount(db, ownerEmail);
    expect((await r.other.post(`/api/profiles/${ownerName}/claim`)).json()).toMatchObject({
      statusCode: 409,
      code: 'ACCOUNT_ALREADY_CLAIMED',
    });
    expect((await r.owner.post(`/api/profiles/${ownerName}/claim`)).statusCode).toBe(409);
    expect(await target.mailed()).toBe(0);
    expect(await mailCount(db, ownerEmail)).toBe(ownerMails);
  });

  it("another campus's account is 'This page doesn’t exist.'; a campus without email links refuses; nothing is mailed", async () => {
    const utTarget = await unclaimed('ut', 'Tex Unclaimed');
    const r = await roles(app, db);
    const fromOu = await r.other.post(`/api/profiles/${utTarget.username}/claim`);
    expect(fromOu.json()).toMatchObject({
      statusCode: 404,
      code: 'USER_NOT_FOUND',
      message: PROFILE_MESSAGES.notFound,
    });

    const ut = await member(app, db, 'ut', 'Uma Asker');
    const onUt = await ut.browser.post(`/api/profiles/${utTarget.username}/claim`);
    expect(onUt.json()).toMatchObject({
      statusCode: 403,
      code: 'NOT_ON_THIS_CAMPUS',
      message: PROFILE_SERVER_MESSAGES.claimNotOnThisCampus,
    });
    expect(await utTarget.mailed()).toBe(0);
  });

  it('hostile usernames get a 4xx and mail nothing; five claims an hour per account, then 429', async () => {
    const target = await unclaimed();
    const { browser } = await member(app, db, 'ou', 'Hal Hostile');
    for (const name of ['%00', 'a%00b', 'x'.repeat(500), '..%2F..%2Fetc', '%F0%9F%92%A9']) {
      const res = await browser.post(`/api/profiles/${name}/claim`);
      expect(res.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, name).toBeLessThan(500);
    }
    const body = await browser.send(
      'POST',
      `/api/profiles/${target.username}/claim`,
      Buffer.from('{"email":"me@x.com"}'),
      'application/json',
    );
    expect(body.statusCode).toBe(200);
    expect(await mailCount(db, 'me@x.com')).toBe(0);
    for (let i = 0; i < 3; i++) {
      expect((await browser.post(`/api/profiles/${target.username}/claim`)).statusCode).toBeLessThan(500);
    }
    expect((await browser.post(`/api/profiles/${target.username}/claim`)).statusCode).toBe(429);
  });
});
