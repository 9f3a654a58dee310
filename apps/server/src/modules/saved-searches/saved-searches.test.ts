import { CAMPUS_IDS, SAVED_SEARCH_LIMITS } from '@campus/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import type { TestBrowser } from '../../../test/auth.ts';
import { createPostAs, member } from '../../../test/posts.ts';
import { moderationRoles, roles } from '../../../test/profiles.ts';
import { bannedEmails, notifications, savedSearches, savedSearchMatches, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { mailSavedSearchDigests } from './digest.ts';
import { explainMatch } from './saved-searches.repo.ts';
import { matchNewPosts, NOTIFY_EVERY_MS, releaseHeldMatches } from './saved-searches.service.ts';

let at = Date.now();
const clock: Clock = { now: () => new Date(at) };
const MINUTE = 60_000;

const { app, db, config } = await createTestApp({}, { clock });
const r = await roles(app, db, 'Sally Saver');
const secret = 'test-secret-that-is-at-least-32-characters-long';
const digestDeps = {
  db,
  config,
  secret,
  enqueue: app.mailer.enqueue.bind(app.mailer),
  kick: () => app.mailer.kick(),
};

const save = (browser: TestBrowser, body: unknown) => browser.post('/api/saved-searches', body);
const savedCount = async (userId?: string) =>
  (
    await db
      .select({ n: count() })
      .from(savedSearches)
      .where(userId ? eq(savedSearches.userId, userId) : undefined)
  )[0]?.n ?? 0;

async function post(browser: TestBrowser, plainText: string, priceCents: number | null = null, condition?: string) {
  const res = await createPostAs(browser, { plainText, priceCents, ...(condition ? { condition } : {}) });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string };
}

/** The saved-search notifications of a member, newest first. */
const hitsOf = (userId: string) =>
  db
    .select({ message: notifications.message, postId: notifications.postId, from: notifications.fromUserId })
    .from(notifications)
    .where(and(eq(notifications.toUserId, userId), eq(notifications.type, 'saved search')))
    .orderBy(sql`${notifications.createdAt} DESC, ${notifications.id} DESC`);

