import {
  type BuyerCandidates,
  type ChatOffers,
  DEAL_EVENT_TYPES,
  DEAL_MESSAGES,
  MAX_PRICE_CENTS,
  OFFER_LIFETIME_MS,
  type OfferResponse,
  type Post,
} from '@campus/contract';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activeAd, GOOD_CARD, newPost, startBoost } from '../../../test/ads.ts';
import { createTestApp } from '../../../test/app.ts';
import type { TestBrowser } from '../../../test/auth.ts';
import { chatPage, openChatWith, sendMessageAs } from '../../../test/chats.ts';
import { createPostAs, member } from '../../../test/posts.ts';
import { roles } from '../../../test/profiles.ts';
import {
  ads,
  bannedEmails,
  chats,
  events,
  messages,
  notifications,
  offers,
  paymentLedger,
  posts,
  users,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';

/** A clock the tests move forward (an offer's 48 hours) without waiting. */
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
const { app, db } = await createTestApp({}, { clock });

const tally = async () => ({
  offers: (await db.select({ n: count() }).from(offers))[0]?.n ?? 0,
  messages: (await db.select({ n: count() }).from(messages))[0]?.n ?? 0,
  chats: (await db.select({ n: count() }).from(chats))[0]?.n ?? 0,
  notifications: (await db.select({ n: count() }).from(notifications))[0]?.n ?? 0,
});
const listing = async (id: string) => (await db.select().from(posts).where(eq(posts.id, id)))[0];

const offer = (browser: TestBrowser, postId: string, body: unknown) =>
  browser.post(`/api/posts/${encodeURIComponent(postId)}/offers`, body);
const mark = (browser: TestBrowser, postId: string, body: unknown) =>
  browser.request('PUT', `/api/posts/${encodeURIComponent(postId)}/status`, body);
const buyers = (browser: TestBrowser, postId: string) => browser.get(`/api/posts/${encodeURIComponent(postId)}/buyers`);

async function listingBy(owner: TestBrowser, text = 'Road bike, 54cm frame', priceCents = 12000): Promise<Post> {
  const res = await createPostAs(owner, { plainText: text, priceCents });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Post;
}

async function madeOffer(browser: TestBrowser, postId: string, amountCents: number) {
  const res = await offer(browser, postId, { amountCents });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as OfferResponse).offer;
}

