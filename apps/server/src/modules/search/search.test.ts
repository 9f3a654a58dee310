import { CAMPUS_IDS, campusBySlug, NO_LISTING_FILTERS, type Post, SEARCH_MESSAGES } from '@campus/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { TestBrowser } from '../../../test/auth.ts';
import { member } from '../../../test/posts.ts';
import { roles, signInOn } from '../../../test/profiles.ts';
import { countQueries } from '../../../test/queries.ts';
import type { Database } from '../../db/client.ts';
import {
  blocks,
  popularSearches,
  popularSearchViews,
  postMedia,
  posts,
  userSearches,
  users,
} from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { searchPolicy } from './search.policy.ts';
import { purgePopularSearchViews, searchPostIds } from './search.repo.ts';
import { findPosts } from './search.service.ts';

const { app, db } = await createTestApp();

let tick = 0;
/** A top-level post written straight into the table (the trigger records its words). */
async function addPost(
  database: Database,
  userId: string,
  slug: 'ou' | 'ut',
  text: string,
  options: { photos?: number; comment?: string } = {},
): Promise<string> {
  const id = newId();
  tick += 1;
  const at = new Date(Date.UTC(2026, 0, 1) + tick * 1000);
  await database.insert(posts).values({
    id,
    campusId: CAMPUS_IDS[slug],
    userId,
    plainText: text,
    imgCount: options.photos ?? 0,
    postCommentedOn: options.comment ?? null,
    rootId: options.comment ?? null,
    createdAt: at,
    lastModified: at,
  });
  for (let i = 0; i < (options.photos ?? 0); i += 1) {
    await database.insert(postMedia).values({
      id: newId(),
      postId: id,
      kind: 'image',
      path: `images/posts/${id}/${i}-full.webp`,
      feedPath: `images/posts/${id}/${i}-feed.webp`,
      name: `${i}.jpg`,
      order: i,
      width: 1200,
      height: 900,
      bytes: 1000,
    });
  }
  return id;
}

const q = (text: string, extra = '') => `/api/search/posts?q=${encodeURIComponent(text)}${extra}`;
function ids(res: { statusCode: number; body: string; json(): unknown }): string[] {
  if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { posts: Post[] }).posts.map((p) => p.id);
}