describe('saved-search routes, by role', () => {
  it('refuse visitors, unverified accounts, accounts with no campus and members of another campus; nothing stored', async () => {
    const body = { q: 'desk lamp' };
    const before = await savedCount();
    const expected: Array<[TestBrowser, number, string]> = [
      [r.anonymous, 401, 'UNAUTHENTICATED'],
      [r.unverified, 403, 'EMAIL_NOT_VERIFIED'],
      [r.noCampus, 403, 'SCHOOL_NOT_VERIFIED'],
      [r.otherCampus, 403, 'NOT_A_MEMBER'],
    ];
    for (const [browser, status, code] of expected) {
      for (const res of [
        await browser.get('/api/saved-searches'),
        await save(browser, body),
        await browser.request('DELETE', '/api/saved-searches/someid'),
      ]) {
        expect([res.statusCode, res.json().code]).toEqual([status, code]);
      }
    }
    expect(await savedCount()).toBe(before);
  });

  it('owner saves, lists and deletes; another member cannot see or delete it; a banned account is signed out', async () => {
    const owner = await member(app, db, 'ou', 'Olga Owner');
    const other = await member(app, db, 'ou', 'Otis Other');
    const created = await save(owner.browser, {
      q: '  Mini   fridge ',
      filters: { maxPrice: 60, conditions: ['good', 'like new'], sort: 'price_asc' },
    });
    expect(created.statusCode).toBe(201);
    const list = created.json();
    expect(list.limit).toBe(SAVED_SEARCH_LIMITS.perMember);
    expect(list.savedSearches).toEqual([
      {
        id: expect.any(String),
        q: 'Mini fridge',
        show: 'latest',
        // Conditions in the contract's order, whatever order they were sent in.
        filters: { maxPrice: 60, free: false, conditions: ['like new', 'good'], sold: false, sort: 'price_asc' },
        createdAt: expect.any(String),
      },
    ]);
    const id = list.savedSearches[0].id as string;
    expect((await other.browser.get('/api/saved-searches')).json().savedSearches).toEqual([]);
    const stolen = await other.browser.request('DELETE', `/api/saved-searches/${id}`);
    expect([stolen.statusCode, stolen.json().code]).toEqual([404, 'SAVED_SEARCH_NOT_FOUND']);
    expect(await savedCount(owner.user.id)).toBe(1);

    const email = (await db.select({ email: users.email }).from(users).where(eq(users.id, owner.user.id)))[0]?.email;
    await db.insert(bannedEmails).values({ email: email ?? '' });
    expect((await owner.browser.request('DELETE', `/api/saved-searches/${id}`)).statusCode).toBe(401);
    expect((await save(owner.browser, { q: 'another' })).statusCode).toBe(401);
    expect(await savedCount(owner.user.id)).toBe(1);
    await db.delete(bannedEmails).where(eq(bannedEmails.email, email ?? ''));

    const removed = await owner.browser.request('DELETE', `/api/saved-searches/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().savedSearches).toEqual([]);
  });

  it('refuse a moderator of another campus and a suspended member of this one; nothing stored or deleted', async () => {
    const m = await moderationRoles(app, db, clock);
    const owner = await member(app, db, 'ou', 'Oona Owner');
    const created = await save(owner.browser, { q: 'reading lamp' });
    expect(created.statusCode).toBe(201);
    const id = created.json().savedSearches[0].id as string;
    const before = await savedCount();
    const expected: Array<[TestBrowser, number, string]> = [
      // A moderator elsewhere is a guest here like any member of another campus.
      [m.otherCampusModerator, 403, 'NOT_A_MEMBER'],
      [m.suspended, 403, 'ACCOUNT_SUSPENDED'],
    ];
    for (const [browser, status, code] of expected) {
      for (const res of [
        await browser.get('/api/saved-searches'),
        await save(browser, { q: 'desk lamp' }),
        await browser.request('DELETE', `/api/saved-searches/${id}`),
      ]) {
        expect([res.statusCode, res.json().code]).toEqual([status, code]);
      }
    }
    expect(await savedCount()).toBe(before);
    expect(await savedCount(owner.user.id)).toBe(1);
    expect(await savedCount(m.suspendedUser.id)).toBe(0);
    expect(await savedCount(m.otherCampusModeratorUser.id)).toBe(0);
  });
});

describe('hostile and limit cases', () => {
  it('refuses with a 4xx and stores nothing', async () => {
    const owner = await member(app, db, 'ou', 'Hana Hostile');
    const cases: Array<[unknown, number]> = [
      [{ q: 'x'.repeat(10_000) }, 400],
      [{ q: 'x'.repeat(SAVED_SEARCH_LIMITS.queryMax + 1) }, 400],
      [{ q: '' }, 400],
      [{ q: '   ' }, 400],
      [{ q: 'lamp', filters: { minPrice: '10' } }, 400],
      [{ q: 'lamp', filters: { minPrice: 50, maxPrice: 10 } }, 400],
      [{ q: 'lamp', filters: { minPrice: -1 } }, 400],
      [{ q: 'lamp', filters: { minPrice: 1.5 } }, 400],
      [{ q: 'lamp', filters: { conditions: ['broken'] } }, 400],
      [{ q: 'lamp', filters: { sort: 'random' } }, 400],
      [{ q: 'lamp', show: 'people' }, 400],
      [{ q: 'lamp', extra: true }, 400],
      [{ q: ['lamp'] }, 400],
      [{ q: 'lamp', filters: { free: { a: { b: { c: {} } } } } }, 400],
      // Nothing but symbols, or nothing but stop words: nothing to look for.
      [{ q: '!!! ??? ***' }, 400],
      [{ q: 'the and of' }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await save(owner.browser, body);
      expect([JSON.stringify(body).slice(0, 60), res.statusCode]).toEqual([JSON.stringify(body).slice(0, 60), status]);
    }
    // A NUL in the JSON body is refused before the route.
    const nul = await owner.browser.send(
      'POST',
      '/api/saved-searches',
      Buffer.from('{"q":"lamp\\u0000desk"}'),
      'application/json',
    );
    expect(nul.statusCode).toBe(400);
    // A deeply nested body.
    const deep = await owner.browser.send(
      'POST',
      '/api/saved-searches',
      Buffer.from(`{"q":"lamp","filters":${'{"a":'.repeat(200)}1${'}'.repeat(200)}}`),
      'application/json',
    );
    expect(deep.statusCode).toBe(400);
    const longId = await owner.browser.request('DELETE', `/api/saved-searches/${'a'.repeat(65)}`);
    expect(longId.statusCode).toBe(400);
    expect(await savedCount(owner.user.id)).toBe(0);
  });

  it('keeps at most 20 per member; the same search twice is refused', async () => {
    const owner = await member(app, db, 'ou', 'Lina Limit');
    for (let i = 0; i < SAVED_SEARCH_LIMITS.perMember; i += 1) {
      expect((await save(owner.browser, { q: `lamp number${i}` })).statusCode).toBe(201);
    }
    const again = await save(owner.browser, { q: 'LAMP   number3' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'SAVED_SEARCH_EXISTS']);
    const twentyFirst = await save(owner.browser, { q: 'bookshelf' });
    expect([twentyFirst.statusCode, twentyFirst.json().code]).toEqual([409, 'SAVED_SEARCH_LIMIT']);
    expect(twentyFirst.json().message).toContain('20');
    expect(await savedCount(owner.user.id)).toBe(SAVED_SEARCH_LIMITS.perMember);

    const list = (await owner.browser.get('/api/saved-searches')).json().savedSearches as Array<{ id: string }>;
    await owner.browser.request('DELETE', `/api/saved-searches/${list[0]?.id}`);
    expect((await save(owner.browser, { q: 'bookshelf' })).statusCode).toBe(201);
    const dup = await save(owner.browser, { q: 'Bookshelf!' });
    expect([dup.statusCode, dup.json().code]).toEqual([409, 'SAVED_SEARCH_EXISTS']);
    // The same words with other filters are another search (and the list is full).
    const other = await save(owner.browser, { q: 'bookshelf', filters: { free: true } });
    expect([other.statusCode, other.json().code]).toEqual([409, 'SAVED_SEARCH_LIMIT']);
    expect(await savedCount(owner.user.id)).toBe(SAVED_SEARCH_LIMITS.perMember);
  });

  it('twenty saves at once never pass the limit', async () => {
    const owner = await member(app, db, 'ou', 'Rita Race');
    for (let i = 0; i < SAVED_SEARCH_LIMITS.perMember - 2; i += 1) await save(owner.browser, { q: `chair${i}x` });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => save(owner.browser, { q: `sofa${i}x` })));
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(2);
    expect(await savedCount(owner.user.id)).toBe(SAVED_SEARCH_LIMITS.perMember);
  });
});

describe('a new post that matches', () => {
  it('tells the owner within the job pass, as the search page matches (stems, prefixes, filters); never its author', async () => {
    const saver = await member(app, db, 'ou', 'Sam Saver');
    const seller = await member(app, db, 'ou', 'Sid Seller');
    expect(
      (await save(saver.browser, { q: 'mini fridges', filters: { maxPrice: 60, conditions: ['good', 'like new'] } }))
        .statusCode,
    ).toBe(201);
    expect((await save(saver.browser, { q: 'calc' })).statusCode).toBe(201);
    // The seller's own search never tells the seller about their own post.
    expect((await save(seller.browser, { q: 'fridge' })).statusCode).toBe(201);
    await matchNewPosts(db, clock.now());

    const fridge = await post(seller.browser, 'Mini fridge, barely used\nPick up at the dorm', 4500, 'good');
    await post(seller.browser, 'Mini fridge, brand new', 8000, 'good'); // above the maximum
    await post(seller.browser, 'Mini fridge for parts', 2000, 'fair'); // another condition
    const result = await matchNewPosts(db, clock.now());
    expect(result.notified).toBeGreaterThanOrEqual(1);
    expect(await hitsOf(saver.user.id)).toEqual([
      { message: 'New: Mini fridge, barely used — $45', postId: fridge.id, from: seller.user.id },
    ]);
    expect(await hitsOf(seller.user.id)).toEqual([]);

    // A prefix ('calc' finds 'calculus'), in another hour.
    at += NOTIFY_EVERY_MS;
    const book = await post(seller.browser, 'Calculus textbook, 8th edition', 0);
    await matchNewPosts(db, clock.now());
    expect((await hitsOf(saver.user.id))[0]).toEqual({
      message: 'New: Calculus textbook, 8th edition — Free',
      postId: book.id,
      from: seller.user.id,
    });
    // Nothing twice: the cursor moved past every post.
    expect((await matchNewPosts(db, clock.now())).posts).toBe(0);
    expect(await hitsOf(saver.user.id)).toHaveLength(2);
  });

  it('corrects misspellings against the campus vocabulary when saved', async () => {
    const seller = await member(app, db, 'ou', 'Tia Typo');
    const saver = await member(app, db, 'ou', 'Tom Typo');
    await post(seller.browser, 'Espresso machine works great', 3000);
    await matchNewPosts(db, clock.now());
    expect((await save(saver.browser, { q: 'expresso machien' })).statusCode).toBe(201);
    const second = await post(seller.browser, 'Espresso machine, second one', 2500);
    await matchNewPosts(db, clock.now());
    expect((await hitsOf(saver.user.id)).map((h) => h.postId)).toEqual([second.id]);
  });

  it('tells at most once an hour per saved search; the rest come together as "and 3 more"', async () => {
    const saver = await member(app, db, 'ou', 'Hal Hourly');
    const seller = await member(app, db, 'ou', 'Hope Hourly');
    await save(saver.browser, { q: 'bicycle' });
    await matchNewPosts(db, clock.now());
    await post(seller.browser, 'Bicycle one', 5000);
    await matchNewPosts(db, clock.now());
    expect(await hitsOf(saver.user.id)).toHaveLength(1);
    let last = '';
    for (const n of [2, 3, 4, 5]) {
      at += 5 * MINUTE;
      last = (await post(seller.browser, `Bicycle ${['', '', 'two', 'three', 'four', 'five'][n]}`, 1000 * n)).id;
      await matchNewPosts(db, clock.now());
    }
    // Held: still one notification within the hour.
    expect(await hitsOf(saver.user.id)).toHaveLength(1);
    expect(await releaseHeldMatches(db, clock.now())).toBe(0);
    at += NOTIFY_EVERY_MS;
    expect(await releaseHeldMatches(db, clock.now())).toBe(1);
    const hits = await hitsOf(saver.user.id);
    expect(hits).toHaveLength(2);
    expect(hits[0]).toEqual({ message: 'New: Bicycle five — $50 and 3 more', postId: last, from: seller.user.id });
    expect(await releaseHeldMatches(db, clock.now())).toBe(0);
    // Every match waits for the digest.
    const matches = await db
      .select({ n: count() })
      .from(savedSearchMatches)
      .where(eq(savedSearchMatches.userId, saver.user.id));
    expect(matches[0]?.n).toBe(5);
  });

  it('never tells across a block (either way) or to a member of another campus', async () => {
    const seller = await member(app, db, 'ou', 'Bo Blocker');
    const blocked = await member(app, db, 'ou', 'Bea Blocked');
    const blocker = await member(app, db, 'ou', 'Ben Blocking');
    const moved = await member(app, db, 'ou', 'Mo Moved');
    const ut = await member(app, db, 'ut', 'Uli Longhorn');
    for (const who of [blocked, blocker, moved, ut])
      expect((await save(who.browser, { q: 'turntable' })).statusCode).toBe(201);
    expect((await seller.browser.post('/api/blocks', { userId: blocked.user.id })).statusCode).toBe(200);
    expect((await blocker.browser.post('/api/blocks', { userId: seller.user.id })).statusCode).toBe(200);
    // A member who left for another campus keeps the row but is told nothing here.
    await db.update(users).set({ campusId: CAMPUS_IDS.ut }).where(eq(users.id, moved.user.id));
    await matchNewPosts(db, clock.now());
    await post(seller.browser, 'Turntable with speakers', 12_000);
    await matchNewPosts(db, clock.now());
    for (const who of [blocked, blocker, moved, ut]) expect(await hitsOf(who.user.id)).toEqual([]);
  });

  it('matches in one statement through the anchors index, with 2,000 saved searches on the campus', async () => {
    const owner = await member(app, db, 'ou', 'Ivy Index');
    const words = ['lamp', 'desk', 'chair', 'sofa', 'bike', 'fridge', 'laptop', 'monitor', 'kettle', 'rug'];
    await db.execute(sql`
      INSERT INTO saved_searches (id, campus_id, user_id, query, show, filters, search_key, tsquery, anchors, created_at)
      SELECT 'bulk' || g, ${CAMPUS_IDS.ou}::uuid, ${owner.user.id}, w || g, 'latest',
        '{"free":false,"conditions":[],"sold":false,"sort":"newest"}'::jsonb, 'bulk' || g,
        to_tsquery('english', quote_literal(w || g) || ':*'), ARRAY[w || g], now()
      FROM generate_series(1, 2000) g, LATERAL (SELECT (${sql.raw(`ARRAY['${words.join("','")}']`)})[1 + g % 10] AS w) x`);
    await db.execute(sql`ANALYZE saved_searches`);
    const seller = await member(app, db, 'ou', 'Ike Index');
    const target = await post(seller.browser, 'Desk lamp with a warm bulb', 1500);
    const plan = JSON.stringify(await explainMatch(db, target.id));
    expect(plan).toContain('saved_searches_anchors_idx');
    expect(plan).not.toMatch(/"Seq Scan"[^}]*"Relation Name": "saved_searches"/);
    await db.delete(savedSearches).where(eq(savedSearches.userId, owner.user.id));
  });
});

describe('the daily digest', () => {
  it('mails each member their new matches once, with one-click unsubscribe headers; not when turned off', async () => {
    const saver = await member(app, db, 'ou', 'Dee Digest');
    const quiet = await member(app, db, 'ou', 'Quin Quiet');
    const seller = await member(app, db, 'ou', 'Dan Digest');
    await save(saver.browser, { q: 'telescope' });
    await save(quiet.browser, { q: 'telescope' });
    expect(
      (await quiet.browser.request('PATCH', '/api/me/notification-settings', { email: { savedSearches: false } }))
        .statusCode,
    ).toBe(200);
    await matchNewPosts(db, clock.now());
    const scope = await post(seller.browser, 'Telescope, 70mm refractor', 9000);
    await matchNewPosts(db, clock.now());

    const before = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM mail_outbox`);
    const result = await mailSavedSearchDigests(digestDeps, clock.now());
    expect(result.mails).toBeGreaterThanOrEqual(1);
    const saverEmail = (await db.select({ email: users.email }).from(users).where(eq(users.id, saver.user.id)))[0]
      ?.email;
    const quietEmail = (await db.select({ email: users.email }).from(users).where(eq(users.id, quiet.user.id)))[0]
      ?.email;
    const mails = await db.execute<{
      to_address: string;
      subject: string;
      text: string;
      headers: Record<string, string>;
    }>(
      sql`SELECT to_address, subject, text, headers FROM mail_outbox
          WHERE to_address IN (${saverEmail}, ${quietEmail}) AND subject LIKE '%saved searches%'`,
    );
    const mine = mails.rows.find((m) => m.to_address === saverEmail);
    expect(mine?.subject).toBe('1 new match for your saved searches on OU Buy / Sell');
    expect(mine?.text).toContain(
      `Telescope, 70mm refractor — $90: http://ou.localhost:${config.port}/post/${scope.id}`,
    );
    expect(mine?.headers['List-Unsubscribe']).toMatch(
      new RegExp(`^<http://ou\\.localhost:${config.port}/api/unsubscribe\\?token=[A-Za-z0-9_.%-]+>$`),
    );
    expect(mine?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mine?.text).toContain('Unsubscribe from emails about saved searches: http://ou.localhost');
    expect(mails.rows.some((m) => m.to_address === quietEmail)).toBe(false);
    // Once: a second run mails nothing.
    expect((await mailSavedSearchDigests(digestDeps, clock.now())).mails).toBe(0);
    const after = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM mail_outbox`);
    expect(after.rows[0]?.n).toBe((before.rows[0]?.n ?? 0) + result.mails);

    // The one-click POST turns the saved-search email off for the saver, and only that.
    const url = new URL((mine?.headers['List-Unsubscribe'] ?? '').slice(1, -1));
    const oneClick = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: {
        host: 'ou.localhost:3000',
        origin: 'https://mail.example.com',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect([oneClick.statusCode, oneClick.json()]).toEqual([200, { kind: 'savedSearches' }]);
    const settings = (await saver.browser.get('/api/me/notification-settings')).json();
    expect(settings.email).toEqual({
      messages: true,
      comments: true,
      saves: true,
      offers: true,
      savedSearches: false,
      moderation: true,
    });
    expect(settings.emailNotifications).toBe(true);
  });

  it('mails nothing when the master email switch is off, and leaves out posts of someone blocked since', async () => {
    const saver = await member(app, db, 'ou', 'Mia Master');
    const seller = await member(app, db, 'ou', 'Max Master');
    await save(saver.browser, { q: 'accordion' });
    await matchNewPosts(db, clock.now());
    await post(seller.browser, 'Accordion, red', 30_000);
    await matchNewPosts(db, clock.now());
    await saver.browser.request('PATCH', '/api/me/notification-settings', { emailNotifications: false });
    expect((await mailSavedSearchDigests(digestDeps, clock.now(), { userId: saver.user.id })).mails).toBe(0);

    await saver.browser.request('PATCH', '/api/me/notification-settings', { emailNotifications: true });
    await post(seller.browser, 'Accordion, blue', 25_000);
    at += NOTIFY_EVERY_MS;
    await matchNewPosts(db, clock.now());
    expect((await saver.browser.post('/api/blocks', { userId: seller.user.id })).statusCode).toBe(200);
    expect((await mailSavedSearchDigests(digestDeps, clock.now(), { userId: saver.user.id })).mails).toBe(0);
  });
});