async function banned(browser: TestBrowser, userId: string) {
  const email = (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email ?? '';
  await db.insert(bannedEmails).values({ email });
  return browser;
}

describe('marking a listing available, pending or sold', () => {
  it('is for the owner only: everyone else gets 401/403 or the missing-post 404, and nothing changes', async () => {
    const r = await roles(app, db, 'Mara Marker');
    const post = await listingBy(r.owner);
    const denied = [
      [r.anonymous, 401],
      [r.unverified, 403],
      [r.noCampus, 403],
      [r.otherCampus, 404],
      [r.other, 404],
    ] as const;
    for (const [browser, status] of denied) {
      const before = await tally();
      expect((await mark(browser, post.id, { status: 'sold', buyerId: null })).statusCode).toBe(status);
      expect((await buyers(browser, post.id)).statusCode).toBe(status);
      expect(await tally()).toEqual(before);
    }
    expect((await listing(post.id))?.status).toBe('available');
    // The feed page kept in the process (decision 025) is read before the change…
    const feedStatus = async (query = '') =>
      ((await r.other.get(`/api/posts${query}`)).json() as { posts: Post[] }).posts.find((p) => p.id === post.id)
        ?.status;
    expect(await feedStatus()).toBe('available');

    const sold = await mark(r.owner, post.id, { status: 'sold', buyerId: null });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json()).toEqual({ status: 'sold', buyer: null });
    const row = await listing(post.id);
    expect(row?.status).toBe('sold');
    expect(row?.statusChangedAt).not.toBeNull();
    // A status change never moves the listing in the feed.
    expect(row?.lastModified.toISOString()).toBe(row?.createdAt.toISOString());
    expect((await r.other.get(`/api/posts/${post.id}`)).json().post.status).toBe('sold');
    // …and never shows the old status after it (the feed-version trigger covers the column): the
    // sold listing leaves the feed, and 'Show sold' lists it as sold (docs/product/selling.md#filters-and-sorting).
    expect(await feedStatus()).toBeUndefined();
    expect(await feedStatus('?sold=1')).toBe('sold');

    const again = await mark(r.owner, post.id, { status: 'available' });
    expect(again.json()).toEqual({ status: 'available', buyer: null });

    const ownerRow = (await db.select({ email: users.email }).from(users).where(eq(users.id, r.ownerUser.id)))[0];
    await db.insert(bannedEmails).values({ email: ownerRow?.email ?? '' });
    expect((await mark(r.owner, post.id, { status: 'pending' })).statusCode).toBe(401);
    expect((await listing(post.id))?.status).toBe('available');
  });

  it('offers as buyers the people who wrote to the owner since the listing was posted, offers first', async () => {
    const seller = await member(app, db, 'ou', 'Sasha Seller');
    const asker = await member(app, db, 'ou', 'Ari Asker');
    const bidder = await member(app, db, 'ou', 'Bea Bidder');
    const silent = await member(app, db, 'ou', 'Sid Silent');
    const early = await member(app, db, 'ou', 'Eve Early');

    // Eve wrote before the listing existed: not about it.
    const earlyChat = await openChatWith(early.browser, seller.user.id);
    expect((await sendMessageAs(early.browser, earlyChat.id, { plainText: 'hi' })).statusCode).toBe(201);
    offsetMs += 1000;
    const post = await listingBy(seller.browser);
    // Sid has a chat with the seller but never wrote; the seller writing does not count either.
    const silentChat = await openChatWith(silent.browser, seller.user.id);
    expect((await sendMessageAs(seller.browser, silentChat.id, { plainText: 'still there?' })).statusCode).toBe(201);
    const askChat = await openChatWith(asker.browser, seller.user.id);
    expect((await sendMessageAs(asker.browser, askChat.id, { plainText: 'Is the bike available?' })).statusCode).toBe(
      201,
    );
    await madeOffer(bidder.browser, post.id, 9000);

    const res = await buyers(seller.browser, post.id);
    expect(res.statusCode, res.body).toBe(200);
    const { people } = res.json() as BuyerCandidates;
    expect(people.map((p) => [p.id, p.offerCents])).toEqual([
      [bidder.user.id, 9000],
      [asker.user.id, null],
    ]);
    expect(Object.keys(people[0] ?? {}).sort()).toEqual([
      'firstName',
      'id',
      'img',
      'lastName',
      'offerCents',
      'username',
      'verified',
    ]);

    // Only a candidate (or Someone else) can be named; nothing changes otherwise.
    for (const stranger of [silent.user.id, early.user.id, 'no-such-user', seller.user.id]) {
      const refused = await mark(seller.browser, post.id, { status: 'pending', buyerId: stranger });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'BUYER_NOT_CANDIDATE', message: DEAL_MESSAGES.buyerNotCandidate });
    }
    const withBuyer = await mark(seller.browser, post.id, { status: 'available', buyerId: asker.user.id });
    expect(withBuyer.json()).toMatchObject({ message: DEAL_MESSAGES.buyerOnlyWhenDealt });
    expect((await listing(post.id))?.status).toBe('available');

    const pending = await mark(seller.browser, post.id, { status: 'pending', buyerId: asker.user.id });
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json()).toMatchObject({ status: 'pending', buyer: { id: asker.user.id, firstName: 'Ari' } });
    expect((await listing(post.id))?.buyerId).toBe(asker.user.id);

    // A block takes someone out of the picker.
    expect((await seller.browser.post('/api/blocks', { userId: asker.user.id })).statusCode).toBe(200);
    const after = (await buyers(seller.browser, post.id)).json() as BuyerCandidates;
    expect(after.people.map((p) => p.id)).toEqual([bidder.user.id]);
  });

  it('notifies the savers (not the buyer) once when it sells, and tells the deal live', async () => {
    const seller = await member(app, db, 'ou', 'Nell Notifier');
    const saver = await member(app, db, 'ou', 'Sam Saver');
    const buyer = await member(app, db, 'ou', 'Bo Buyer');
    const post = await listingBy(seller.browser, 'Standing desk\nBarely used');
    for (const b of [saver.browser, buyer.browser]) {
      expect((await b.post(`/api/posts/${post.id}/like`)).json()).toMatchObject({ liked: true });
    }
    const chat = await openChatWith(buyer.browser, seller.user.id);
    await sendMessageAs(buyer.browser, chat.id, { plainText: 'I will take it' });

    expect((await mark(seller.browser, post.id, { status: 'sold', buyerId: buyer.user.id })).statusCode).toBe(200);
    // Pending → sold again, and sold → sold, notify nobody twice.
    expect((await mark(seller.browser, post.id, { status: 'sold', buyerId: buyer.user.id })).statusCode).toBe(200);
    const sold = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'listing sold'), eq(notifications.postId, post.id)));
    expect(sold.map((n) => [n.toUserId, n.fromUserId, n.message])).toEqual([
      [saver.user.id, seller.user.id, 'Standing desk has sold'],
    ]);
    // Mailed like the others: the sweep picks it up.
    expect(sold[0]?.emailPendingSince).not.toBeNull();
    const live = await db
      .select({ userId: events.userId })
      .from(events)
      .where(eq(events.type, DEAL_EVENT_TYPES.listingChanged));
    expect(live.map((e) => e.userId)).toEqual(expect.arrayContaining([seller.user.id, buyer.user.id]));
    const list = await saver.browser.get('/api/notifications');
    expect(list.json().notifications[0]).toMatchObject({ type: 'listing sold', postId: post.id });
  });

  it('refuses comments and hostile bodies with 4xx, never 5xx', async () => {
    const owner = await member(app, db, 'ou', 'Hana Hostile');
    const post = await listingBy(owner.browser);
    const comment = await createPostAs(owner.browser, { plainText: 'bump', parentId: post.id });
    expect(comment.statusCode).toBe(201);
    const commentId = (comment.json() as Post).id;
    expect((await mark(owner.browser, commentId, { status: 'sold' })).json()).toMatchObject({
      code: 'NOT_A_LISTING',
    });
    const hostile: unknown[] = [
      { status: 'gone' },
      { status: 'sold\u0000' },
      { status: 7 },
      { status: 'sold', buyerId: 'x\u0000y' },
      { status: 'sold', buyerId: 12 },
      { status: 'sold', extra: true },
      [],
      'sold',
      null,
    ];
    for (const body of hostile) {
      const res = await mark(owner.browser, post.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    for (const id of ['%00', 'a'.repeat(65), "1' OR '1'='1"]) {
      const res = await mark(owner.browser, id, { status: 'sold' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await listing(post.id))?.status).toBe('available');
  });

  it('stops a running ad when the listing sells, its unspent money back to Available Funds, and refuses a boost', async () => {
    const owner = await member(app, db, 'ou', 'Ada Advertiser');
    const post = await newPost(owner.browser, 'Mini fridge for the dorm');
    const started = await activeAd(owner.browser, post.id);
    const before = (await owner.browser.get('/api/payments')).json().availableFundsCents as number;
    offsetMs += 60 * 60 * 1000;

    expect((await mark(owner.browser, post.id, { status: 'sold' })).statusCode).toBe(200);
    const ad = (await db.select().from(ads).where(eq(ads.id, started.adId)))[0];
    expect(ad?.status).toBe('stopped');
    const refund = await db
      .select()
      .from(paymentLedger)
      .where(and(eq(paymentLedger.adId, started.adId), eq(paymentLedger.kind, 'unspent_budget')));
    expect(refund).toHaveLength(1);
    expect((refund[0]?.amountCents ?? 0) + (ad?.totalSpent ?? 0)).toBe(ad?.amountBudgeted);
    const after = (await owner.browser.get('/api/payments')).json().availableFundsCents as number;
    expect(after - before).toBe(refund[0]?.amountCents);

    const boost = await owner.browser.post(`/api/posts/${post.id}/boost`, {
      goal: 'profile',
      days: 1,
    });
    expect(boost.statusCode).toBe(409);
    expect(boost.json()).toMatchObject({ code: 'LISTING_SOLD', message: DEAL_MESSAGES.soldNoBoost });
    // Available again: no second refund.
    expect((await mark(owner.browser, post.id, { status: 'available' })).statusCode).toBe(200);
    expect((await mark(owner.browser, post.id, { status: 'sold' })).statusCode).toBe(200);
    expect(
      await db
        .select()
        .from(paymentLedger)
        .where(and(eq(paymentLedger.adId, started.adId), eq(paymentLedger.kind, 'unspent_budget'))),
    ).toHaveLength(1);
  });

  it('does not start a run paid for after the listing sold: the money stays in Available Funds', async () => {
    const owner = await member(app, db, 'ou', 'Paz Payer');
    const post = await newPost(owner.browser, 'Rice cooker');
    const started = await startBoost(owner.browser, post.id);
    expect((await mark(owner.browser, post.id, { status: 'sold' })).statusCode).toBe(200);
    const paid = await owner.browser.post(`/api/test-checkout/${started.sessionId}`, GOOD_CARD);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await db.select().from(ads).where(eq(ads.id, started.adId)))[0]?.status).toBe('stopped');
    const ledger = await db.select().from(paymentLedger).where(eq(paymentLedger.adId, started.adId));
    expect(ledger.map((l) => l.kind)).toEqual(['payment']);
    const funds = (await owner.browser.get('/api/payments')).json().availableFundsCents as number;
    expect(funds).toBe(ledger[0]?.amountCents);
  });
});