describe('who may search', () => {
  it('private campus: visitor 401, unverified and campus-less 403, guests from another campus see only this campus', async () => {
    const r = await roles(app, db, 'Quinn Searcher');
    const ouPost = await addPost(db, r.ownerUser.id, 'ou', 'Vintage gramophone for sale');
    const utPost = await addPost(db, r.otherCampusUser.id, 'ut', 'Another vintage gramophone, Austin pickup');

    for (const url of [
      q('gramophone'),
      '/api/search/people?q=quinn',
      '/api/search/suggestions?q=gram',
      '/api/search/popular',
    ]) {
      expect((await r.anonymous.get(url)).json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
      expect((await r.unverified.get(url)).json()).toMatchObject({ statusCode: 403, code: 'EMAIL_NOT_VERIFIED' });
      expect((await r.noCampus.get(url)).json()).toMatchObject({ statusCode: 403, code: 'SCHOOL_NOT_VERIFIED' });
    }
    // A UT member visiting OU's site searches OU (as its feed), never UT's posts there.
    expect(ids(await r.otherCampus.get(q('gramophone')))).toEqual([ouPost]);
    expect(ids(await r.other.get(q('gramophone')))).toEqual([ouPost]);
    // On UT's own site the same words find only UT's post.
    const ut = await member(app, db, 'ut', 'Tex Reader');
    expect(ids(await ut.browser.get(q('gramophone')))).toEqual([utPost]);
    expect(ids(await ut.browser.get(q('gramophne')))).toEqual([utPost]);
    // Nothing was recorded for the refused callers, nor for the guest from UT: OU counts its own member.
    const counted = await db.select().from(popularSearches).where(eq(popularSearches.searchText, 'gramophone'));
    expect(counted.map((c) => [c.campusId, c.totalViews]).sort()).toEqual(
      [
        [CAMPUS_IDS.ou, 1],
        [CAMPUS_IDS.ut, 1],
      ].sort(),
    );
  });

  it('a public campus lets visitors search; a private one asks them to log in', async () => {
    const ou = campusBySlug('ou');
    if (!ou) throw new Error('no OU');
    const visitor = { sessionUser: async () => null };
    expect(await searchPolicy.viewer(visitor, { ...ou, privacy: 'public' })).toBeNull();
    await expect(searchPolicy.viewer(visitor, { ...ou, privacy: 'private' })).rejects.toMatchObject({
      statusCode: 401,
      code: 'UNAUTHENTICATED',
    });
  });
});

describe('matching', () => {
  it('finds a post by a misspelling with one wrong, missing or swapped letter in words of 5+ letters', async () => {
    const { user, browser } = await member(app, db, 'ou', 'Typo Tester');
    const fridge = await addPost(db, user.id, 'ou', 'Mini fridge, barely used\nPick up at the dorms');
    const microwave = await addPost(db, user.id, 'ou', 'Compact microwave oven\nWorks great');
    // Neighbours in the vocabulary, so corrections have company.
    await addPost(db, user.id, 'ou', 'Friday bridge fringe fries first frigid');
    await addPost(db, user.id, 'ou', 'Microscope microphone micron wavelength');

    const misspellings = (word: string) => {
      const out = new Set<string>();
      for (let i = 0; i < word.length; i += 1) {
        out.add(word.slice(0, i) + word.slice(i + 1)); // missing
        out.add(`${word.slice(0, i)}${word[i] === 'x' ? 'y' : 'x'}${word.slice(i + 1)}`); // wrong
        if (i < word.length - 1) out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)); // swapped
      }
      out.delete(word);
      return [...out];
    };
    for (const [word, id] of [
      ['fridge', fridge],
      ['microwave', microwave],
    ] as const) {
      for (const typo of misspellings(word)) {
        const found = ids(await browser.get(q(typo)));
        expect(found, `"${typo}" should find ${word}`).toContain(id);
      }
    }
    expect(ids(await browser.get(q('mini frige')))).toEqual([fridge]);
    // Only the closest words count: two edits away ('free', 'frame') is not 'frige'.
    const far = await addPost(db, user.id, 'ou', 'Free frame for a poster');
    expect(ids(await browser.get(q('frige')))).not.toContain(far);
    expect(ids(await browser.get(q('frame')))).toEqual([far]);
  });

  it('finds by prefix, stem and accent-free spelling, and needs every word', async () => {
    const { user, browser } = await member(app, db, 'ou', 'Prefix Tester');
    const calculus = await addPost(db, user.id, 'ou', 'Calculus textbook, 3rd edition\nNo highlighting');
    const cafe = await addPost(db, user.id, 'ou', 'Café table with two chairs');
    expect(ids(await browser.get(q('calc')))).toEqual([calculus]);
    expect(ids(await browser.get(q('textbooks')))).toEqual([calculus]);
    expect(ids(await browser.get(q('cafe')))).toEqual([cafe]);
    expect(ids(await browser.get(q('CAFÉ chairs')))).toEqual([cafe]);
    expect(ids(await browser.get(q('calculus chairs')))).toEqual([]);
  });

  it('hostile queries are just text: 200 with results or an empty list, never a 5xx', async () => {
    const { user, browser } = await member(app, db, 'ou', 'Hostile Tester');
    const lamp = await addPost(db, user.id, 'ou', "Desk lamp, it's bright");
    const hostile = [
      "lamp'",
      '"lamp"',
      'lamp & | ! ( ) : *',
      "lamp:* | !'x'",
      '\\lamp\\',
      "'; DROP TABLE posts; --",
      '!!!:*&|',
      '😀 lamp 🔥',
      '😀😀😀',
      'x'.repeat(1000),
      `lamp ${'a '.repeat(400)}`,
      '%_%',
      '<->',
      'lamp <-> desk',
      'ǅ ß İ ﬁ',
    ];
    // NUL and other control characters in the address are refused before any route (400).
    expect((await browser.get(q('lamp\u0000'))).json()).toMatchObject({ statusCode: 400, code: 'INVALID_URL' });
    for (const text of hostile) {
      for (const url of [
        q(text),
        q(text, '&show=media'),
        `/api/search/people?q=${encodeURIComponent(text)}`,
        `/api/search/suggestions?q=${encodeURIComponent(text)}`,
      ]) {
        const res = await browser.get(url);
        expect(res.statusCode, `${JSON.stringify(text)} → ${url}: ${res.body}`).toBe(200);
      }
    }
    expect(ids(await browser.get(q("lamp'")))).toEqual([lamp]);
    expect(ids(await browser.get(q('lamp & | ! ( ) : *')))).toEqual([lamp]);
    expect(ids(await browser.get(q('😀 lamp 🔥')))).toEqual([lamp]);
    expect(ids(await browser.get(q('\\lamp\\')))).toEqual([lamp]);
    // Over 1,000 characters is refused as a bad request, wrong types too.
    expect((await browser.get(q('x'.repeat(1001)))).statusCode).toBe(400);
    expect((await browser.get(q('lamp', '&show=people'))).statusCode).toBe(400);
    expect((await browser.get('/api/search/posts?q=lamp&q=desk')).statusCode).toBe(400);
    expect((await browser.get(q('lamp', '&cursor=not-a-cursor'))).statusCode).toBe(400);
    expect((await browser.get('/api/search/people?q=lamp&cursor=LTE')).statusCode).toBe(400);
  });

  it('an empty query is ignored: no hits and nothing counted', async () => {
    const { browser } = await member(app, db, 'ou', 'Empty Tester');
    for (const text of ['', '   ', '!!', '😀']) {
      const res = await browser.get(q(text));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ posts: [], nextCursor: null });
      expect((await browser.get(`/api/search/people?q=${encodeURIComponent(text)}`)).json()).toEqual({
        people: [],
        nextCursor: null,
      });
    }
    expect((await browser.get('/api/search/posts')).json()).toEqual({ posts: [], nextCursor: null });
  });

  it('Media holds only posts with photos; comments and new-user posts are not hits', async () => {
    const { user, browser } = await member(app, db, 'ou', 'Media Tester');
    const plain = await addPost(db, user.id, 'ou', 'Skateboard deck, plain');
    const photo = await addPost(db, user.id, 'ou', 'Skateboard with wheels', { photos: 2 });
    await addPost(db, user.id, 'ou', 'Is the skateboard still here?', { comment: plain });
    await db.insert(posts).values({
      id: newId(),
      campusId: CAMPUS_IDS.ou,
      userId: user.id,
      type: 'new user',
      plainText: 'Skateboard fan joined',
    });
    expect(ids(await browser.get(q('skateboard')))).toEqual([photo, plain]);
    const media = (await browser.get(q('skateboard', '&show=media'))).json() as { posts: Post[] };
    expect(media.posts.map((p) => p.id)).toEqual([photo]);
    expect(media.posts[0]?.media).toHaveLength(2);
  });

  it('pages of 10, newest first, without gaps or repeats', async () => {
    const { user, browser } = await member(app, db, 'ou', 'Page Tester');
    const made: string[] = [];
    for (let i = 0; i < 12; i += 1) made.push(await addPost(db, user.id, 'ou', `Kayak paddle number ${i}`));
    const first = (await browser.get(q('kayak'))).json() as { posts: Post[]; nextCursor: string };
    expect(first.posts).toHaveLength(10);
    const second = (await browser.get(q('kayak', `&cursor=${first.nextCursor}`))).json() as {
      posts: Post[];
      nextCursor: string | null;
    };
    expect(second.nextCursor).toBeNull();
    expect([...first.posts, ...second.posts].map((p) => p.id)).toEqual([...made].reverse());
  });

  it('a page costs the same number of queries for 1 hit as for 10', async () => {
    const { user, browser } = await member(app, db, 'ou', 'Count Tester');
    await addPost(db, user.id, 'ou', 'Lonely unicycle', { photos: 1 });
    for (let i = 0; i < 10; i += 1) await addPost(db, user.id, 'ou', `Trampoline ${i}`, { photos: 2 });
    const one = await countQueries(db, () => browser.get(q('unicycle')));
    const ten = await countQueries(db, () => browser.get(q('trampoline')));
    expect(ten).toBe(one);
  });

  it('hides posts and people between blocked pairs', async () => {
    const a = await member(app, db, 'ou', 'Blocker Bea');
    const b = await member(app, db, 'ou', 'Blocked Bram');
    const post = await addPost(db, b.user.id, 'ou', 'Hammock for two');
    const own = await addPost(db, a.user.id, 'ou', 'Hammock stand');
    expect(ids(await a.browser.get(q('hammock')))).toEqual([own, post]);
    await db.insert(blocks).values({ campusId: CAMPUS_IDS.ou, blockerId: a.user.id, blockedId: b.user.id });
    expect(ids(await a.browser.get(q('hammock')))).toEqual([own]);
    expect(ids(await b.browser.get(q('hammock')))).toEqual([post]);
    const suggestions = (await a.browser.get('/api/search/suggestions?q=hammock')).json() as {
      suggestions: Array<{ postId: string }>;
    };
    expect(suggestions.suggestions.map((s) => s.postId)).toEqual([own]);
    const people = (await a.browser.get('/api/search/people?q=bram')).json() as { people: Array<{ id: string }> };
    expect(people.people.map((p) => p.id)).not.toContain(b.user.id);
  });
});

