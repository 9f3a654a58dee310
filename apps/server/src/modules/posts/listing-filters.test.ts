import { CAMPUS_IDS, type Condition, LISTING_FILTER_TEXTS, type Post } from '@campus/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activeAd, newPost } from '../../../test/ads.ts';
import { createTestApp } from '../../../test/app.ts';
import type { TestBrowser } from '../../../test/auth.ts';
import { roles, usernameOf } from '../../../test/profiles.ts';
import { postMedia, posts } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';

/**
 * Filters and sorting of the feed, the media feed and search (docs/product/selling.md#filters-and-sorting,
 * decision 036), through the routes, for every kind of caller the feed's own rules know.
 */
const { app, db } = await createTestApp();
const r = await roles(app, db, 'Sally Seller');

let tick = 0;
interface Listing {
  price?: number | null;
  condition?: Condition | null;
  status?: 'available' | 'pending' | 'sold';
  expired?: boolean;
  category?: string | null;
  photos?: number;
  campus?: 'ou' | 'ut';
  userId?: string;
}
/** A top-level listing written straight into the table, each a second newer than the one before. */
async function addListing(word: string, listing: Listing = {}): Promise<string> {
  const id = newId();
  tick += 1;
  const at = new Date(Date.UTC(2026, 0, 1) + tick * 1000);
  await db.insert(posts).values({
    id,
    campusId: CAMPUS_IDS[listing.campus ?? 'ou'],
    userId: listing.userId ?? r.ownerUser.id,
    plainText: `${word} listing ${tick}`,
    category: listing.category ?? null,
    priceCents: listing.price === undefined ? 1000 : listing.price,
    condition: listing.condition ?? null,
    status: listing.status ?? 'available',
    expiredAt: listing.expired ? at : null,
    imgCount: listing.photos ?? 0,
    createdAt: at,
    lastModified: at,
  });
  for (let i = 0; i < (listing.photos ?? 0); i += 1) {
    await db.insert(postMedia).values({
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

type Page = { posts: Post[]; nextCursor: string | null; sponsored?: unknown[] };
async function page(browser: TestBrowser, url: string): Promise<Page> {
  const res = await browser.get(url);
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res.json() as Page;
}
/** The ids of a page that are among `mine` (other tests of this file post on the same campus). */
const idsOf = (p: Page, mine: string[]) => p.posts.map((post) => post.id).filter((id) => mine.includes(id));

/** Every page of a list, following its cursors (at most 20 pages). */
async function allPages(browser: TestBrowser, url: string): Promise<Post[]> {
  const seen: Post[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 20; n += 1) {
    const joiner = url.includes('?') ? '&' : '?';
    const p = await page(browser, cursor ? `${url}${joiner}cursor=${encodeURIComponent(cursor)}` : url);
    seen.push(...p.posts);
    cursor = p.nextCursor;
    if (!cursor) break;
  }
  return seen;
}

describe('sold and expired listings', () => {
  it('leave the feed, the media feed and search; Show sold brings sold back, never expired; pending stays; profiles keep all', async () => {
    const word = 'harpsichord';
    const available = await addListing(word, { photos: 1 });
    const pending = await addListing(word, { status: 'pending', photos: 1 });
    const sold = await addListing(word, { status: 'sold', photos: 1 });
    const expired = await addListing(word, { expired: true, photos: 1 });
    const soldExpired = await addListing(word, { status: 'sold', expired: true, photos: 1 });
    const mine = [available, pending, sold, expired, soldExpired];
    const newestFirst = (ids: string[]) => [...ids].reverse();

    for (const base of ['/api/posts', '/api/posts/media', `/api/search/posts?q=${word}`]) {
      const joiner = base.includes('?') ? '&' : '?';
      expect(idsOf(await page(r.other, base), mine)).toEqual(newestFirst([available, pending]));
      expect(idsOf(await page(r.other, `${base}${joiner}sold=1`), mine)).toEqual(
        newestFirst([available, pending, sold]),
      );
    }
    // The header box's suggestions are search too.
    const suggestions = (await r.other.get(`/api/search/suggestions?q=${word}`)).json() as {
      suggestions: { postId: string }[];
    };
    expect(suggestions.suggestions.map((s) => s.postId).sort()).toEqual([available, pending].sort());
    // The seller's profile keeps every one of them.
    const username = await usernameOf(db, r.ownerUser.id);
    const profile = (await r.other.get(`/api/profiles/${username}/posts`)).json() as Page;
    expect(idsOf(profile, mine).sort()).toEqual([...mine].sort());
    // The post page of a sold listing is still there.
    expect((await r.other.get(`/api/posts/${sold}`)).statusCode).toBe(200);
  });
});

describe('filters', () => {
  it('price range in whole dollars, Free only and conditions, each and together, with a category', async () => {
    const word = 'ocarina';
    const free = await addListing(word, { price: 0, condition: 'good', category: 'furniture' });
    const five = await addListing(word, { price: 500, condition: 'new', category: 'furniture' });
    const twenty = await addListing(word, { price: 2000, condition: 'like new', category: 'textbooks' });
    const twentyFifty = await addListing(word, { price: 2050, condition: 'fair' });
    const hundred = await addListing(word, { price: 10_000, condition: null, category: 'furniture' });
    const noPrice = await addListing(word, { price: null, condition: 'good' });
    const mine = [free, five, twenty, twentyFifty, hundred, noPrice];
    const check = async (params: string, expected: string[]) => {
      for (const base of ['/api/posts?', `/api/search/posts?q=${word}&`]) {
        expect(idsOf(await page(r.other, `${base}${params}`), mine), `${base}${params}`).toEqual(expected);
      }
    };
    await check('', [noPrice, hundred, twentyFifty, twenty, five, free]);
    await check('minPrice=5', [hundred, twentyFifty, twenty, five]);
    await check('maxPrice=20', [twenty, five, free]);
    await check('minPrice=5&maxPrice=20', [twenty, five]);
    await check('minPrice=20&maxPrice=20', [twenty]);
    await check('free=1', [free]);
    await check('free=true&minPrice=1', []);
    await check('condition=good', [noPrice, free]);
    await check(`condition=${encodeURIComponent('like new,new')}`, [twenty, five]);
    await check('condition=new,fair&maxPrice=50', [twentyFifty, five]);
    // With the category (the feed's chips).
    expect(idsOf(await page(r.other, '/api/posts?category=furniture&maxPrice=10'), mine)).toEqual([five, free]);
    expect(idsOf(await page(r.other, '/api/posts?category=furniture&sort=price_desc'), mine)).toEqual([
      hundred,
      five,
      free,
    ]);
  });

  it('sorts by price both ways, leaving out listings without a price, and pages without gaps or repeats', async () => {
    const word = 'theremin';
    const mine: string[] = [];
    // 24 listings on 8 prices (three of each: the id breaks ties), and 3 without a price.
    for (let i = 0; i < 24; i += 1) mine.push(await addListing(word, { price: (i % 8) * 250 + 100 }));
    for (let i = 0; i < 3; i += 1) mine.push(await addListing(word, { price: null }));
    const priced = await db.select({ id: posts.id, price: posts.priceCents }).from(posts);
    const priceOf = new Map(priced.map((p) => [p.id, p.price]));
    const ascending = mine
      .filter((id) => priceOf.get(id) !== null)
      .sort((a, b) => (priceOf.get(a) as number) - (priceOf.get(b) as number) || (a < b ? -1 : 1));

    // Search pages 10 at a time: three pages each way.
    const up = await allPages(r.other, `/api/search/posts?q=${word}&sort=price_asc`);
    expect(up.map((p) => p.id)).toEqual(ascending);
    const down = await allPages(r.other, `/api/search/posts?q=${word}&sort=price_desc`);
    expect(down.map((p) => p.id)).toEqual([...ascending].reverse());
    // The feed (25, then 15) and the media feed take the same sorts.
    const feedUp = (await allPages(r.other, '/api/posts?sort=price_asc'))
      .map((p) => p.id)
      .filter((id) => mine.includes(id));
    expect(feedUp).toEqual(ascending);
    const feedDown = (await allPages(r.other, '/api/posts?sort=price_desc&minPrice=3'))
      .map((p) => p.id)
      .filter((id) => mine.includes(id));
    expect(feedDown).toEqual([...ascending].reverse().filter((id) => (priceOf.get(id) as number) >= 300));
    // A cursor of one sort is refused by another.
    const first = await page(r.other, `/api/search/posts?q=${word}&sort=price_asc`);
    const res = await r.other.get(`/api/search/posts?q=${word}&cursor=${first.nextCursor}`);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'INVALID_CURSOR' });
  });

  it("follow the feed's own rules: visitors and unverified are refused, a guest from another campus sees this campus", async () => {
    const word = 'bandoneon';
    const ou = await addListing(word, { price: 700 });
    const ut = await addListing(word, { price: 700, campus: 'ut', userId: r.otherCampusUser.id });
    const url = '/api/posts?sort=price_asc&maxPrice=7&minPrice=7';
    for (const path of [url, '/api/posts/media?free=1', `/api/search/posts?q=${word}&sort=price_desc`]) {
      expect((await r.anonymous.get(path)).json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
      expect((await r.unverified.get(path)).json()).toMatchObject({ statusCode: 403, code: 'EMAIL_NOT_VERIFIED' });
      expect((await r.noCampus.get(path)).json()).toMatchObject({ statusCode: 403, code: 'SCHOOL_NOT_VERIFIED' });
    }
    // Members of OU, and a UT member on OU's site, see OU's listing and never UT's.
    for (const browser of [r.owner, r.other, r.otherCampus]) {
      expect(idsOf(await page(browser, url), [ou, ut])).toEqual([ou]);
      expect(idsOf(await page(browser, `/api/search/posts?q=${word}&minPrice=7`), [ou, ut])).toEqual([ou]);
    }
  });

  it('hostile filter values answer 400 with what is wrong, never a 5xx', async () => {
    const long = 'x'.repeat(10_000);
    const cases: [string, string][] = [
      ['minPrice=-1', LISTING_FILTER_TEXTS.priceInvalid],
      ['minPrice=1e3', LISTING_FILTER_TEXTS.priceInvalid],
      ['minPrice=1.5', LISTING_FILTER_TEXTS.priceInvalid],
      ['maxPrice=99999999999999999999', LISTING_FILTER_TEXTS.priceInvalid],
      ['maxPrice=1000001', LISTING_FILTER_TEXTS.priceInvalid],
      // NUL bytes are refused before validation (plugins/security.ts).
      ['maxPrice=%00', ''],
      ['minPrice=%205', LISTING_FILTER_TEXTS.priceInvalid],
      ['minPrice=1&minPrice=2', ''],
      ['minPrice=50&maxPrice=20', LISTING_FILTER_TEXTS.minAboveMax],
      ['free=yes', LISTING_FILTER_TEXTS.flagInvalid],
      ['sold=1&sold=1', ''],
      ['condition=mint', LISTING_FILTER_TEXTS.conditionInvalid],
      ['condition=new%00', ''],
      ['condition=new&condition=good', ''],
      [`condition=${long}`, LISTING_FILTER_TEXTS.conditionInvalid],
      ['sort=price', ''],
      [`sort=${long}`, ''],
      [`cursor=${Buffer.from('$-5|abc').toString('base64url')}&sort=price_asc`, ''],
      [`cursor=${Buffer.from('$99999999999|abc').toString('base64url')}&sort=price_desc`, ''],
    ];
    for (const base of ['/api/posts?', '/api/posts/media?', '/api/search/posts?q=lamp&']) {
      for (const [params, message] of cases) {
        const res = await r.other.get(`${base}${params}`);
        expect(res.statusCode, `${base}${params}`).toBe(400);
        if (message) expect(res.json().message, params).toBe(message);
      }
    }
    // Bracketed names are other parameters, which no route reads: ignored, never an error.
    for (const params of ['sort[]=price_asc', 'minPrice[a]=1']) {
      expect((await r.other.get(`/api/posts?${params}`)).statusCode).toBe(200);
    }
    // The maximum itself is a filter like any other.
    expect((await r.other.get('/api/posts?maxPrice=1000000&minPrice=0')).statusCode).toBe(200);
  });
});

describe('kept pages (decision 025)', () => {
  it('a filtered page is kept under its own filters, and a sale leaves every kept page at once', async () => {
    const word = 'dulcimer';
    const a = await addListing(word, { price: 4200, condition: 'good' });
    const b = await addListing(word, { price: 4300, condition: 'fair' });
    const good = '/api/posts?condition=good&minPrice=42&maxPrice=43';
    const fair = '/api/posts?condition=fair&minPrice=42&maxPrice=43';
    // Read twice each (the second from the process's copy): each keeps its own answer.
    for (let n = 0; n < 2; n += 1) {
      expect(idsOf(await page(r.other, good), [a, b])).toEqual([a]);
      expect(idsOf(await page(r.other, fair), [a, b])).toEqual([b]);
      expect(idsOf(await page(r.other, `${good}&sort=price_desc`), [a, b])).toEqual([a]);
    }
    // Sold: gone from the default pages, there with Show sold (the feed version moved).
    await db.update(posts).set({ status: 'sold' }).where(eq(posts.id, a));
    expect(idsOf(await page(r.other, good), [a, b])).toEqual([]);
    expect(idsOf(await page(r.other, `${good}&sold=1`), [a, b])).toEqual([a]);
    const card = (await page(r.other, `${good}&sold=1`)).posts.find((p) => p.id === a);
    expect(card?.status).toBe('sold');
    // A price change shows on the kept price-sorted page.
    await db.update(posts).set({ priceCents: 4250 }).where(eq(posts.id, b));
    const fairPage = await page(r.other, `${fair}&sort=price_desc`);
    expect(fairPage.posts.find((p) => p.id === b)?.priceCents).toBe(4250);
  });

  it('the home feed carries sponsored posts only unfiltered', async () => {
    for (let i = 0; i < 5; i += 1) await addListing('zither', { price: 100 * i });
    const boosted = await newPost(r.owner, 'Zither strings, boosted');
    await activeAd(r.owner, boosted.id);
    expect((await page(r.other, '/api/posts')).sponsored?.length).toBeGreaterThan(0);
    for (const params of ['sort=price_asc', 'sold=1', 'condition=good', 'maxPrice=100', 'free=1']) {
      expect((await page(r.other, `/api/posts?${params}`)).sponsored, params).toEqual([]);
    }
  });
});
