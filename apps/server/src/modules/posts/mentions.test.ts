import { CAMPUS_IDS, type PostList } from '@campus/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { TestBrowser, unverifiedUser, verifiedUser } from '../../../test/auth.ts';
import { createPostAs, member } from '../../../test/posts.ts';
import { statementText } from '../../db/named-statements.ts';
import { users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { listMentions, mentionPattern, mentionsStatement } from './posts.repo.ts';

/** A clock the tests can stop, so that many posts share one timestamp. */
let frozen: Date | null = null;
const clock: Clock = { now: () => frozen ?? new Date() };
const { app, db } = await createTestApp({}, { clock });

const mentions = async (browser: TestBrowser, cursor?: string) => {
  const res = await browser.get(`/api/notifications/mentions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PostList;
};

async function usernameOf(userId: string): Promise<string> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error('no such user');
  return row.username;
}

describe('/notifications/mentions', () => {
  it('lists posts and comments of this campus naming the viewer as @username, newest first', async () => {
    const nina = await member(app, db, 'ou', 'Nina Named');
    const other = await member(app, db, 'ou', 'Otto Other');
    const handle = await usernameOf(nina.user.id);
    const post = (await createPostAs(other.browser, { plainText: `Selling a desk, @${handle} wanted one` })).json();
    const comment = (
      await createPostAs(other.browser, { plainText: `(@${handle.toUpperCase()}) look`, parentId: post.id })
    ).json();
    // Not mentions: a longer handle, an email address, no @, her own post, another campus.
    await createPostAs(other.browser, { plainText: `@${handle}x and @${handle}-2 are others` });
    await createPostAs(other.browser, { plainText: `mail me at me@${handle}.edu` });
    await createPostAs(other.browser, { plainText: `${handle} without the at sign` });
    await createPostAs(nina.browser, { plainText: `I am @${handle}` });
    const ut = await member(app, db, 'ut', 'Uli Texan');
    await createPostAs(ut.browser, { plainText: `@${handle} on another campus` });

    const page = await mentions(nina.browser);
    expect(page.posts.map((p) => p.id)).toEqual([comment.id, post.id]);
    expect(page.posts[1]).toMatchObject({ author: { id: other.user.id }, parentId: null });
    expect(page.posts[0]?.parentId).toBe(post.id);
    expect(page.nextCursor).toBeNull();
    // Otto is mentioned nowhere.
    expect((await mentions(other.browser)).posts).toEqual([]);
  });

  it('leaves out authors blocked either way', async () => {
    const nina = await member(app, db, 'ou', 'Nora Noted');
    const rude = await member(app, db, 'ou', 'Rudy Rude');
    const handle = await usernameOf(nina.user.id);
    await createPostAs(rude.browser, { plainText: `hey @${handle}` });
    expect((await mentions(nina.browser)).posts).toHaveLength(1);
    expect((await rude.browser.post('/api/blocks', { userId: nina.user.id })).statusCode).toBe(200);
    expect((await mentions(nina.browser)).posts).toHaveLength(0);
    expect((await rude.browser.request('DELETE', `/api/blocks/${nina.user.id}`)).statusCode).toBe(200);
    expect((await nina.browser.post('/api/blocks', { userId: rude.user.id })).statusCode).toBe(200);
    expect((await mentions(nina.browser)).posts).toHaveLength(0);
  });

  it('pages 15 at a time without skipping posts that share a timestamp', async () => {
    const nina = await member(app, db, 'ou', 'Nell Paged');
    const other = await member(app, db, 'ou', 'Pat Poster');
    const handle = await usernameOf(nina.user.id);
    frozen = new Date('2026-05-01T12:00:00.000Z');
    try {
      for (let i = 0; i < 17; i++) await createPostAs(other.browser, { plainText: `@${handle} number ${i}` });
    } finally {
      frozen = null;
    }
    const first = await mentions(nina.browser);
    expect(first.posts).toHaveLength(15);
    expect(first.nextCursor).not.toBeNull();
    const second = await mentions(nina.browser, first.nextCursor ?? undefined);
    expect(second.posts).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const texts = new Set([...first.posts, ...second.posts].map((p) => p.plainText));
    expect(texts.size).toBe(17);
  });

  it('is refused to everyone but members of this campus; hostile input is a 4xx', async () => {
    const anonymous = new TestBrowser(app, 'ou.localhost:3000');
    const unverified = (await unverifiedUser(app, db, { host: 'ou.localhost:3000' })).browser;
    const noSchool = (await verifiedUser(app, db, { host: 'ou.localhost:3000' })).browser;
    const utMember = await member(app, db, 'ut', 'Uma Visitor');
    const otherCampus = new TestBrowser(app, 'ou.localhost:3000');
    Object.assign(otherCampus, { cookies: (utMember.browser as unknown as { cookies: Map<string, string> }).cookies });
    for (const [browser, status] of [
      [anonymous, 401],
      [unverified, 403],
      [noSchool, 403],
      [otherCampus, 403],
    ] as const) {
      expect((await browser.get('/api/notifications/mentions')).statusCode).toBe(status);
    }
    const nina = await member(app, db, 'ou', 'Nia Hostile');
    for (const cursor of ['garbage', '%00', 'x'.repeat(201), encodeURIComponent('a|b|c')]) {
      const res = await nina.browser.get(`/api/notifications/mentions?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, cursor).toBeLessThan(500);
    }
  });

  it('matches a whole handle only, whatever characters a username holds', () => {
    const re = (u: string) => new RegExp(mentionPattern(u), 'i');
    expect(re('ann').test('hi @ann!')).toBe(true);
    expect(re('ann').test('@Ann')).toBe(true);
    expect(re('ann').test('@anna')).toBe(false);
    expect(re('ann').test('@ann-2')).toBe(false);
    expect(re('ann-2').test('@ann-2, hi')).toBe(true);
    expect(re('ann').test('x@ann.edu')).toBe(false);
    // A hostile username cannot widen the pattern.
    expect(re('a.b').test('@axb')).toBe(false);
    expect(re('a+').test('@aaa')).toBe(false);
  });
});

describe('the mentions query', () => {
  it("reads only the campus's texts that contain an '@' (posts_mentions_idx), not all of its posts", async () => {
    const { user } = await member(app, db, 'ou', 'Pia Planned');
    const username = await usernameOf(user.id);
    // 20,000 posts, one in a hundred with some '@', five naming Pia.
    await db.$client.query(
      `INSERT INTO posts (id, campus_id, user_id, type, plain_text, created_at, last_modified)
       SELECT 'mention-plan-' || g, $1, $2, 'post',
              CASE WHEN g % 4000 = 0 THEN 'Ask @' || $3 || ' about it' WHEN g % 100 = 0 THEN 'mail me at x@ou.edu'
                   ELSE 'Desk lamp number ' || g END,
              now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
       FROM generate_series(1, 20000) AS g`,
      [CAMPUS_IDS.ou, user.id, username],
    );
    await db.$client.query('ANALYZE posts');
    const options = { userId: 'someone-else', username, campusId: CAMPUS_IDS.ou, limit: 15 };
    await listMentions(db, options);
    const { name, values: params } = mentionsStatement(options);
    const text = statementText(name);
    const { rows } = await db.$client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('posts_mentions_idx');
    expect(plan).not.toMatch(/Seq Scan on posts/);
  });
});