describe('suggestions and people', () => {
  it('suggests the right post for a misspelt word, best match first, with its first line', async () => {
    const { user, browser } = await member(app, db, 'ou', 'Suggest Tester');
    const title = await addPost(db, user.id, 'ou', 'Espresso machine, like new\nBarely used');
    await addPost(db, user.id, 'ou', 'Coffee grinder\nGoes well with an espresso machine');
    const res = (await browser.get('/api/search/suggestions?q=expresso')).json() as {
      suggestions: Array<{ postId: string; text: string }>;
    };
    expect(res.suggestions[0]).toEqual({ postId: title, text: 'Espresso machine, like new', hasMedia: false });
    expect(res.suggestions).toHaveLength(2);
  });

  it('finds members of this campus by part of a name, username or a close spelling; nothing private', async () => {
    const r = await roles(app, db, 'Jordana Whitfield');
    const ut = await member(app, db, 'ut', 'Jordana Texan');
    for (const text of ['jordana', 'Whit', 'jordna', 'whitfeld', 'JORDANA whit']) {
      const res = (await r.other.get(`/api/search/people?q=${encodeURIComponent(text)}`)).json() as {
        people: Array<Record<string, unknown>>;
      };
      const found = res.people.map((p) => p.id);
      expect(found, text).toContain(r.ownerUser.id);
      expect(found, text).not.toContain(ut.user.id);
      const hit = res.people.find((p) => p.id === r.ownerUser.id);
      expect(Object.keys(hit ?? {}).sort()).toEqual(
        ['campusId', 'firstName', 'id', 'img', 'lastName', 'username', 'verified'].sort(),
      );
    }
  });
});