describe('offers', () => {
  it('refuses every caller but a member who is not the owner, storing nothing', async () => {
    const r = await roles(app, db, 'Otis Offered');
    const post = await listingBy(r.owner);
    const denied = [
      [r.anonymous, 401],
      [r.unverified, 403],
      [r.noCampus, 403],
      [r.otherCampus, 403],
      [r.owner, 400],
    ] as const;
    for (const [browser, status] of denied) {
      const before = await tally();
      const res = await offer(browser, post.id, { amountCents: 5000 });
      expect(res.statusCode, res.body).toBe(status);
      expect(await tally()).toEqual(before);
    }
    expect((await offer(r.owner, post.id, { amountCents: 5000 })).json()).toMatchObject({
      code: 'OWN_LISTING',
      message: DEAL_MESSAGES.ownListing,
    });

    const made = await madeOffer(r.other, post.id, 5000);
    expect(made).toMatchObject({
      postId: post.id,
      buyerId: r.otherUser.id,
      sellerId: r.ownerUser.id,
      fromUserId: r.otherUser.id,
      amountCents: 5000,
      status: 'open',
      canAnswer: false,
      listing: { title: 'Road bike, 54cm frame', priceCents: 12000, status: 'available' },
    });
    // The card is a message of the chat with the seller, which the offer opened.
    const page = await chatPage(r.owner, made.chatId);
    expect(page.messages[0]).toMatchObject({ offerId: made.id, plainText: 'Offered $50', senderId: r.otherUser.id });
    expect(page.chat.lastMessage).toBe('Offered $50');
    const cards = (await r.owner.get(`/api/chats/${made.chatId}/offers`)).json() as ChatOffers;
    expect(cards.offers.map((o) => [o.id, o.canAnswer])).toEqual([[made.id, true]]);
    // The seller is told as of any message.
    const note = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.toUserId, r.ownerUser.id), eq(notifications.chatId, made.chatId)));
    expect(note.map((n) => [n.type, n.message])).toEqual(
      expect.arrayContaining([
        ['new chat', ''],
        ['message', 'Offered $50'],
      ]),
    );

    // Only the chat's two people read its offers.
    for (const [browser, status] of [
      [r.anonymous, 401],
      [r.otherCampus, 403],
    ] as const) {
      expect((await browser.get(`/api/chats/${made.chatId}/offers`)).statusCode).toBe(status);
    }
    const third = await member(app, db, 'ou', 'Theo Third');
    expect((await third.browser.get(`/api/chats/${made.chatId}/offers`)).statusCode).toBe(404);
    for (const browser of [third.browser, r.otherCampus, r.anonymous]) {
      for (const action of ['accept', 'decline']) {
        const res = await browser.post(`/api/offers/${made.id}/${action}`);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    }
    expect((await db.select().from(offers).where(eq(offers.id, made.id)))[0]?.status).toBe('open');

    await banned(r.other, r.otherUser.id);
    expect((await offer(r.other, post.id, { amountCents: 100 })).statusCode).toBe(401);
  });

  it('answers every role on every offer route the same way, storing nothing on refusal', async () => {
    const r = await roles(app, db, 'Rory Routes');
    const post = await listingBy(r.owner);
    const made = await madeOffer(r.other, post.id, 3000);
    const routes = [
      ['POST', `/api/offers/${made.id}/accept`, undefined],
      ['POST', `/api/offers/${made.id}/decline`, undefined],
      ['POST', `/api/offers/${made.id}/counter`, { amountCents: 3500 }],
      ['GET', `/api/chats/${made.chatId}/offers`, undefined],
    ] as const;
    const expected = [
      [r.anonymous, 401],
      [r.unverified, 403],
      [r.noCampus, 403],
      [r.otherCampus, 403],
    ] as const;
    for (const [browser, status] of expected) {
      for (const [method, url, body] of routes) {
        const before = await tally();
        const res = await browser.request(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(status);
        expect(await tally()).toEqual(before);
      }
    }
    // The buyer made it: they read it, but answering it is the seller's turn.
    expect((await r.other.get(`/api/chats/${made.chatId}/offers`)).statusCode).toBe(200);
    for (const [method, url, body] of routes.slice(0, 3)) {
      expect((await r.other.request(method, url, body)).statusCode, url).toBe(403);
    }
    // Someone else's ids: another chat's offer and a made-up one are not found.
    const stranger = await member(app, db, 'ou', 'Sol Stranger');
    for (const url of [`/api/offers/${made.id}/decline`, '/api/offers/nope/decline', '/api/offers/%00/decline']) {
      const res = await stranger.browser.post(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    expect((await db.select().from(offers).where(eq(offers.id, made.id)))[0]?.status).toBe('open');
    // The owner answers; then a banned owner is signed out.
    expect((await r.owner.post(`/api/offers/${made.id}/decline`)).json().offer.status).toBe('declined');
    await banned(r.owner, r.ownerUser.id);
    expect((await r.owner.get(`/api/chats/${made.chatId}/offers`)).statusCode).toBe(401);
  });

  it('refuses bad amounts, sold listings, comments, a second open offer and blocks with clear messages', async () => {
    const seller = await member(app, db, 'ou', 'Rhea Refuser');
    const buyer = await member(app, db, 'ou', 'Bram Bargain');
    const post = await listingBy(seller.browser);
    const bodies: Array<[unknown, string]> = [
      [{ amountCents: 0 }, DEAL_MESSAGES.amountTooLow],
      [{ amountCents: -500 }, DEAL_MESSAGES.amountTooLow],
      [{ amountCents: MAX_PRICE_CENTS + 1 }, DEAL_MESSAGES.amountTooHigh],
      [{ amountCents: 1e300 }, DEAL_MESSAGES.amountTooHigh],
      [{ amountCents: 10.5 }, DEAL_MESSAGES.amountWholeCents],
      [{ amountCents: '5000' }, DEAL_MESSAGES.amountNotANumber],
      [{ amountCents: null }, DEAL_MESSAGES.amountNotANumber],
      [{}, DEAL_MESSAGES.amountRequired],
    ];
    for (const [body, message] of bodies) {
      const before = await tally();
      const res = await offer(buyer.browser, post.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
      expect(await tally()).toEqual(before);
    }
    // NUL bytes anywhere in the body are refused before it is read (plugins/security.ts).
    for (const body of [[], 'x', { amountCents: 100, postId: post.id }, { amountCents: '50\u000000' }]) {
      const res = await offer(buyer.browser, post.id, body);
      expect(res.statusCode).toBe(400);
    }
    for (const id of ['nope', '%00', 'a'.repeat(70)]) {
      const res = await offer(buyer.browser, id, { amountCents: 100 });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const comment = (await createPostAs(seller.browser, { plainText: 'bump', parentId: post.id })).json() as Post;
    expect((await offer(buyer.browser, comment.id, { amountCents: 100 })).json()).toMatchObject({
      code: 'NOT_A_LISTING',
    });

    await madeOffer(buyer.browser, post.id, 8000);
    let before = await tally();
    const second = await offer(buyer.browser, post.id, { amountCents: 9000 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'OFFER_ALREADY_OPEN', message: DEAL_MESSAGES.alreadyOpen });
    expect(await tally()).toEqual(before);

    // The database holds the rule too: a second open row is refused.
    const [open] = await db.select().from(offers).where(eq(offers.postId, post.id));
    await expect(db.insert(offers).values({ ...(open as typeof offers.$inferInsert), id: 'dup' })).rejects.toThrow();

    const other = await listingBy(seller.browser, 'Lamp');
    expect((await mark(seller.browser, other.id, { status: 'pending' })).statusCode).toBe(200);
    expect((await offer(buyer.browser, other.id, { amountCents: 100 })).statusCode).toBe(201);
    const sold = await listingBy(seller.browser, 'Chair');
    expect((await mark(seller.browser, sold.id, { status: 'sold' })).statusCode).toBe(200);
    before = await tally();
    expect((await offer(buyer.browser, sold.id, { amountCents: 100 })).json()).toMatchObject({
      code: 'LISTING_SOLD',
      message: DEAL_MESSAGES.listingSold,
    });
    expect(await tally()).toEqual(before);

    const blocked = await listingBy(seller.browser, 'Rug');
    // (A block clears the pair's notifications.)
    expect((await seller.browser.post('/api/blocks', { userId: buyer.user.id })).statusCode).toBe(200);
    before = await tally();
    expect((await offer(buyer.browser, blocked.id, { amountCents: 100 })).statusCode).toBe(404);
    expect(await tally()).toEqual(before);
  });

  it('goes offer → counter → accept: the listing becomes pending for the buyer, who is notified', async () => {
    const seller = await member(app, db, 'ou', 'Cora Counter');
    const buyer = await member(app, db, 'ou', 'Dex Dealer');
    const post = await listingBy(seller.browser, 'Textbook: Calculus 8th ed', 6000);
    const first = await madeOffer(buyer.browser, post.id, 4000);

    // The maker cannot answer their own offer.
    const own = await buyer.browser.post(`/api/offers/${first.id}/accept`);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'NOT_YOUR_TURN' });
    for (const body of [{ amountCents: 0 }, { amountCents: 'x' }, {}]) {
      expect((await seller.browser.post(`/api/offers/${first.id}/counter`, body)).statusCode).toBe(400);
    }

    const counterRes = await seller.browser.post(`/api/offers/${first.id}/counter`, { amountCents: 5000 });
    expect(counterRes.statusCode, counterRes.body).toBe(201);
    const counter = (counterRes.json() as OfferResponse).offer;
    expect(counter).toMatchObject({ fromUserId: seller.user.id, buyerId: buyer.user.id, status: 'open' });
    const cards = (await buyer.browser.get(`/api/chats/${first.chatId}/offers`)).json() as ChatOffers;
    expect(cards.offers.map((o) => [o.amountCents, o.status, o.canAnswer])).toEqual([
      [5000, 'open', true],
      [4000, 'countered', false],
    ]);
    expect((await chatPage(buyer.browser, first.chatId)).messages[0]).toMatchObject({
      offerId: counter.id,
      plainText: 'Countered with $50',
    });
    // Answered once only.
    expect((await seller.browser.post(`/api/offers/${first.id}/decline`)).json()).toMatchObject({
      code: 'OFFER_ANSWERED',
    });

    const accepted = await buyer.browser.post(`/api/offers/${counter.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as OfferResponse).offer).toMatchObject({ status: 'accepted', canAnswer: false });
    const row = await listing(post.id);
    expect([row?.status, row?.buyerId]).toEqual(['pending', buyer.user.id]);
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'offer accepted'), eq(notifications.postId, post.id)));
    expect(told.map((n) => [n.toUserId, n.fromUserId])).toEqual([[seller.user.id, buyer.user.id]]);
    const live = await db
      .select({ userId: events.userId, payload: events.payload })
      .from(events)
      .where(eq(events.type, DEAL_EVENT_TYPES.offerChanged));
    expect(live.filter((e) => (e.payload as { offerId: string }).offerId === counter.id).map((e) => e.userId)).toEqual(
      expect.arrayContaining([seller.user.id, buyer.user.id]),
    );

    // When the seller accepts the buyer's offer, the buyer is the one told.
    const other = await member(app, db, 'ou', 'Fay Fast');
    const second = await madeOffer(other.browser, post.id, 5500);
    expect((await seller.browser.post(`/api/offers/${second.id}/accept`)).statusCode).toBe(200);
    expect((await listing(post.id))?.buyerId).toBe(other.user.id);
    const toBuyer = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'offer accepted'), eq(notifications.toUserId, other.user.id)));
    expect(toBuyer).toHaveLength(1);

    // Sold: open offers on it can no longer be accepted; the card says why.
    const late = await member(app, db, 'ou', 'Lou Late');
    const lateOffer = await madeOffer(late.browser, post.id, 5800);
    expect((await seller.browser.request('PUT', `/api/posts/${post.id}/status`, { status: 'sold' })).statusCode).toBe(
      200,
    );
    expect((await seller.browser.post(`/api/offers/${lateOffer.id}/accept`)).json()).toMatchObject({
      code: 'LISTING_SOLD',
    });
    const lateCards = (await seller.browser.get(`/api/chats/${lateOffer.chatId}/offers`)).json() as ChatOffers;
    expect(lateCards.offers[0]).toMatchObject({ canAnswer: false, listing: { status: 'sold' } });
  });

  it('expires after 48 hours on the app clock, and then makes room for a new offer', async () => {
    const seller = await member(app, db, 'ou', 'Ezra Expiry');
    const buyer = await member(app, db, 'ou', 'Iris Idle');
    const post = await listingBy(seller.browser);
    const made = await madeOffer(buyer.browser, post.id, 7000);
    expect(new Date(made.expiresAt).getTime() - new Date(made.createdAt).getTime()).toBe(OFFER_LIFETIME_MS);

    offsetMs += OFFER_LIFETIME_MS - 1000;
    let cards = (await seller.browser.get(`/api/chats/${made.chatId}/offers`)).json() as ChatOffers;
    expect(cards.offers[0]).toMatchObject({ status: 'open', canAnswer: true });

    offsetMs += 1000;
    cards = (await seller.browser.get(`/api/chats/${made.chatId}/offers`)).json() as ChatOffers;
    expect(cards.offers[0]).toMatchObject({ status: 'expired', canAnswer: false });
    const late = await seller.browser.post(`/api/offers/${made.id}/accept`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'OFFER_EXPIRED', message: DEAL_MESSAGES.offerExpired });
    expect((await listing(post.id))?.status).toBe('available');

    const fresh = await madeOffer(buyer.browser, post.id, 7500);
    expect(fresh.status).toBe('open');
    const rows = await db
      .select({ id: offers.id, status: offers.status })
      .from(offers)
      .where(eq(offers.postId, post.id));
    expect(new Map(rows.map((o) => [o.id, o.status]))).toEqual(
      new Map([
        [made.id, 'expired'],
        [fresh.id, 'open'],
      ]),
    );
  });
});

describe('withdrawing an offer (docs/product/selling.md#withdrawing-an-offer)', () => {
  const withdraw = (browser: TestBrowser, offerId: string) =>
    browser.post(`/api/offers/${encodeURIComponent(offerId)}/withdraw`);
  const statusOf = async (id: string) => (await db.select().from(offers).where(eq(offers.id, id)))[0]?.status;
  const offerEventsFor = async (offerId: string) =>
    (
      await db
        .select({ userId: events.userId, payload: events.payload })
        .from(events)
        .where(eq(events.type, DEAL_EVENT_TYPES.offerChanged))
    ).filter((e) => (e.payload as { offerId: string }).offerId === offerId);

  it('each role: only its maker, while it is open; everyone else is refused and nothing is stored', async () => {
    const r = await roles(app, db, 'Wren Withdraw');
    const post = await listingBy(r.owner);
    const made = await madeOffer(r.other, post.id, 3000);
    expect(made).toMatchObject({ canWithdraw: true, canAnswer: false });
    const seen = (await r.owner.get(`/api/chats/${made.chatId}/offers`)).json() as ChatOffers;
    expect(seen.offers[0]).toMatchObject({ canWithdraw: false, canAnswer: true });

    const denied = [
      [r.anonymous, 401],
      [r.unverified, 403],
      [r.noCampus, 403],
      [r.otherCampus, 403],
      // The side it was made to answers it; withdrawing is its maker's.
      [r.owner, 403],
    ] as const;
    const stranger = await member(app, db, 'ou', 'Stu Stranger');
    const liveBefore = (await offerEventsFor(made.id)).length;
    for (const [browser, status] of denied) {
      const before = await tally();
      const res = await withdraw(browser, made.id);
      expect(res.statusCode, res.body).toBe(status);
      expect(await tally()).toEqual(before);
    }
    expect((await withdraw(r.owner, made.id)).json()).toMatchObject({
      code: 'NOT_YOUR_OFFER',
      message: DEAL_MESSAGES.notYourOffer,
    });
    // Another member, and ids that name nothing: as if it did not exist.
    expect((await withdraw(stranger.browser, made.id)).json()).toMatchObject({
      statusCode: 404,
      code: 'OFFER_NOT_FOUND',
    });
    for (const id of ['nope', '\u0000', 'x'.repeat(500), "' OR 1=1 --"]) {
      const res = await withdraw(r.other, id);
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
    }
    expect(await statusOf(made.id)).toBe('open');
    expect((await offerEventsFor(made.id)).length).toBe(liveBefore);

    // The maker withdraws it: 'withdrawn' on both sides, told to both live; nothing else changes.
    const before = await tally();
    const res = await withdraw(r.other, made.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as OfferResponse).offer).toMatchObject({
      status: 'withdrawn',
      canWithdraw: false,
      canAnswer: false,
    });
    const cards = (await r.owner.get(`/api/chats/${made.chatId}/offers`)).json() as ChatOffers;
    expect(cards.offers[0]).toMatchObject({ id: made.id, status: 'withdrawn', canAnswer: false, canWithdraw: false });
    expect((await offerEventsFor(made.id)).map((e) => e.userId)).toEqual(
      expect.arrayContaining([r.ownerUser.id, r.otherUser.id]),
    );
    expect(await tally()).toEqual(before);
    expect((await listing(post.id))?.status).toBe('available');

    // Only while open: withdrawing again or answering it now is refused, and nothing changes.
    const again = await withdraw(r.other, made.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'OFFER_ANSWERED' });
    expect((await r.owner.post(`/api/offers/${made.id}/accept`)).statusCode).toBe(409);
    expect(await statusOf(made.id)).toBe('withdrawn');
    expect((await listing(post.id))?.status).toBe('available');
    // The buyer may make a new offer (the one open offer is gone).
    expect((await madeOffer(r.other, post.id, 3200)).status).toBe('open');
  });

  it('a counter is withdrawn by the seller who made it; an answered or expired offer cannot be', async () => {
    const seller = await member(app, db, 'ou', 'Cy Counterer');
    const buyer = await member(app, db, 'ou', 'Bea Buyer');
    const post = await listingBy(seller.browser);
    const first = await madeOffer(buyer.browser, post.id, 5000);
    const counter = (
      (await seller.browser.post(`/api/offers/${first.id}/counter`, { amountCents: 6000 })).json() as OfferResponse
    ).offer;
    // The countered one is answered: not withdrawable by its maker any more.
    expect((await withdraw(buyer.browser, first.id)).json()).toMatchObject({ statusCode: 409, code: 'OFFER_ANSWERED' });
    // The counter is the seller's: the buyer cannot withdraw it, the seller can.
    expect((await withdraw(buyer.browser, counter.id)).statusCode).toBe(403);
    expect((await withdraw(seller.browser, counter.id)).json().offer).toMatchObject({ status: 'withdrawn' });

    // Expired (48 hours on the app clock): refused as expired.
    const second = await madeOffer(buyer.browser, post.id, 5500);
    offsetMs += OFFER_LIFETIME_MS;
    const late = await withdraw(buyer.browser, second.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'OFFER_EXPIRED' });
    expect(await statusOf(second.id)).toBe('open');
  });
});
