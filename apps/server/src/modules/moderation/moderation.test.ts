import type { AddressInfo } from 'node:net';
import {
  CAMPUS_IDS,
  type Inbox,
  MODERATION_EVENT_TYPES,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  type ModerationLog,
  type ModerationQueue,
  type NotificationList,
  type Post,
} from '@campus/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { TestBrowser, verifiedUser } from '../../../test/auth.ts';
import { chatPage, openChatWith, sendMessageAs } from '../../../test/chats.ts';
import { moderatorOfAnotherCampus, suspendMember } from '../../../test/moderation.ts';
import { createPostAs, member } from '../../../test/posts.ts';
import { roles, signInOn } from '../../../test/profiles.ts';
import { listen, until } from '../../../test/sse.ts';
import {
  campusModerators,
  events,
  memberSuspensions,
  moderationLog,
  notifications,
  posts,
  sessions,
  userReports,
  users,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { banAccount } from '../auth/index.ts';
import { claimPendingPushes, lockPendingMailGroups } from '../notifications/index.ts';
import { runModeratorsCommand } from './moderators.service.ts';

/** A clock the tests move past a suspension's end without waiting. */
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
const { app, db } = await createTestApp({}, { clock });
const DAY = MODERATION_LIMITS.dayMs;
let port = 0;
beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

type Member = Awaited<ReturnType<typeof member>>;

const emailOf = async (id: string) =>
  (await db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email ?? '';
const reportsBy = (reporterId: string) => db.select().from(userReports).where(eq(userReports.reporterId, reporterId));
const logCount = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(moderationLog))[0]?.n ?? 0;
const notificationsOf = (userId: string) => db.select().from(notifications).where(eq(notifications.toUserId, userId));

async function moderatorOf(slug: 'ou' | 'ut', name = 'Mona Moderator'): Promise<Member> {
  const m = await member(app, db, slug, name);
  const out = await runModeratorsCommand(db, ['grant', await emailOf(m.user.id), slug, '--by', 'test'], clock);
  expect(out.code, out.lines.join('\n')).toBe(0);
  return m;
}

async function postBy(browser: TestBrowser, text = 'Desk lamp, works great', extra: Record<string, unknown> = {}) {
  const res = await createPostAs(browser, { plainText: text, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Post;
}

const report = (browser: TestBrowser, body: unknown) => browser.post('/api/reports', body);
const act = (browser: TestBrowser, body: unknown) => browser.post('/api/moderation/actions', body);
/** Every page of the queue, in order (the tests of this file share the campus's queue). */
const queueOf = async (browser: TestBrowser): Promise<ModerationQueue> => {
  const groups: ModerationQueue['groups'] = [];
  let cursor: string | null = null;
  do {
    const res = await browser.get(`/api/moderation/queue${cursor ? `?cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as ModerationQueue;
    expect(page.groups.length).toBeLessThanOrEqual(MODERATION_LIMITS.queuePerPage);
    groups.push(...page.groups);
    cursor = page.nextCursor;
  } while (cursor);
  return { groups, nextCursor: null };
};

/** Signs in again with the password (a fresh session), or answers the refusal. */
async function signIn(email: string) {
  const browser = new TestBrowser(app, 'ou.localhost:3000');
  const res = await browser.post('/api/auth/sign-in/email', { email, password: 'secret123' });
  return { browser, res };
}

describe('the moderators command', () => {
  it('grants, lists and revokes; only a school-verified member of that campus; unknown input refused', async () => {
    const m = await member(app, db, 'ou', 'Gina Grant');
    const email = await emailOf(m.user.id);
    expect((await runModeratorsCommand(db, ['grant', email, 'ut'])).code).toBe(1);
    expect((await runModeratorsCommand(db, ['grant', 'nobody@ou.edu', 'ou'])).code).toBe(1);
    expect((await runModeratorsCommand(db, ['grant', email, 'nowhere'])).code).toBe(1);
    expect((await runModeratorsCommand(db, ['frobnicate'])).code).toBe(1);
    expect((await runModeratorsCommand(db, [])).code).toBe(1);
    const unverified = await verifiedUser(app, db, { host: 'ou.localhost:3000', name: 'Una Joined' });
    expect((await runModeratorsCommand(db, ['grant', unverified.email, 'ou'])).code).toBe(1);
    expect(await db.select().from(campusModerators).where(eq(campusModerators.userId, m.user.id))).toEqual([]);

    const granted = await runModeratorsCommand(db, ['grant', email.toUpperCase(), 'ou', '--by', 'Dean Ops']);
    expect(granted).toEqual({ code: 0, lines: [`${email} now moderates ou.`] });
    expect((await runModeratorsCommand(db, ['grant', email, 'ou'])).lines[0]).toBe(`${email} already moderates ou.`);
    const listed = await runModeratorsCommand(db, ['list', 'ou']);
    expect(listed.lines.some((l) => l.includes(email) && l.includes('Dean Ops'))).toBe(true);

    // The viewer's flag: the nav shows Moderation on OU only.
    expect((await m.browser.get('/api/me')).json().viewer.moderator).toBe(true);
    const visiting = await signInOn(app, email, 'ut.localhost:3000');
    expect((await visiting.get('/api/me')).json().viewer.moderator).toBe(false);

    expect((await runModeratorsCommand(db, ['revoke', email, 'ou'])).lines[0]).toBe(`${email} no longer moderates ou.`);
    expect((await m.browser.get('/api/me')).json().viewer.moderator).toBe(false);
    expect((await m.browser.get('/api/moderation/queue')).statusCode).toBe(404);
  });
});

describe('reporting', () => {
  it('each role: only another member of this campus reports; every refusal stores nothing', async () => {
    const r = await roles(app, db, 'Rory Roles');
    const post = await postBy(r.owner);
    const body = { target: { type: 'post', id: post.id }, reason: 'scam', note: 'Asked for Zelle first' };
    expect((await report(r.anonymous, body)).json().code).toBe('UNAUTHENTICATED');
    expect((await report(r.unverified, body)).json().code).toBe('EMAIL_NOT_VERIFIED');
    expect((await report(r.noCampus, body)).json().code).toBe('SCHOOL_NOT_VERIFIED');
    expect((await report(r.otherCampus, body)).json()).toMatchObject({ statusCode: 403, code: 'NOT_A_MEMBER' });
    expect((await report(r.owner, body)).json()).toMatchObject({ statusCode: 400, code: 'CANNOT_REPORT_OWN_CONTENT' });
    const self = { target: { type: 'user', id: r.ownerUser.id }, reason: 'spam' };
    expect((await report(r.owner, self)).json()).toMatchObject({ statusCode: 400, code: 'CANNOT_REPORT_SELF' });
    // A moderator of another campus is a plain member elsewhere: here, not a member at all.
    const utMod = await moderatorOf('ut', 'Ursula Utmod');
    const utModHere = await signInOn(app, await emailOf(utMod.user.id), 'ou.localhost:3000');
    expect((await report(utModHere, body)).json().code).toBe('NOT_A_MEMBER');
    expect(await db.select().from(userReports).where(eq(userReports.postId, post.id))).toEqual([]);

    const res = await report(r.other, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: MODERATION_MESSAGES.reported, alreadyReported: false });
    const [stored] = await reportsBy(r.otherUser.id);
    expect(stored).toMatchObject({
      kind: 'post',
      postId: post.id,
      targetId: r.ownerUser.id,
      category: 'scam',
      reason: 'Asked for Zelle first',
      status: 'open',
    });
    // Once per reporter and target: the second answers the first, nothing new stored.
    const again = await report(r.other, { ...body, reason: 'spam' });
    expect(again.json()).toEqual({
      message: MODERATION_MESSAGES.reported,
      reportId: stored?.id,
      alreadyReported: true,
    });
    expect(await reportsBy(r.otherUser.id)).toHaveLength(1);
  });

  it('suspended and banned members cannot report; nothing stored', async () => {
    const author = await member(app, db, 'ou', 'Sue Author');
    const post = await postBy(author.browser);
    const suspended = await member(app, db, 'ou', 'Sam Suspended');
    await db.insert(memberSuspensions).values({
      id: `s-${suspended.user.id}`,
      campusId: CAMPUS_IDS.ou,
      userId: suspended.user.id,
      reason: 'test',
      startsAt: clock.now(),
      endsAt: new Date(clock.now().getTime() + DAY),
      createdBy: 'test',
    });
    const body = { target: { type: 'post', id: post.id }, reason: 'spam' };
    expect((await report(suspended.browser, body)).json()).toMatchObject({
      statusCode: 403,
      code: 'ACCOUNT_SUSPENDED',
    });
    const banned = await member(app, db, 'ou', 'Bea Banned');
    await banAccount(db, await emailOf(banned.user.id), 'test');
    expect((await report(banned.browser, body)).statusCode).toBe(401);
    expect(await db.select().from(userReports).where(eq(userReports.postId, post.id))).toEqual([]);
  });

  it('hostile inputs get a 4xx and store nothing', async () => {
    const reporter = await member(app, db, 'ou', 'Hank Hostile');
    const author = await member(app, db, 'ou', 'Tess Target');
    const post = await postBy(author.browser);
    const target = { type: 'post', id: post.id };
    const third = await member(app, db, 'ou', 'Carl Chatter');
    const chat = await openChatWith(author.browser, third.user.id);
    const sent = await sendMessageAs(author.browser, chat.id, { plainText: 'private line' });
    const ut = await member(app, db, 'ut', 'Ulla Utpost');
    const utPost = await postBy(ut.browser);
    for (const body of [
      { target, reason: 'spam', note: 'nul\u0000' },
      { target, reason: 'spam', note: 'x'.repeat(10_000) },
      { target, reason: 'spam', note: 'y'.repeat(501) },
      { target, reason: 'spam', note: 42 },
      { target, reason: 'not-a-reason' },
      { target },
      { target: { type: 'poll', id: post.id }, reason: 'spam' },
      { target: { type: 'post', id: 'bad id!' }, reason: 'spam' },
      { target: { type: 'post', id: ['a'] }, reason: 'spam' },
      { target, reason: 'spam', extra: true },
      { target: { type: 'post', id: post.id, deep: { a: { b: { c: {} } } } }, reason: 'spam' },
    ]) {
      const res = await report(reporter.browser, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(
      (await reporter.browser.send('POST', '/api/reports', Buffer.from('{"target":'), 'application/json')).statusCode,
    ).toBe(400);
    // Missing, another campus's, and a message of a chat the reporter is not in: all 'not found'.
    for (const t of [
      { type: 'post', id: 'nope' },
      { type: 'user', id: 'nope' },
      { type: 'review', id: 'nope' },
      { type: 'post', id: utPost.id },
      { type: 'user', id: ut.user.id },
      { type: 'message', id: sent.json().id },
    ]) {
      const res = await report(reporter.browser, { target: t, reason: 'spam' });
      expect(res.json(), JSON.stringify(t)).toMatchObject({ statusCode: 404, code: 'TARGET_NOT_FOUND' });
    }
    expect(await reportsBy(reporter.user.id)).toEqual([]);
    // A note with line breaks is fine.
    expect((await report(reporter.browser, { target, reason: 'other', note: 'one\ntwo' })).statusCode).toBe(200);
  });
});

describe('auto-hide and restore', () => {
  it('3 different members hide a post pending review; the author is told; a moderator restores it', async () => {
    const mod = await moderatorOf('ou', 'Max Mod');
    const author = await member(app, db, 'ou', 'Ava Author');
    const post = await postBy(author.browser, 'Concert tickets, pay by gift card');
    const reporters = [
      await member(app, db, 'ou', 'Rae One'),
      await member(app, db, 'ou', 'Rex Two'),
      await member(app, db, 'ou', 'Ria Three'),
    ];
    const viewer = await member(app, db, 'ou', 'Vic Viewer');
    const feedIds = async (b: TestBrowser) => ((await b.get('/api/posts')).json().posts as Post[]).map((p) => p.id);
    expect(await feedIds(viewer.browser)).toContain(post.id);

    // Two reports (one of them twice) hide nothing.
    for (const r of reporters.slice(0, 2)) {
      expect((await report(r.browser, { target: { type: 'post', id: post.id }, reason: 'scam' })).statusCode).toBe(200);
    }
    await report(reporters[0]?.browser as TestBrowser, { target: { type: 'post', id: post.id }, reason: 'spam' });
    expect((await db.select().from(posts).where(eq(posts.id, post.id)))[0]?.moderation).toBeNull();

    const stream = await listen(viewer.browser, port);
    await until(stream.ready);
    await report(reporters[2]?.browser as TestBrowser, { target: { type: 'post', id: post.id }, reason: 'scam' });
    expect((await db.select().from(posts).where(eq(posts.id, post.id)))[0]?.moderation).toBe('hidden');
    // Live: the open tab hears it.
    await until(() => stream.events.some((e) => e.type === MODERATION_EVENT_TYPES.contentHidden));
    stream.close();
    // Hidden to everyone but its author.
    expect(await feedIds(viewer.browser)).not.toContain(post.id);
    expect((await viewer.browser.get(`/api/posts/${post.id}`)).statusCode).toBe(404);
    expect((await author.browser.get(`/api/posts/${post.id}`)).statusCode).toBe(200);
    const told = await notificationsOf(author.user.id);
    expect(told.map((n) => n.type)).toContain('content hidden');
    // Nobody else saves it or comments under it, even by calling the API; nothing is stored.
    expect((await viewer.browser.post(`/api/posts/${post.id}/like`, {})).statusCode).toBe(404);
    const comment = await createPostAs(viewer.browser, { plainText: 'Still for sale?', parentId: post.id });
    expect(comment.statusCode).toBe(404);
    expect(await db.select().from(posts).where(eq(posts.postCommentedOn, post.id))).toEqual([]);
    expect((await db.select().from(posts).where(eq(posts.id, post.id)))[0]?.likesCount).toBe(0);
    // Its author still can.
    expect((await author.browser.post(`/api/posts/${post.id}/like`, {})).statusCode).toBe(200);
    await author.browser.post(`/api/posts/${post.id}/like`, {});

    // The queue shows it once, with its three reporters.
    const queue = await queueOf(mod.browser);
    const group = queue.groups.find((g) => g.target.id === post.id);
    expect(group).toMatchObject({ target: { type: 'post' }, moderation: 'hidden', reportCount: 3 });
    expect(group?.reports.map((r) => r.reporter.id).sort()).toEqual(reporters.map((r) => r.user.id).sort());
    expect(group?.content).toMatchObject({ type: 'post', post: { plainText: 'Concert tickets, pay by gift card' } });

    const restored = await act(mod.browser, {
      action: 'restore',
      target: { type: 'post', id: post.id },
      reason: 'Not a scam: the seller takes cash at pickup',
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().message).toBe(MODERATION_MESSAGES.actionDone.restore);
    expect(await feedIds(viewer.browser)).toContain(post.id);
    expect((await queueOf(mod.browser)).groups.some((g) => g.target.id === post.id)).toBe(false);
    const again = await act(mod.browser, { action: 'restore', target: { type: 'post', id: post.id }, reason: 'again' });
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'NOTHING_TO_RESTORE' });
  });
});

describe('auto-hide of a comment', () => {
  it('3 different members hide a comment from its thread for everyone but its author, who is told', async () => {
    const author = await member(app, db, 'ou', 'Cyd Commenter');
    const poster = await member(app, db, 'ou', 'Pat Poster');
    const top = await postBy(poster.browser, 'Futon, pickup only');
    const comment = await postBy(author.browser, 'Venmo me $20 to hold it', { parentId: top.id });
    const reporters = [
      await member(app, db, 'ou', 'Ria Reporter'),
      await member(app, db, 'ou', 'Rob Reporter'),
      await member(app, db, 'ou', 'Ros Reporter'),
    ];
    const threadIds = async (b: TestBrowser) =>
      ((await b.get(`/api/posts/${top.id}`)).json().comments as Post[]).map((c) => c.id);
    for (const [i, r] of reporters.entries()) {
      expect(await threadIds(poster.browser), `after ${i} reports`).toContain(comment.id);
      const res = await report(r.browser, { target: { type: 'comment', id: comment.id }, reason: 'scam' });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await db.select().from(posts).where(eq(posts.id, comment.id)))[0]?.moderation).toBe('hidden');
    expect(await threadIds(poster.browser)).not.toContain(comment.id);
    expect(await threadIds(reporters[0]?.browser as TestBrowser)).not.toContain(comment.id);
    expect(await threadIds(author.browser)).toContain(comment.id);
    expect((await notificationsOf(author.user.id)).map((n) => n.message)).toContain(
      MODERATION_MESSAGES.notifyHidden(MODERATION_MESSAGES.targetWords.comment),
    );
  });
});

describe('the queue and the log: who may read them', () => {
  it('only moderators of this campus; everyone else the 404 of a missing page', async () => {
    const r = await roles(app, db, 'Quinn Queue');
    const mod = await moderatorOf('ou', 'Olga Oumod');
    const utMod = await moderatorOf('ut', 'Uri Utmod');
    const utModHere = await signInOn(app, await emailOf(utMod.user.id), 'ou.localhost:3000');
    for (const url of ['/api/moderation/queue', '/api/moderation/log']) {
      expect((await r.anonymous.get(url)).statusCode).toBe(401);
      expect((await r.unverified.get(url)).statusCode).toBe(403);
      expect((await r.noCampus.get(url)).statusCode).toBe(403);
      expect((await r.otherCampus.get(url)).statusCode).toBe(404);
      expect((await r.other.get(url)).statusCode).toBe(404);
      expect((await r.owner.get(url)).statusCode).toBe(404);
      expect((await utModHere.get(url)).statusCode).toBe(404);
      expect((await mod.browser.get(url)).statusCode).toBe(200);
      expect((await mod.browser.get(`${url}?cursor=garbage`)).statusCode).toBe(400);
    }
    // UT's moderator reads UT's queue on UT's site.
    expect((await utMod.browser.get('/api/moderation/queue')).statusCode).toBe(200);
    // No route edits the log.
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      expect([404, 405]).toContain((await mod.browser.request(method, '/api/moderation/log', {})).statusCode);
    }
  });

  it('shows a comment with its thread and a message with the chat lines around it, in a fixed number of statements', async () => {
    const mod = await moderatorOf('ou', 'Cora Context');
    const a = await member(app, db, 'ou', 'Alan Thread');
    const b = await member(app, db, 'ou', 'Bria Thread');
    const top = await postBy(a.browser, 'Bike for sale');
    const comments: Post[] = [];
    for (let i = 0; i < 6; i++)
      comments.push(await postBy(i % 2 ? a.browser : b.browser, `comment ${i}`, { parentId: top.id }));
    const reported = comments[3] as Post;
    expect(reported.author.id).toBe(a.user.id);
    expect(
      (await report(b.browser, { target: { type: 'comment', id: reported.id }, reason: 'harassment' })).statusCode,
    ).toBe(200);

    const chat = await openChatWith(a.browser, b.user.id);
    const lines: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await sendMessageAs(i === 4 ? a.browser : i % 2 ? a.browser : b.browser, chat.id, {
        plainText: `line ${i}`,
      });
      lines.push(res.json().id);
    }
    expect(
      (await report(b.browser, { target: { type: 'message', id: lines[4] }, reason: 'scam', note: 'asks for Venmo' }))
        .statusCode,
    ).toBe(200);
    const utterly = await member(app, db, 'ou', 'Ugo User');
    expect(
      (await report(b.browser, { target: { type: 'user', id: utterly.user.id }, reason: 'spam' })).statusCode,
    ).toBe(200);

    const queue = await queueOf(mod.browser);
    const comment = queue.groups.find((g) => g.target.id === reported.id);
    expect(comment?.target.type).toBe('comment');
    if (comment?.content?.type !== 'comment') throw new Error('no comment context');
    expect(comment.content.parent?.id).toBe(top.id);
    expect(comment.content.thread.map((c) => c.plainText)).toEqual([
      'comment 0',
      'comment 1',
      'comment 2',
      'comment 3',
      'comment 4',
      'comment 5',
    ]);
    expect(comment.content.thread.find((c) => c.reported)?.id).toBe(reported.id);
    const message = queue.groups.find((g) => g.target.id === lines[4]);
    if (message?.content?.type !== 'message') throw new Error('no message context');
    expect(message.content.lines.map((l) => l.plainText)).toEqual([
      'line 1',
      'line 2',
      'line 3',
      'line 4',
      'line 5',
      'line 6',
      'line 7',
    ]);
    expect(message.reports[0]).toMatchObject({ reason: 'scam', note: 'asks for Venmo', reporter: { id: b.user.id } });
    const person = queue.groups.find((g) => g.target.id === utterly.user.id);
    expect(person?.content).toMatchObject({ type: 'user', user: { id: utterly.user.id } });

    // Oldest first, keyset paged: every group once across pages.
    const seen = queue.groups.map((g) => g.target.id);
    expect(new Set(seen).size).toBe(seen.length);
    const firsts = queue.groups.map((g) => g.firstReportedAt);
    expect([...firsts].sort()).toEqual(firsts);
  });
});

describe('a suspended moderator, a suspended member and a moderator of another campus', () => {
  it('are refused on every moderation route; nothing is stored, changed or logged', async () => {
    const author = await member(app, db, 'ou', 'Penny Posted');
    const post = await postBy(author.browser, 'Mini fridge, barely used');
    const authorName = (await db.select({ u: users.username }).from(users).where(eq(users.id, author.user.id)))[0]?.u;
    // A moderator of this campus, then suspended: the role does not outlive the suspension's refusal.
    const mod = await moderatorOf('ou', 'Sid Suspendedmod');
    await suspendMember(db, mod.user.id, clock.now());
    const plain = await member(app, db, 'ou', 'Sasha Suspended');
    await suspendMember(db, plain.user.id, clock.now());
    const utMod = await moderatorOfAnotherCampus(app, db, 'Ulrike Utmod');
    const before = { log: await logCount(), reports: (await db.select().from(userReports)).length };
    const action = { action: 'remove', target: { type: 'post', id: post.id }, reason: 'Prohibited item' };
    const reportBody = { target: { type: 'post', id: post.id }, reason: 'scam', note: 'From a suspended account' };

    for (const [who, browser] of [
      ['suspended moderator', mod.browser],
      ['suspended member', plain.browser],
    ] as const) {
      for (const url of ['/api/moderation/queue', '/api/moderation/log']) {
        expect((await browser.get(url)).json(), `${who} ${url}`).toMatchObject({
          statusCode: 403,
          code: 'ACCOUNT_SUSPENDED',
        });
      }
      expect((await act(browser, action)).json(), who).toMatchObject({ statusCode: 403, code: 'ACCOUNT_SUSPENDED' });
      expect((await report(browser, reportBody)).json(), who).toMatchObject({
        statusCode: 403,
        code: 'ACCOUNT_SUSPENDED',
      });
      const person = await browser.post(`/api/profiles/${authorName}/report`, { reason: 'spam' });
      expect(person.json(), who).toMatchObject({ statusCode: 403, code: 'ACCOUNT_SUSPENDED' });
    }
    // UT's moderator on OU's site: a visitor from elsewhere, for every moderation route.
    expect((await utMod.browser.get('/api/moderation/queue')).statusCode).toBe(404);
    expect((await utMod.browser.get('/api/moderation/log')).statusCode).toBe(404);
    expect((await act(utMod.browser, action)).statusCode).toBe(404);
    expect((await report(utMod.browser, reportBody)).json()).toMatchObject({ statusCode: 403, code: 'NOT_A_MEMBER' });
    expect((await utMod.browser.post(`/api/profiles/${authorName}/report`, {})).json()).toMatchObject({
      statusCode: 403,
      code: 'NOT_A_MEMBER',
    });
    expect((await utMod.browser.post('/api/dev/suspension/elapse', {})).statusCode).toBe(404);
    // On UT's own site the OU post does not exist.
    expect((await act(utMod.home, action)).json()).toMatchObject({ statusCode: 404, code: 'TARGET_NOT_FOUND' });

    expect(await logCount()).toBe(before.log);
    expect((await db.select().from(userReports)).length).toBe(before.reports);
    expect((await db.select().from(posts).where(eq(posts.id, post.id)))[0]?.moderation).toBeNull();
    expect(await notificationsOf(author.user.id)).toEqual([]);
  });
});

describe('the live queue', () => {
  const queueEventsOf = async (userId: string) =>
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(events)
        .where(and(eq(events.userId, userId), eq(events.type, MODERATION_EVENT_TYPES.queueChanged)))
    )[0]?.n ?? 0;

  it("a new report reaches this campus's moderators' open queues only; another moderator's action too, and a removal leaves open feeds", async () => {
    const mod = await moderatorOf('ou', 'Quinn Queuewatcher');
    const other = await moderatorOf('ou', 'Otis Otheractor');
    const utMod = await moderatorOfAnotherCampus(app, db, 'Uwe Utwatcher');
    const author = await member(app, db, 'ou', 'Liv Liveposter');
    const reporter = await member(app, db, 'ou', 'Ray Reporter');
    const viewer = await member(app, db, 'ou', 'Val Feedwatcher');
    const post = await postBy(author.browser, 'Bike lock, two keys');
    const modStream = await listen(mod.browser, port);
    const feedStream = await listen(viewer.browser, port);
    await until(() => modStream.ready() && feedStream.ready());

    // A report: the open queue is told, through the outbox (a stored event per moderator).
    const res = await report(reporter.browser, { target: { type: 'post', id: post.id }, reason: 'spam' });
    expect(res.statusCode, res.body).toBe(200);
    await until(() => modStream.events.some((e) => e.type === MODERATION_EVENT_TYPES.queueChanged));
    expect(await queueEventsOf(mod.user.id)).toBe(1);
    expect(await queueEventsOf(other.user.id)).toBe(1);
    // Nobody else: the reporter, the author, the feed's reader, another campus's moderator.
    for (const id of [reporter.user.id, author.user.id, viewer.user.id, utMod.user.id]) {
      expect(await queueEventsOf(id)).toBe(0);
    }
    // Reporting again stores nothing and tells nobody.
    await report(reporter.browser, { target: { type: 'post', id: post.id }, reason: 'scam' });
    expect(await queueEventsOf(mod.user.id)).toBe(1);

    // Another moderator removes it: the first one's queue is told; the post leaves the open feed.
    const removed = await act(other.browser, {
      action: 'remove',
      target: { type: 'post', id: post.id },
      reason: 'No resale of lost-and-found items',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await until(() => modStream.events.filter((e) => e.type === MODERATION_EVENT_TYPES.queueChanged).length === 2);
    expect(await queueEventsOf(other.user.id)).toBe(1);
    await until(() =>
      feedStream.events.some((e) => e.type === MODERATION_EVENT_TYPES.contentHidden && e.payload.id === post.id),
    );
    expect(feedStream.events.some((e) => e.type === MODERATION_EVENT_TYPES.queueChanged)).toBe(false);
    modStream.close();
    feedStream.close();
  });
});

describe('the queue pages', () => {
  it('keyset pages of 10 groups, every group once, in the same number of statements whatever the page holds', async () => {
    const mod = await moderatorOf('ou', 'Paula Pager');
    const author = await member(app, db, 'ou', 'Petra Prolific');
    const reporter = await member(app, db, 'ou', 'Reed Reporter');
    const statements = async () => {
      const pool = db.$client;
      const original = pool.query.bind(pool);
      let n = 0;
      (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
        n += 1;
        return (original as (...a: unknown[]) => unknown)(...args);
      };
      try {
        await queueOf(mod.browser);
      } finally {
        (pool as unknown as { query: unknown }).query = original;
      }
      return n;
    };
    const onePage = await statements();
    const base = Date.now() - 1000;
    const ids = Array.from({ length: 12 }, (_, i) => `paged-post-${i}`);
    await db.insert(posts).values(
      ids.map((id, i) => ({
        id,
        campusId: CAMPUS_IDS.ou,
        userId: author.user.id,
        plainText: `paged ${i}`,
        createdAt: new Date(base + i),
      })),
    );
    await db.insert(userReports).values(
      ids.map((id, i) => ({
        id: `paged-report-${i}`,
        campusId: CAMPUS_IDS.ou,
        reporterId: reporter.user.id,
        targetId: author.user.id,
        kind: 'post' as const,
        postId: id,
        category: 'spam',
        createdAt: new Date(base + i),
      })),
    );
    const queue = await queueOf(mod.browser);
    const seen = queue.groups.map((g) => g.target.id);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of ids) expect(seen).toContain(id);
    // More groups and pages: the statements grow with the pages only, never with the groups.
    const pages = Math.ceil(queue.groups.length / MODERATION_LIMITS.queuePerPage);
    const perPage = await statements();
    expect(perPage).toBeLessThanOrEqual(onePage * pages);
    expect(perPage / pages).toBeLessThanOrEqual(9);
  });
});

describe('actions', () => {
  it('each role: only a moderator of this campus acts; every refusal changes nothing and logs nothing', async () => {
    const r = await roles(app, db, 'Ari Acted');
    const post = await postBy(r.owner);
    const utMod = await moderatorOf('ut', 'Ulf Utmod');
    const utModHere = await signInOn(app, await emailOf(utMod.user.id), 'ou.localhost:3000');
    const body = { action: 'remove', target: { type: 'post', id: post.id }, reason: 'Prohibited item' };
    const before = await logCount();
    expect((await act(r.anonymous, body)).statusCode).toBe(401);
    expect((await act(r.unverified, body)).statusCode).toBe(403);
    expect((await act(r.noCampus, body)).statusCode).toBe(403);
    expect((await act(r.otherCampus, body)).statusCode).toBe(404);
    expect((await act(r.other, body)).statusCode).toBe(404);
    expect((await act(r.owner, body)).statusCode).toBe(404);
    expect((await act(utModHere, body)).statusCode).toBe(404);
    // UT's moderator on UT's site: the OU post is not there.
    expect((await act(utMod.browser, body)).json()).toMatchObject({ statusCode: 404, code: 'TARGET_NOT_FOUND' });
    const mod = await moderatorOf('ou', 'Pia Poster');
    // Hostile bodies.
    for (const bad of [
      { ...body, reason: '' },
      { ...body, reason: '   ' },
      { ...body, reason: 'x'.repeat(10_000) },
      { ...body, reason: 'nul\u0000' },
      { ...body, action: 'delete' },
      { action: 'suspend', target: { type: 'user', id: r.ownerUser.id }, reason: 'x', days: 3 },
      { action: 'suspend', target: { type: 'user', id: r.ownerUser.id }, reason: 'x', days: '7' },
      { ...body, extra: 1 },
    ]) {
      expect((await act(mod.browser, bad)).statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect((await act(mod.browser, { ...body, target: { type: 'post', id: 'missing' } })).statusCode).toBe(404);
    expect((await act(mod.browser, { ...body, target: { type: 'user', id: r.ownerUser.id } })).json().code).toBe(
      'NOT_REMOVABLE',
    );
    const own = await postBy(mod.browser);
    expect((await act(mod.browser, { ...body, target: { type: 'post', id: own.id } })).json().code).toBe(
      'CANNOT_MODERATE_SELF',
    );
    expect(await logCount()).toBe(before);
    expect((await db.select().from(posts).where(eq(posts.id, post.id)))[0]?.moderation).toBeNull();

    // The moderator removes it: out of view, the author told why, logged.
    const removed = await act(mod.browser, body);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().entry).toMatchObject({
      action: 'remove',
      target: { type: 'post', id: post.id },
      reason: 'Prohibited item',
      moderator: { id: mod.user.id },
      subject: { id: r.ownerUser.id },
    });
    expect((await r.other.get(`/api/posts/${post.id}`)).statusCode).toBe(404);
    const told = (await notificationsOf(r.ownerUser.id)).find((n) => n.type === 'content removed');
    expect(told?.message).toBe(MODERATION_MESSAGES.notifyRemoved('post', 'Prohibited item'));
    // A removed post cannot be reported any more.
    expect((await report(r.other, { target: { type: 'post', id: post.id }, reason: 'spam' })).statusCode).toBe(404);

    const warned = await act(mod.browser, {
      action: 'warn',
      target: { type: 'user', id: r.otherUser.id },
      reason: 'Be kind',
    });
    expect(warned.statusCode).toBe(200);
    expect((await notificationsOf(r.otherUser.id)).map((n) => n.message)).toContain(
      MODERATION_MESSAGES.notifyWarned('Be kind'),
    );

    const log = (await mod.browser.get('/api/moderation/log')).json() as ModerationLog;
    expect(log.entries.slice(0, 2).map((e) => e.action)).toEqual(['warn', 'remove']);
    // Another campus's moderator sees none of it.
    const utLog = (await utMod.browser.get('/api/moderation/log')).json() as ModerationLog;
    expect(utLog.entries.some((e) => e.target.id === post.id)).toBe(false);
  });

  it('suspend: sessions refused at once, sign-in refused, writes refused; the clock moves past the end and all is allowed again', async () => {
    const mod = await moderatorOf('ou', 'Stan Suspender');
    const target = await member(app, db, 'ou', 'Tia Troublemaker');
    const email = await emailOf(target.user.id);
    const second = await signIn(email);
    expect(second.res.statusCode).toBe(200);
    const stream = await listen(target.browser, port);
    await until(stream.ready);

    const res = await act(mod.browser, {
      action: 'suspend',
      target: { type: 'user', id: target.user.id },
      reason: 'Scam attempts',
      days: 7,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The open tab is told, with the end and the reason, and its stream ends.
    await until(() => stream.events.some((e) => e.type === MODERATION_EVENT_TYPES.accountSuspended));
    const event = stream.events.find((e) => e.type === MODERATION_EVENT_TYPES.accountSuspended);
    expect(event?.payload).toMatchObject({ reason: 'Scam attempts' });
    stream.close();

    // Every session: /api/me says why; writes answer ACCOUNT_SUSPENDED; nothing stored.
    for (const b of [target.browser, second.browser]) {
      const me = (await b.get('/api/me')).json();
      expect(me.viewer).toBeNull();
      expect(me.suspension).toMatchObject({ reason: 'Scam attempts' });
      const write = await createPostAs(b, { plainText: 'sneaky post' });
      expect(write.json()).toMatchObject({ statusCode: 403, code: 'ACCOUNT_SUSPENDED' });
    }
    expect(
      await db
        .select()
        .from(posts)
        .where(and(eq(posts.userId, target.user.id), eq(posts.plainText, 'sneaky post'))),
    ).toEqual([]);
    const refused = await signIn(email);
    expect(refused.res.statusCode).toBe(403);
    expect(refused.res.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', reason: 'Scam attempts' });
    expect(refused.res.json().until).toBe(me0Until(event?.payload));
    expect((await notificationsOf(target.user.id)).map((n) => n.type)).toContain('suspended');
    const queueStanding = await act(mod.browser, {
      action: 'warn',
      target: { type: 'user', id: target.user.id },
      reason: 'noted',
    });
    expect(queueStanding.statusCode).toBe(200);

    // Six days on: still suspended. Eight days on: the same session works again, and sign-in too.
    offsetMs = 6 * DAY;
    expect((await target.browser.get('/api/me')).json().viewer).toBeNull();
    offsetMs = 8 * DAY;
    try {
      const me = (await target.browser.get('/api/me')).json();
      expect(me.viewer?.id).toBe(target.user.id);
      expect(me.suspension).toBeNull();
      expect((await createPostAs(target.browser, { plainText: 'back again' })).statusCode).toBe(201);
      expect((await signIn(email)).res.statusCode).toBe(200);
    } finally {
      offsetMs = 0;
    }
  });

  it('restore lifts a suspension; ban tells the open tabs why, ends every session and holds the email', async () => {
    const mod = await moderatorOf('ou', 'Rhea Restorer');
    const target = await member(app, db, 'ou', 'Lou Lifted');
    const suspend = { action: 'suspend', target: { type: 'user', id: target.user.id }, reason: 'Spam', days: 1 };
    expect((await act(mod.browser, suspend)).statusCode).toBe(200);
    expect((await target.browser.get('/api/notifications')).json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    const lifted = await act(mod.browser, {
      action: 'restore',
      target: { type: 'user', id: target.user.id },
      reason: 'Appeal accepted',
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await target.browser.get('/api/notifications')).statusCode).toBe(200);
    expect(
      (
        await act(mod.browser, { action: 'restore', target: { type: 'user', id: target.user.id }, reason: 'again' })
      ).json().code,
    ).toBe('NOTHING_TO_RESTORE');

    // Two open tabs (two sessions): each is told why before its stream ends with the sessions.
    const email = await emailOf(target.user.id);
    const laptop = await listen(target.browser, port);
    const phone = await listen((await signIn(email)).browser, port);
    await until(() => laptop.ready() && phone.ready());
    const banned = await act(mod.browser, {
      action: 'ban',
      target: { type: 'user', id: target.user.id },
      reason: 'Repeat scams',
    });
    expect(banned.statusCode, banned.body).toBe(200);
    for (const stream of [laptop, phone]) {
      await until(stream.ended);
      expect(stream.events.map((e) => e.type)).toEqual([MODERATION_EVENT_TYPES.accountBanned]);
      expect(stream.events[0]?.payload).toEqual({ reason: 'Repeat scams' });
    }
    expect(await db.select().from(sessions).where(eq(sessions.userId, target.user.id))).toEqual([]);
    expect((await signIn(await emailOf(target.user.id))).res.json().code).toBe('ACCOUNT_BANNED');
    expect(
      (await act(mod.browser, { action: 'ban', target: { type: 'user', id: target.user.id }, reason: 'again' })).json()
        .code,
    ).toBe('ALREADY_BANNED');
    const entries = ((await mod.browser.get('/api/moderation/log')).json() as ModerationLog).entries;
    expect(entries.slice(0, 3).map((e) => e.action)).toEqual(['ban', 'restore', 'suspend']);
    expect(entries[2]?.days).toBe(1);
  });
});

describe('the development route that ends a suspension', () => {
  it("ends only the suspended caller's own suspension; anyone else gets nothing", async () => {
    const mod = await moderatorOf('ou', 'Dev Moderator');
    const target = await member(app, db, 'ou', 'Dora Devsuspend');
    const bystander = await member(app, db, 'ou', 'Benny Bystander');
    expect((await new TestBrowser(app).post('/api/dev/suspension/elapse', {})).statusCode).toBe(401);
    expect((await bystander.browser.post('/api/dev/suspension/elapse', {})).statusCode).toBe(404);
    const suspend = { action: 'suspend', target: { type: 'user', id: target.user.id }, reason: 'Spam', days: 30 };
    expect((await act(mod.browser, suspend)).statusCode).toBe(200);
    expect((await target.browser.post('/api/dev/suspension/elapse', { extra: 1 })).statusCode).toBe(400);
    expect((await target.browser.post('/api/dev/suspension/elapse', {})).json()).toEqual({ ended: 1 });
    expect((await target.browser.get('/api/me')).json().viewer?.id).toBe(target.user.id);
  });
});

describe('the audit log', () => {
  it('cannot be updated, deleted or truncated, whoever asks the database', async () => {
    const mod = await moderatorOf('ou', 'Lena Logger');
    const target = await member(app, db, 'ou', 'Walt Warned');
    expect(
      (await act(mod.browser, { action: 'warn', target: { type: 'user', id: target.user.id }, reason: 'Tone' }))
        .statusCode,
    ).toBe(200);
    const [row] = await db.select().from(moderationLog).where(eq(moderationLog.subjectId, target.user.id));
    expect(row?.reason).toBe('Tone');
    await expect(
      db
        .update(moderationLog)
        .set({ reason: 'edited' })
        .where(eq(moderationLog.id, row?.id ?? '')),
    ).rejects.toThrow();
    await expect(db.delete(moderationLog).where(eq(moderationLog.id, row?.id ?? ''))).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE moderation_log`)).rejects.toThrow();
    const [after] = await db
      .select()
      .from(moderationLog)
      .where(eq(moderationLog.id, row?.id ?? ''));
    expect(after?.reason).toBe('Tone');
  });

  it('no route changes it: the API has no write to the log, and whatever is sent there leaves it as it was', async () => {
    const mod = await moderatorOf('ou', 'Lars Listed');
    const target = await member(app, db, 'ou', 'Wes Warnedtwice');
    const warned = await act(mod.browser, {
      action: 'warn',
      target: { type: 'user', id: target.user.id },
      reason: 'Tone',
    });
    const entryId = (warned.json() as { entry: { id: string } }).entry.id;
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/moderation'))
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(routes).toEqual(['GET /api/moderation/log', 'GET /api/moderation/queue', 'POST /api/moderation/actions']);
    const rowOf = async () => (await db.select().from(moderationLog).where(eq(moderationLog.id, entryId)))[0];
    const before = await rowOf();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [
        '/api/moderation/log',
        `/api/moderation/log/${entryId}`,
        `/api/moderation/actions/${entryId}`,
      ]) {
        const res = await mod.browser.request(method, url, { reason: 'edited', action: 'dismiss' });
        expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      }
    }
    // A later action on the same member adds a line; the first stays as written.
    expect(
      (await act(mod.browser, { action: 'warn', target: { type: 'user', id: target.user.id }, reason: 'Again' }))
        .statusCode,
    ).toBe(200);
    expect(await rowOf()).toEqual(before);
  });
});

describe('hidden content elsewhere', () => {
  it('a removed message is read by its sender only', async () => {
    const mod = await moderatorOf('ou', 'Mia Messages');
    const a = await member(app, db, 'ou', 'Abe Sender');
    const b = await member(app, db, 'ou', 'Bo Receiver');
    const chat = await openChatWith(a.browser, b.user.id);
    const sent = (await sendMessageAs(a.browser, chat.id, { plainText: 'send the deposit on Cash App' })).json();
    expect((await report(b.browser, { target: { type: 'message', id: sent.id }, reason: 'scam' })).statusCode).toBe(
      200,
    );
    expect(
      (await act(mod.browser, { action: 'remove', target: { type: 'message', id: sent.id }, reason: 'Scam' }))
        .statusCode,
    ).toBe(200);
    expect((await chatPage(b.browser, chat.id)).messages.map((m) => m.id)).not.toContain(sent.id);
    expect((await chatPage(a.browser, chat.id)).messages.map((m) => m.id)).toContain(sent.id);
  });
});

describe('hidden content leaves no quote behind (docs/product/moderation.md#auto-hide)', () => {
  /** A chat where Abe's last message is the one a moderator removes; Bo hearted it first. */
  async function removedLastMessage(names: [string, string, string]) {
    const mod = await moderatorOf('ou', names[0]);
    const a = await member(app, db, 'ou', names[1]);
    const b = await member(app, db, 'ou', names[2]);
    const chat = await openChatWith(a.browser, b.user.id);
    const first = (await sendMessageAs(a.browser, chat.id, { plainText: 'Is the desk still there?' })).json();
    const bad = (await sendMessageAs(a.browser, chat.id, { plainText: 'pay the deposit on Cash App' })).json();
    return { mod, a, b, chat, first, bad };
  }
  const remove = (mod: Member, id: string) =>
    act(mod.browser, { action: 'remove', target: { type: 'message', id }, reason: 'Scam' });
  const inboxLine = async (browser: TestBrowser, chatId: string) =>
    ((await browser.get('/api/chats')).json() as Inbox).chats.find((c) => c.id === chatId);
  const notificationTexts = async (browser: TestBrowser) =>
    ((await browser.get('/api/notifications')).json() as NotificationList).notifications.map((n) => n.message);
  const SECRET = 'Cash App';

  it("the inbox line and the recipient's notification drop the text; the sender still reads theirs; restore brings it back", async () => {
    const { mod, a, b, chat, first, bad } = await removedLastMessage(['Ivy Inbox', 'Abe Asker', 'Bo Buyer']);
    expect((await inboxLine(b.browser, chat.id))?.lastMessage).toContain(SECRET);
    expect(await notificationTexts(b.browser)).toEqual(expect.arrayContaining([expect.stringContaining(SECRET)]));

    expect((await remove(mod, bad.id)).statusCode).toBe(200);
    // The recipient: the newest message they may read instead, and no quote in the notification.
    expect(await inboxLine(b.browser, chat.id)).toMatchObject({
      lastMessage: 'Is the desk still there?',
      lastMessageId: first.id,
    });
    expect(JSON.stringify((await b.browser.get(`/api/chats/${chat.id}`)).json())).not.toContain(SECRET);
    expect(JSON.stringify((await b.browser.get('/api/notifications')).json())).not.toContain(SECRET);
    // The sender reads their own message as before.
    expect((await inboxLine(a.browser, chat.id))?.lastMessage).toContain(SECRET);

    expect(
      (await act(mod.browser, { action: 'restore', target: { type: 'message', id: bad.id }, reason: 'ok' })).statusCode,
    ).toBe(200);
    expect((await inboxLine(b.browser, chat.id))?.lastMessage).toContain(SECRET);
    expect(await notificationTexts(b.browser)).toEqual(expect.arrayContaining([expect.stringContaining(SECRET)]));
  });

  it('a heart line quoting a removed message is withheld too, and the message can no longer be hearted', async () => {
    const { mod, a, b, chat, bad } = await removedLastMessage(['Hal Hearts', 'Ada Author', 'Ben Hearter']);
    expect((await b.browser.post(`/api/chats/${chat.id}/messages/${bad.id}/heart`)).statusCode).toBe(200);
    expect((await inboxLine(b.browser, chat.id))?.lastMessage).toContain(SECRET);
    expect((await remove(mod, bad.id)).statusCode).toBe(200);
    expect((await inboxLine(b.browser, chat.id))?.lastMessage).not.toContain(SECRET);
    // Hearting it again (the line would quote it) is refused as if it were missing; nothing changes.
    const again = await b.browser.post(`/api/chats/${chat.id}/messages/${bad.id}/heart`);
    expect(again.statusCode).toBe(404);
    expect(again.body).not.toContain(SECRET);
    expect((await inboxLine(b.browser, chat.id))?.lastMessage).not.toContain(SECRET);
    // Its author was told of the heart with their own words, which they may still read.
    expect(await notificationTexts(a.browser)).toEqual(expect.arrayContaining([expect.stringContaining(SECRET)]));
  });

  it('a chat whose only message is removed shows an empty line, not the text', async () => {
    const mod = await moderatorOf('ou', 'Oona Only');
    const a = await member(app, db, 'ou', 'Olga Opener');
    const b = await member(app, db, 'ou', 'Otto Other');
    const chat = await openChatWith(a.browser, b.user.id);
    const bad = (await sendMessageAs(a.browser, chat.id, { plainText: 'wire me on Cash App' })).json();
    expect((await remove(mod, bad.id)).statusCode).toBe(200);
    expect(await inboxLine(b.browser, chat.id)).toMatchObject({ lastMessage: '', lastMessageId: null });
  });

  it('the push and the email of the notification carry no quote of a removed message', async () => {
    const { mod, b, bad } = await removedLastMessage(['Pia Push', 'Pam Pusher', 'Pat Pushed']);
    expect((await remove(mod, bad.id)).statusCode).toBe(200);
    const mail = await db.transaction((tx) =>
      lockPendingMailGroups(tx, { quietBefore: new Date(Date.now() + DAY), waitedBefore: new Date(0), limit: 1000 }),
    );
    const mailed = mail.filter((n) => n.toUserId === b.user.id);
    expect(mailed.map((n) => n.type)).toContain('message');
    expect(JSON.stringify(mailed)).not.toContain(SECRET);
    const pushed = (await db.transaction((tx) => claimPendingPushes(tx, 1000))).filter((n) => n.toUserId === b.user.id);
    expect(pushed.map((n) => n.type)).toContain('message');
    expect(JSON.stringify(pushed)).not.toContain(SECRET);
  });

  it('a removed post shared in a chat reads as deleted there, but for its author', async () => {
    const mod = await moderatorOf('ou', 'Sara Shares');
    const seller = await member(app, db, 'ou', 'Sid Sharer');
    const friend = await member(app, db, 'ou', 'Fay Friend');
    const post = await postBy(seller.browser, 'Textbooks, pay on Cash App');
    const chat = await openChatWith(seller.browser, friend.user.id);
    const shared = (await sendMessageAs(seller.browser, chat.id, { plainText: '', postId: post.id })).json();
    expect(
      (await act(mod.browser, { action: 'remove', target: { type: 'post', id: post.id }, reason: 'Scam' })).statusCode,
    ).toBe(200);
    const seen = (browser: TestBrowser) =>
      chatPage(browser, chat.id).then((page) => page.messages.find((m) => m.id === shared.id)?.sharedPost);
    expect(await seen(friend.browser)).toEqual({ deleted: true, id: post.id });
    expect(JSON.stringify(await chatPage(friend.browser, chat.id))).not.toContain(SECRET);
    expect(await seen(seller.browser)).toMatchObject({ deleted: false, id: post.id });
  });

  it("a removed comment is not quoted in the post author's notification; the commenter's own quote stays", async () => {
    const mod = await moderatorOf('ou', 'Cleo Comments');
    const seller = await member(app, db, 'ou', 'Sal Seller');
    const troll = await member(app, db, 'ou', 'Tom Troll');
    const post = await postBy(seller.browser, 'Mini fridge, $40');
    const comment = await postBy(troll.browser, 'Buy mine on Cash App instead', { parentId: post.id });
    expect(await notificationTexts(seller.browser)).toEqual(expect.arrayContaining([expect.stringContaining(SECRET)]));
    expect(
      (await act(mod.browser, { action: 'remove', target: { type: 'comment', id: comment.id }, reason: 'Spam' }))
        .statusCode,
    ).toBe(200);
    expect(JSON.stringify((await seller.browser.get('/api/notifications')).json())).not.toContain(SECRET);
    // The commenter is told of the removal (the app's own line, with the reason).
    expect(await notificationTexts(troll.browser)).toEqual(expect.arrayContaining([expect.stringContaining('Spam')]));
  });
});

/** The until of an account.suspended event's payload. */
function me0Until(payload: Record<string, unknown> | undefined): string {
  return String(payload?.until ?? '');
}