describe('recent searches', () => {
  it('add, refuse a duplicate, remove one, clear all; only ever the owner’s', async () => {
    const r = await roles(app, db, 'Recent Owner');
    const owner = r.owner;
    expect((await r.anonymous.post('/api/search/recent', { text: 'desk' })).statusCode).toBe(401);
    expect((await r.noCampus.post('/api/search/recent', { text: 'desk' })).statusCode).toBe(403);
    expect((await r.anonymous.get('/api/search/recent')).statusCode).toBe(401);

    expect((await owner.post('/api/search/recent', { text: 'desk lamp' })).statusCode).toBe(201);
    const added = await owner.post('/api/search/recent', { text: 'bike' });
    expect(added.statusCode).toBe(201);
    expect((added.json() as { searches: Array<{ text: string }> }).searches.map((s) => s.text)).toEqual([
      'bike',
      'desk lamp',
    ]);
    const dup = await owner.post('/api/search/recent', { text: '  Desk Lamp ' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'SEARCH_ALREADY_ADDED', message: SEARCH_MESSAGES.queryAlreadyAdded });

    for (const body of [{ text: '' }, { text: '\u0000' }, { text: 42 }, {}, { text: 'x'.repeat(1001) }]) {
      expect((await owner.post('/api/search/recent', body)).statusCode).toBe(400);
    }

    const list = (await owner.get('/api/search/recent')).json() as { searches: Array<{ id: string; text: string }> };
    const bike = list.searches.find((s) => s.text === 'bike');
    if (!bike) throw new Error('bike missing');
    // Someone else cannot remove it, on this campus or their own.
    expect((await r.other.request('DELETE', `/api/search/recent/${bike.id}`)).statusCode).toBe(404);
    expect((await r.otherCampus.request('DELETE', `/api/search/recent/${bike.id}`)).statusCode).toBe(404);
    await r.other.request('DELETE', '/api/search/recent');
    expect((await owner.get('/api/search/recent')).json().searches).toHaveLength(2);

    const removed = await owner.request('DELETE', `/api/search/recent/${bike.id}`);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as { searches: Array<{ text: string }> }).searches.map((s) => s.text)).toEqual([
      'desk lamp',
    ]);
    expect((await owner.request('DELETE', '/api/search/recent')).json()).toEqual({ searches: [] });
    const rows = await db.select().from(userSearches).where(eq(userSearches.userId, r.ownerUser.id));
    expect(rows).toHaveLength(0);
  });

  it('keeps the newest 10', async () => {
    const { browser, user } = await member(app, db, 'ou', 'Many Searches');
    for (let i = 0; i < 12; i += 1) await browser.post('/api/search/recent', { text: `query ${i}` });
    const list = (await browser.get('/api/search/recent')).json() as { searches: Array<{ text: string }> };
    expect(list.searches).toHaveLength(10);
    expect(list.searches[0]?.text).toBe('query 11');
    const count = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(userSearches)
      .where(and(eq(userSearches.userId, user.id), eq(userSearches.campusId, CAMPUS_IDS.ou)));
    expect(count[0]?.n).toBe(10);
  });
});

