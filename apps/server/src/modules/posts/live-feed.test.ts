import type { AddressInfo } from 'node:net';
import {
  CAMPUS_IDS,
  LISTING_EVENT_TYPES,
  LIVE_FEED_EVENT_TYPES,
  type ListingFilters,
  listingFiltersToParams,
  listingMatchesFilters,
  NO_LISTING_FILTERS,
  type Post,
  type PostList,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import type { TestBrowser } from '../../../test/auth.ts';
import { createPostAs, member, photoPart } from '../../../test/posts.ts';
import { type LiveStream, listen, until } from '../../../test/sse.ts';
import { buildApp } from '../../app.ts';
import { createDatabase, type Database } from '../../db/client.ts';
import { broadcastOnCommit, EventBus, publishEvent } from '../../lib/events.ts';

/** Two app instances on one database: as far as events go, two server processes. */
let ctx: TestContext;
let second: FastifyInstance;
let secondDb: Database;
const ports: number[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  ports[0] = (ctx.app.server.address() as AddressInfo).port;
  secondDb = createDatabase(String(ctx.db.$client.options.connectionString), { max: 4 });
  second = await buildApp({ config: ctx.config, db: secondDb });
  await second.listen({ port: 0, host: '127.0.0.1' });
  ports[1] = (second.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await second?.close();
  await secondDb?.$client.end();
});

interface Tab {
  userId: string;
  campusId: string;
  stream: LiveStream;
}

async function openTab(person: { browser: TestBrowser; user: { id: string } }, slug: 'ou' | 'ut' = 'ou', on = 0) {
  const stream = await listen(person.browser, ports[on] as number);
  return { userId: person.user.id, campusId: CAMPUS_IDS[slug], stream } satisfies Tab;
}

/**
 * Everything each tab will ever get of what happened so far: a stored event published after it
 * reaches the tab after every earlier message (one queue per stream, in order), so what is not
 * there by then never comes.
 */
async function settle(tabs: Tab[]) {
  const nonce = `${Date.now()}-${Math.random()}`;
  const people = new Map(tabs.map((tab) => [`${tab.campusId}/${tab.userId}`, tab]));
  for (const { campusId, userId } of people.values()) {
    await publishEvent(ctx.db, { campusId, userId, type: 'test.marker', payload: { nonce } });
  }
  await until(() => tabs.every((tab) => tab.stream.events.some((e) => e.payload.nonce === nonce)));
  for (const tab of tabs) {
    const kept = tab.stream.events.filter((e) => e.type !== 'test.marker');
    tab.stream.events.splice(0, tab.stream.events.length, ...kept);
  }
}

const typesOf = (tab: Tab) => tab.stream.events.map((e) => e.type);

async function block(blocker: TestBrowser, userId: string) {
  const res = await blocker.post('/api/blocks', { userId });
  expect(res.statusCode).toBe(200);
}

describe('post.created: the live feed (decision 042)', () => {
  it("reaches every other member's tabs on the campus, on every instance; not the author's, not anyone blocked either way, not another campus", async () => {
    const author = await member(ctx.app, ctx.db, 'ou', 'Ada Poster');
    const reader = await member(ctx.app, ctx.db, 'ou', 'Rita Reader');
    const blocker = await member(ctx.app, ctx.db, 'ou', 'Bea Blocker');
    const blockedByAuthor = await member(ctx.app, ctx.db, 'ou', 'Carl Blocked');
    const elsewhere = await member(ctx.app, ctx.db, 'ut', 'Una Elsewhere');
    await block(blocker.browser, author.user.id);
    await block(author.browser, blockedByAuthor.user.id);

    const tabs = {
      author: await openTab(author),
      reader: await openTab(reader),
      readerOther: await openTab(reader, 'ou', 1),
      blocker: await openTab(blocker),
      blocked: await openTab(blockedByAuthor, 'ou', 1),
      elsewhere: await openTab(elsewhere, 'ut'),
    };
    const all = Object.values(tabs);
    try {
      await until(() => all.every((t) => t.stream.ready()));
      await settle(all);
      for (const t of all) t.stream.events.length = 0;

      const res = await createPostAs(
        author.browser,
        { plainText: 'Mini fridge, barely used', category: 'appliances', priceCents: 4500, condition: 'like new' },
        [await photoPart('#aa3322')],
      );
      expect(res.statusCode).toBe(201);
      const post = res.json() as Post;
      await settle(all);

      for (const t of [tabs.reader, tabs.readerOther]) {
        expect(t.stream.events).toEqual([
          {
            id: '',
            type: LIVE_FEED_EVENT_TYPES.postCreated,
            // What the feed's filters need, and nothing the post says or who wrote it.
            payload: {
              postId: post.id,
              category: 'appliances',
              priceCents: 4500,
              condition: 'like new',
              hasMedia: true,
            },
          },
        ]);
      }
      // The author's own tabs get no 'post.created', only the stored 'listing.created' the
      // saved-search job reads (decision 040), which the web ignores.
      expect(typesOf(tabs.author)).toEqual([LISTING_EVENT_TYPES.postCreated]);
      for (const t of [tabs.blocker, tabs.blocked, tabs.elsewhere]) expect(typesOf(t)).toEqual([]);
    } finally {
      for (const t of all) t.stream.close();
    }
  });

  it('a post without price, condition or photos says so; a refused post and a comment announce no new post', async () => {
    const author = await member(ctx.app, ctx.db, 'ou', 'Pia Plain');
    const reader = await member(ctx.app, ctx.db, 'ou', 'Rob Reader');
    const tab = await openTab(reader);
    try {
      await until(() => tab.stream.ready());
      const empty = await createPostAs(author.browser, { plainText: '   ' });
      expect(empty.statusCode).toBe(400);
      const res = await createPostAs(author.browser, { plainText: 'Anyone up for a study group?' });
      const post = res.json() as Post;
      await settle([tab]);
      expect(tab.stream.events.map((e) => e.payload)).toEqual([
        { postId: post.id, category: null, priceCents: null, condition: null, hasMedia: false },
      ]);

      tab.stream.events.length = 0;
      const comment = await createPostAs(author.browser, { plainText: 'Thursdays at 6', parentId: post.id });
      expect(comment.statusCode).toBe(201);
      await settle([tab]);
      expect(typesOf(tab)).toEqual([LIVE_FEED_EVENT_TYPES.postCounts]);
    } finally {
      tab.stream.close();
    }
  });
});

describe('post.counts: the counters of an open post page', () => {
  it('a save, a comment, a reply and a deleted comment each name the post and the posts above it, to the campus only', async () => {
    const owner = await member(ctx.app, ctx.db, 'ou', 'Olga Owner');
    const other = await member(ctx.app, ctx.db, 'ou', 'Otto Other');
    const elsewhere = await member(ctx.app, ctx.db, 'ut', 'Uma Away');
    const post = (await createPostAs(owner.browser, { plainText: 'Desk lamp', priceCents: 1000 })).json() as Post;
    const viewer = await openTab(owner);
    const away = await openTab(elsewhere, 'ut');
    const tabs = [viewer, away];
    const countsOf = () =>
      viewer.stream.events.filter((e) => e.type === LIVE_FEED_EVENT_TYPES.postCounts).map((e) => e.payload);
    try {
      await until(() => tabs.every((t) => t.stream.ready()));

      expect((await other.browser.post(`/api/posts/${post.id}/like`)).statusCode).toBe(200);
      const comment = (
        await createPostAs(other.browser, { plainText: 'Still there?', parentId: post.id })
      ).json() as Post;
      const reply = (await createPostAs(owner.browser, { plainText: 'Yes!', parentId: comment.id })).json() as Post;
      expect((await other.browser.post(`/api/posts/${reply.id}/like`)).statusCode).toBe(200);
      expect((await owner.browser.request('DELETE', `/api/posts/${reply.id}`)).statusCode).toBe(200);
      await settle(tabs);

      expect(countsOf()).toEqual([
        { postIds: [post.id] },
        { postIds: [post.id] },
        { postIds: [comment.id, post.id] },
        { postIds: [reply.id, comment.id, post.id] },
        { postIds: [comment.id, post.id] },
      ]);
      expect(typesOf(away)).toEqual([]);
    } finally {
      for (const t of tabs) t.stream.close();
    }
  });
});

describe('the bus: a broadcast from a member', () => {
  it('when the blocks cannot be read it reaches no one (never what a block hides); without `from` it reaches all', async () => {
    const a = await member(ctx.app, ctx.db, 'ou', 'Fay Failing');
    const received: string[] = [];
    const bus = new EventBus({
      url: String(ctx.db.$client.options.connectionString),
      pool: ctx.db.$client,
      hiddenFrom: () => Promise.reject(new Error('database unreachable')),
    });
    let ready = false;
    bus.subscribe({
      campusId: CAMPUS_IDS.ou,
      userId: a.user.id,
      onReady: () => {
        ready = true;
      },
      onEvent: () => {},
      onBroadcast: (message) => received.push(message.type),
      onClose: () => {},
    });
    try {
      await until(() => ready && bus.listening);
      await ctx.db.transaction((tx) =>
        broadcastOnCommit(tx, { campusId: CAMPUS_IDS.ou, type: 'test.from', payload: {}, from: 'someone' }),
      );
      await ctx.db.transaction((tx) =>
        broadcastOnCommit(tx, { campusId: CAMPUS_IDS.ou, type: 'test.everyone', payload: {} }),
      );
      await until(() => received.includes('test.everyone'));
      expect(received).toEqual(['test.everyone']);
    } finally {
      await bus.close();
    }
  });
});

describe("the web's filter check of a new post", () => {
  it('agrees with the feed statement on every listing and filter', async () => {
    const seller = await member(ctx.app, ctx.db, 'ou', 'Fil Checker');
    const category = 'drones';
    const listings: { priceCents: number | null; condition: string | null }[] = [
      { priceCents: null, condition: null },
      { priceCents: 0, condition: 'good' },
      { priceCents: 1000, condition: 'new' },
      { priceCents: 1500, condition: 'good' },
      { priceCents: 2000, condition: 'fair' },
      { priceCents: 2500, condition: null },
      { priceCents: 5000, condition: 'good' },
    ];
    const posts: Post[] = [];
    for (const [i, listing] of listings.entries()) {
      const fields = Object.fromEntries(Object.entries(listing).filter(([, v]) => v !== null));
      const res = await createPostAs(seller.browser, { plainText: `Drone ${i}`, category, ...fields });
      expect(res.statusCode).toBe(201);
      posts.push(res.json() as Post);
    }
    const cases: Partial<ListingFilters>[] = [
      {},
      { free: true },
      { minPrice: 10 },
      { maxPrice: 20 },
      { minPrice: 10, maxPrice: 20 },
      { minPrice: 0 },
      { conditions: ['good'] },
      { conditions: ['new', 'good'], maxPrice: 30 },
      { sort: 'price_asc' },
      { sort: 'price_desc', minPrice: 5 },
    ];
    for (const given of cases) {
      const filters: ListingFilters = { ...NO_LISTING_FILTERS, ...given };
      const query = new URLSearchParams({ category, ...listingFiltersToParams(filters) });
      const res = await seller.browser.get(`/api/posts?${query}`);
      expect(res.statusCode).toBe(200);
      const served = new Set((res.json() as PostList).posts.map((p) => p.id));
      const predicted = new Set(posts.filter((p) => listingMatchesFilters(p, filters)).map((p) => p.id));
      expect([...served].sort(), JSON.stringify(given)).toEqual([...predicted].sort());
    }
  });
});