describe('popular searches', () => {
  it('counts each member of this campus once per text and day, per campus, top 14 with counts', async () => {
    let now = new Date('2026-03-01T23:00:00.000Z');
    const { app: own, db: ownDb } = await createTestApp({}, { clock: { now: () => now } });
    const ouMembers = [
      await member(own, ownDb, 'ou', 'Pop One'),
      await member(own, ownDb, 'ou', 'Pop Two'),
      await member(own, ownDb, 'ou', 'Pop Three'),
    ];
    const [a, b] = ouMembers as [(typeof ouMembers)[0], (typeof ouMembers)[0]];
    const ut = await member(own, ownDb, 'ut', 'Pop Texan');
    const utEmail = (await ownDb.query.users.findFirst({ where: eq(users.id, ut.user.id) }))?.email ?? '';
    const utGuest = await signInOn(own, utEmail, 'ou.localhost:3000');
    await addPost(ownDb, a.user.id, 'ou', 'Bicycle helmet');
    await addPost(ownDb, ut.user.id, 'ut', 'Bicycle lock');
    const words: string[] = [];
    for (let i = 0; i < 16; i += 1) {
      const word = `widget${String.fromCharCode(97 + i)}`;
      words.push(word);
      await addPost(ownDb, a.user.id, 'ou', `A ${word} for sale`);
    }
    // A member searching again the same day counts once; so do parallel searches.
    for (let i = 0; i < 3; i += 1) expect(ids(await a.browser.get(q('Bicycle')))).toHaveLength(1);
    await Promise.all([1, 2, 3, 4].map(() => b.browser.get(q('  bicycle '))));
    // A UT member counts on UT's site, never as a guest on OU's; a later page and a miss count nowhere.
    await ut.browser.get(q('bicycle'));
    expect(ids(await utGuest.get(q('bicycle')))).toHaveLength(1);
    await a.browser.get(q('nothingmatchesthis'));
    for (const [i, word] of words.entries()) {
      for (const m of ouMembers.slice(0, (i % 3) + 1)) await m.browser.get(q(word));
    }
    const popularOf = async (browser: TestBrowser) =>
      ((await browser.get('/api/search/popular')).json() as { searches: Array<{ text: string; totalViews: number }> })
        .searches;
    const top = await popularOf(b.browser);
    expect(top).toHaveLength(14);
    expect(top[0]).toEqual({ text: 'widgetc', totalViews: 3 });
    expect(top.find((s) => s.text === 'bicycle')).toEqual({ text: 'bicycle', totalViews: 2 });
    expect(top.map((s) => s.text)).not.toContain('nothingmatchesthis');
    expect(await popularOf(ut.browser)).toEqual([{ text: 'bicycle', totalViews: 1 }]);

    // The next day (UTC) the same members count again, once each.
    now = new Date('2026-03-02T00:30:00.000Z');
    await a.browser.get(q('bicycle'));
    await a.browser.get(q('BICYCLE'));
    expect((await popularOf(b.browser)).find((s) => s.text === 'bicycle')?.totalViews).toBe(3);
    // The purge keeps only today's views, which still decide who already counted today.
    expect(await purgePopularSearchViews(ownDb, now)).toBeGreaterThan(0);
    const left = await ownDb.select().from(popularSearchViews);
    expect(left.map((v) => [v.day, v.userId, v.searchText])).toEqual([['2026-03-02', a.user.id, 'bicycle']]);
    await a.browser.get(q('bicycle'));
    expect((await popularOf(b.browser)).find((s) => s.text === 'bicycle')?.totalViews).toBe(3);
  });

  it('a visitor of a public campus is never counted', async () => {
    const ou = campusBySlug('ou');
    if (!ou) throw new Error('no OU');
    const writer = await member(app, db, 'ou', 'Vera Visited');
    await addPost(db, writer.user.id, 'ou', 'Accordion in its case');
    const deps = { db, storage: app.storage, clock: { now: () => new Date() } };
    const found = await findPosts(
      deps,
      null,
      { ...ou, privacy: 'public' },
      { q: 'accordion', show: 'latest', filters: NO_LISTING_FILTERS },
    );
    expect(found.posts).toHaveLength(1);
    expect(await db.select().from(popularSearches).where(eq(popularSearches.searchText, 'accordion'))).toEqual([]);
  });

  it('a visitor on a campus of another site does not see it', async () => {
    const visitor = new TestBrowser(app, 'ut.localhost:3000');
    expect((await visitor.get('/api/search/popular')).statusCode).toBe(401);
  });
});

describe('a word this campus never used (the rare-word path)', () => {
  it('is still found through its stem, only on this campus, with blocks, Media and pages applied', async () => {
    const { user, browser } = await member(app, db, 'ou', 'Rare Reader');
    const { user: seller } = await member(app, db, 'ou', 'Rare Seller');
    const { user: blocked } = await member(app, db, 'ou', 'Rare Blocked');
    const { user: texan } = await member(app, db, 'ut', 'Rare Texan');
    // 'happiness' is stemmed to 'happi', as 'happy' is; no word of OU starts with 'happiness'.
    const first = await addPost(db, seller.id, 'ou', 'Happy to trade my lamp');
    const withPhoto = await addPost(db, seller.id, 'ou', 'Happy cactus in a pot', { photos: 1 });
    await addPost(db, texan.id, 'ut', 'Happy longhorn mug');
    await addPost(db, blocked.id, 'ou', 'Happy hour cooler');
    await db.insert(blocks).values({ blockerId: user.id, blockedId: blocked.id, campusId: CAMPUS_IDS.ou });
    expect(ids(await browser.get(q('happiness')))).toEqual([withPhoto, first]);
    expect(ids(await browser.get(q('happiness', '&show=media')))).toEqual([withPhoto]);
    expect(ids(await browser.get(q('qzxjvwk')))).toEqual([]);
  });

  it('past the cap of matches the usual plan answers, newest first', async () => {
    const { user, browser } = await member(app, db, 'ou', 'Cap Reader');
    // 2,100 posts whose only form of the word is 'studies' ('studi'); 'studying' is new to the campus.
    await db.$client.query(
      `INSERT INTO posts (id, campus_id, user_id, type, plain_text, created_at, last_modified)
       SELECT 'rare-cap-' || g, $1, $2, 'post', 'Old notes from my studies ' || g,
              timestamp '2025-06-01' + (g || ' seconds')::interval, timestamp '2025-06-01' + (g || ' seconds')::interval
       FROM generate_series(1, 2100) AS g`,
      [CAMPUS_IDS.ou, user.id],
    );
    const newest = await addPost(db, user.id, 'ou', 'Fresh studies planner');
    const page = ids(await browser.get(q('studying')));
    expect(page).toHaveLength(10);
    expect(page[0]).toBe(newest);
    expect(page.slice(1)).toEqual(Array.from({ length: 9 }, (_, i) => `rare-cap-${2100 - i}`));
  });
});

describe('filters and sorts (docs/product/selling.md#filters-and-sorting)', () => {
  it('the rare-word path and the usual plan filter, sort and page alike', async () => {
    const { user } = await member(app, db, 'ou', 'Kim Kalimba');
    const listings: Array<{
      price: number | null;
      condition: 'new' | 'good' | null;
      status?: 'sold' | 'pending';
      expired?: boolean;
    }> = [
      { price: 500, condition: 'good' },
      { price: 0, condition: 'new' },
      { price: 2500, condition: 'good', status: 'sold' },
      { price: 1500, condition: null, status: 'pending' },
      { price: null, condition: 'good' },
      { price: 1500, condition: 'new' },
      { price: 9000, condition: 'good', expired: true },
      { price: 700, condition: 'new' },
    ];
    const made: string[] = [];
    for (const [i, l] of listings.entries()) {
      const id = newId();
      const at = new Date(Date.UTC(2026, 2, 1) + i * 1000);
      await db.insert(posts).values({
        id,
        campusId: CAMPUS_IDS.ou,
        userId: user.id,
        plainText: `Kalimba number ${i}`,
        priceCents: l.price,
        condition: l.condition,
        status: l.status ?? 'available',
        expiredAt: l.expired ? at : null,
        createdAt: at,
        lastModified: at,
      });
      made.push(id);
    }
    const n = (i: number) => made[i] as string;
    const base = { campusId: CAMPUS_IDS.ou, tsquery: "'kalimba':*", mediaOnly: false, limit: 3 } as const;
    const cases: Array<[Partial<typeof NO_LISTING_FILTERS> & { minPrice?: number; maxPrice?: number }, string[]]> = [
      [{}, [n(7), n(5), n(4), n(3), n(1), n(0)]],
      [{ sold: true }, [n(7), n(5), n(4), n(3), n(2), n(1), n(0)]],
      [{ sort: 'price_asc' }, [n(1), n(0), n(7), ...[n(3), n(5)].sort()]],
      [{ sort: 'price_desc', sold: true }, [n(2), ...[n(3), n(5)].sort().reverse(), n(7), n(0), n(1)]],
      [{ minPrice: 5, maxPrice: 15, conditions: ['good', 'new'] }, [n(7), n(5), n(0)]],
      [{ free: true }, [n(1)]],
    ];
    for (const rare of [true, false]) {
      for (const [over, expected] of cases) {
        const filters = { ...NO_LISTING_FILTERS, ...over };
        // Every page of three, following the keyset of the sort.
        const seen: string[] = [];
        let after: Parameters<typeof searchPostIds>[1]['after'];
        for (let page = 0; page < 5; page += 1) {
          const ids = await searchPostIds(db, { ...base, rare, filters, after });
          seen.push(...ids);
          if (ids.length < base.limit) break;
          const [last] = await db
            .select({ id: posts.id, at: posts.lastModified, price: posts.priceCents })
            .from(posts)
            .where(eq(posts.id, ids.at(-1) as string));
          after =
            filters.sort === 'newest'
              ? { sort: 'newest', at: { at: last?.at as Date, id: last?.id as string } }
              : { sort: 'price', at: { priceCents: last?.price as number, id: last?.id as string } };
        }
        expect(seen, `${rare ? 'rare' : 'usual'} ${JSON.stringify(over)}`).toEqual(expected);
      }
    }
  });
});
