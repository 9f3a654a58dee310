import {
  type Post,
  type ProfileReviews,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type ReviewResponse,
  type SaleReviews,
} from '@campus/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import type { TestBrowser } from '../../../test/auth.ts';
import { openChatWith, sendMessageAs } from '../../../test/chats.ts';
import { moderatorOfAnotherCampus, suspendMember } from '../../../test/moderation.ts';
import { createPostAs, member } from '../../../test/posts.ts';
import { roles } from '../../../test/profiles.ts';
import { bannedEmails, notifications, reviews, userReports, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';

/** A clock the tests move forward (30 and 14 days) without waiting. */
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
const { app, db } = await createTestApp({}, { clock });
const DAY = 24 * 60 * 60 * 1000;

const reviewsOf = (postId: string) => db.select().from(reviews).where(eq(reviews.postId, postId));
const reviewUrl = (postId: string) => `/api/posts/${encodeURIComponent(postId)}/review`;
const write = (browser: TestBrowser, postId: string, body: unknown) => browser.post(reviewUrl(postId), body);
const good = { stars: 5, text: 'Quick and friendly, the bike was as described.' };

async function banned(userId: string) {
  const email = (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email ?? '';
  await db.insert(bannedEmails).values({ email });
}

/** A listing by `seller`, a message about it from `buyer`, and the sale to `buyer`. */
async function sale(
  seller: { browser: TestBrowser; user: { id: string } },
  buyer: { browser: TestBrowser; user: { id: string } },
  text = 'Road bike, 54cm frame',
) {
  const res = await createPostAs(seller.browser, { plainText: text, priceCents: 12000 });
  expect(res.statusCode, res.body).toBe(201);
  const post = res.json() as Post;
  const chat = await openChatWith(buyer.browser, seller.user.id);
  expect((await sendMessageAs(buyer.browser, chat.id, { plainText: 'Still for sale?' })).statusCode).toBe(201);
  const sold = await seller.browser.request('PUT', `/api/posts/${post.id}/status`, {
    status: 'sold',
    buyerId: buyer.user.id,
  });
  expect(sold.statusCode, sold.body).toBe(200);
  return post;
}

async function pair(a = 'Sally Seller', b = 'Bob Buyer') {
  return { seller: await member(app, db, 'ou', a), buyer: await member(app, db, 'ou', b) };
}

async function written(browser: TestBrowser, postId: string, body = good) {
  const res = await write(browser, postId, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as ReviewResponse).review;
}

const profileReviews = async (browser: TestBrowser, username: string, cursor?: string) => {
  const res = await browser.get(
    `/api/profiles/${username}/reviews${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProfileReviews;
};

describe('writing a review after a sale', () => {
  it('each role: only the seller and the buyer review, each the other; every refusal stores nothing', async () => {
    const r = await roles(app, db, 'Rhea Seller');
    const buyer = await member(app, db, 'ou', 'Ben Byer');
    const bannedOne = await member(app, db, 'ou', 'Bart Banned');
    const post = await sale({ browser: r.owner, user: r.ownerUser }, buyer);

    const denied = [
      [r.anonymous, 401, 'UNAUTHENTICATED'],
      [r.unverified, 403, 'EMAIL_NOT_VERIFIED'],
      [r.noCampus, 403, 'SCHOOL_NOT_VERIFIED'],
      [r.otherCampus, 404, 'REVIEW_NOT_DUE'],
      [r.other, 404, 'REVIEW_NOT_DUE'],
    ] as const;
    for (const [browser, status, code] of denied) {
      const res = await write(browser, post.id, good);
      expect(res.json(), res.body).toMatchObject({ statusCode: status, code });
      expect((await browser.get(reviewUrl(post.id))).statusCode).toBe(status);
    }
    // A banned member is signed out: nothing they send counts.
    await banned(bannedOne.user.id);
    expect((await write(bannedOne.browser, post.id, good)).statusCode).toBe(401);
    expect(await reviewsOf(post.id)).toEqual([]);

    // The two sides: each may write, each rates the other.
    const sellerView = (await r.owner.get(reviewUrl(post.id))).json() as SaleReviews;
    expect(sellerView).toMatchObject({
      canReview: true,
      mine: null,
      theirs: null,
      listingTitle: 'Road bike, 54cm frame',
    });
    expect(sellerView.subject.id).toBe(buyer.user.id);
    expect(Date.parse(sellerView.dueBy ?? '')).toBeGreaterThan(Date.now() + 29 * DAY);

    const mine = await written(r.owner, post.id, { stars: 4, text: '  Paid in cash, on time.  ' });
    expect(mine).toMatchObject({
      stars: 4,
      text: 'Paid in cash, on time.',
      authorRole: 'seller',
      published: false,
      canReply: false,
      reply: null,
    });
    expect(mine.author.id).toBe(r.ownerUser.id);
    expect(mine.subject.id).toBe(buyer.user.id);
    const theirs = await written(buyer.browser, post.id, { stars: 5, text: 'Great seller.' });
    expect(theirs).toMatchObject({ authorRole: 'buyer', published: true });
    expect(theirs.subject.id).toBe(r.ownerUser.id);

    // Once per side per sale.
    expect((await write(r.owner, post.id, good)).json()).toMatchObject({ statusCode: 409, code: 'ALREADY_REVIEWED' });
    expect(await reviewsOf(post.id)).toHaveLength(2);
    // The sale's side now reads both, the other's published.
    const after = (await r.owner.get(reviewUrl(post.id))).json() as SaleReviews;
    expect(after).toMatchObject({ canReview: false, dueBy: null });
    expect(after.mine?.id).toBe(mine.id);
    expect(after.theirs?.id).toBe(theirs.id);
  });

  it('is refused on a listing not sold to a named buyer, a comment, a missing post and someone else’s ids', async () => {
    const { seller, buyer } = await pair('Sid Someone', 'Bri Bystander');
    const res = await createPostAs(seller.browser, { plainText: 'Desk lamp', priceCents: 1500 });
    const post = res.json() as Post;
    // Available: nothing to review.
    expect((await write(seller.browser, post.id, good)).json()).toMatchObject({
      statusCode: 404,
      code: 'REVIEW_NOT_DUE',
    });
    // Sold to 'Someone else': nobody to rate.
    await seller.browser.request('PUT', `/api/posts/${post.id}/status`, { status: 'sold', buyerId: null });
    expect((await write(seller.browser, post.id, good)).statusCode).toBe(404);
    expect((await write(buyer.browser, post.id, good)).statusCode).toBe(404);
    for (const id of ['nope', 'x'.repeat(65), '%00', '../etc']) {
      expect((await write(seller.browser, id, good)).statusCode).toBeLessThan(500);
      expect((await write(seller.browser, id, good)).statusCode).toBeGreaterThanOrEqual(400);
    }
    expect(await reviewsOf(post.id)).toEqual([]);
  });

  it('hostile bodies get a 4xx and store nothing', async () => {
    const { seller, buyer } = await pair('Hal Hostile', 'Hue Hostile');
    const post = await sale(seller, buyer);
    const bodies: unknown[] = [
      {},
      { stars: 0, text: 'ok' },
      { stars: 6, text: 'ok' },
      { stars: 2.5, text: 'ok' },
      { stars: '5', text: 'ok' },
      { stars: -1, text: 'ok' },
      { stars: 1e308, text: 'ok' },
      { stars: null, text: 'ok' },
      { stars: 5 },
      { stars: 5, text: '' },
      { stars: 5, text: '   \n  ' },
      { stars: 5, text: '\u200b\u200b' },
      { stars: 5, text: 'nul\u0000byte' },
      { stars: 5, text: 'x'.repeat(301) },
      { stars: 5, text: 'x'.repeat(10_000) },
      // 150 lines: each break counts 2, as in a post.
      { stars: 5, text: Array.from({ length: 101 }, () => 'ab').join('\n') },
      { stars: 5, text: ['a'] },
      { stars: 5, text: 'ok', subjectId: seller.user.id },
      { stars: 5, text: 'ok', authorId: seller.user.id },
      [],
      'stars=5',
    ];
    for (const body of bodies) {
      const res = await write(buyer.browser, post.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    const msg = await write(buyer.browser, post.id, { stars: 5, text: 'x'.repeat(301) });
    expect(msg.json().message).toContain(REVIEW_MESSAGES.textTooLong);
    expect(
      (await buyer.browser.send('POST', reviewUrl(post.id), Buffer.from('{"stars":'), 'application/json')).statusCode,
    ).toBe(400);
    expect(await reviewsOf(post.id)).toEqual([]);
    // Exactly 300 counted characters (emoji count one each) is fine.
    expect((await write(buyer.browser, post.id, { stars: 3, text: '😀'.repeat(300) })).statusCode).toBe(201);
  });

  it('closes 30 days after the sale (app clock), and after the other side’s review is published', async () => {
    const { seller, buyer } = await pair('Lia Late', 'Lou Later');
    const post = await sale(seller, buyer);
    offsetMs += REVIEW_LIMITS.writeWindowMs + DAY;
    try {
      const res = await write(buyer.browser, post.id, good);
      expect(res.json()).toMatchObject({
        statusCode: 409,
        code: 'REVIEW_WINDOW_CLOSED',
        message: REVIEW_MESSAGES.windowClosed,
      });
      expect(((await buyer.browser.get(reviewUrl(post.id))).json() as SaleReviews).canReview).toBe(false);
    } finally {
      offsetMs -= REVIEW_LIMITS.writeWindowMs + DAY;
    }
    expect(await reviewsOf(post.id)).toEqual([]);

    // The seller reviews; 14 days later it is published, and the buyer may no longer answer it.
    const second = await pair('Pia Prompt', 'Pat Slow');
    const post2 = await sale(second.seller, second.buyer);
    await written(second.seller.browser, post2.id);
    offsetMs += REVIEW_LIMITS.publishAfterMs;
    try {
      const res = await write(second.buyer.browser, post2.id, good);
      expect(res.json()).toMatchObject({ statusCode: 409, message: REVIEW_MESSAGES.theirsPublished });
      const view = (await second.buyer.browser.get(reviewUrl(post2.id))).json() as SaleReviews;
      expect(view.canReview).toBe(false);
      expect(view.theirs?.published).toBe(true);
    } finally {
      offsetMs -= REVIEW_LIMITS.publishAfterMs;
    }
  });

  it('notifies both sides of a sale to a named buyer once: Rate your deal with {name}', async () => {
    const { seller, buyer } = await pair('Nia Notice', 'Ned Notice');
    const post = await sale(seller, buyer);
    // Sold → sold for the same buyer tells nobody again.
    await seller.browser.request('PUT', `/api/posts/${post.id}/status`, { status: 'sold', buyerId: buyer.user.id });
    const rows = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.postId, post.id), eq(notifications.type, 'review due')));
    expect(rows.map((n) => [n.toUserId, n.fromUserId, n.message]).sort()).toEqual(
      [
        [seller.user.id, buyer.user.id, 'Rate your deal with Ned'],
        [buyer.user.id, seller.user.id, 'Rate your deal with Nia'],
      ].sort(),
    );
  });
});

describe('publication', () => {
  it('hides a review from others until both reviewed; then the profile shows both ratings', async () => {
    const { seller, buyer } = await pair('Ada Author', 'Ike Inquirer');
    const viewer = await member(app, db, 'ou', 'Vic Viewer');
    const post = await sale(seller, buyer);
    const mine = await written(seller.browser, post.id, { stars: 4, text: 'Smooth deal.' });
    const buyerName = buyer.user.username;
    expect(await profileReviews(viewer.browser, buyerName)).toEqual({
      summary: { average: null, count: 0 },
      reviews: [],
      nextCursor: null,
    });
    // The reviewed person does not see it either ('neither answers the other's rating').
    expect((await profileReviews(buyer.browser, buyerName)).reviews).toEqual([]);
    expect(((await buyer.browser.get(reviewUrl(post.id))).json() as SaleReviews).theirs).toBeNull();
    // Its author sees it as waiting.
    expect(((await seller.browser.get(reviewUrl(post.id))).json() as SaleReviews).mine).toMatchObject({
      id: mine.id,
      published: false,
    });

    await written(buyer.browser, post.id, { stars: 5, text: 'Lovely.' });
    const page = await profileReviews(viewer.browser, buyerName);
    expect(page.summary).toEqual({ average: 4, count: 1 });
    expect(page.reviews.map((r) => [r.id, r.stars, r.text, r.listingTitle, r.author.id])).toEqual([
      [mine.id, 4, 'Smooth deal.', 'Road bike, 54cm frame', seller.user.id],
    ]);
    expect((await profileReviews(viewer.browser, seller.user.username)).summary).toEqual({ average: 5, count: 1 });
  });

  it('publishes a lone review 14 days after it was written (app clock)', async () => {
    const { seller, buyer } = await pair('Tom Timer', 'Tia Timer');
    const post = await sale(seller, buyer);
    await written(buyer.browser, post.id, { stars: 2, text: 'Late, but fine.' });
    expect((await profileReviews(seller.browser, seller.user.username)).summary.count).toBe(0);
    offsetMs += REVIEW_LIMITS.publishAfterMs - 1000;
    try {
      expect((await profileReviews(seller.browser, seller.user.username)).summary.count).toBe(0);
      offsetMs += 1000;
      const page = await profileReviews(seller.browser, seller.user.username);
      expect(page.summary).toEqual({ average: 2, count: 1 });
      expect(page.reviews[0]).toMatchObject({ published: true, canReply: true, authorRole: 'buyer' });
    } finally {
      offsetMs -= REVIEW_LIMITS.publishAfterMs;
    }
  });

  it('pages 10 at a time, newest first, and a listing back on sale keeps its reviews', async () => {
    const star = await member(app, db, 'ou', 'Stella Star');
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const buyer = await member(app, db, 'ou', `Buyer Number`);
      const post = await sale(star, buyer, `Textbook ${i}`);
      ids.push((await written(buyer.browser, post.id, { stars: (i % 5) + 1, text: `Deal ${i}` })).id);
      await written(star.browser, post.id, { stars: 5, text: 'Thanks!' });
      offsetMs += 1000;
      if (i === 0) {
        // Back to available: what was written stays (docs/product/reviews.md).
        await star.browser.request('PUT', `/api/posts/${post.id}/status`, { status: 'available' });
      }
    }
    const first = await profileReviews(star.browser, star.user.username);
    expect(first.summary.count).toBe(12);
    expect(first.summary.average).toBeCloseTo((1 + 2 + 3 + 4 + 5 + 1 + 2 + 3 + 4 + 5 + 1 + 2) / 12, 5);
    expect(first.reviews.map((r) => r.id)).toEqual(ids.slice(2).reverse());
    expect(first.nextCursor).not.toBeNull();
    const second = await profileReviews(star.browser, star.user.username, first.nextCursor ?? '');
    expect(second.reviews.map((r) => r.id)).toEqual(ids.slice(0, 2).reverse());
    expect(second.nextCursor).toBeNull();
    for (const cursor of ['junk', 'x'.repeat(201), Buffer.from('9999-01-01|a|b').toString('base64url')]) {
      const res = await star.browser.get(
        `/api/profiles/${star.user.username}/reviews?cursor=${encodeURIComponent(cursor)}`,
      );
      expect(res.statusCode).toBe(400);
    }
  });

  it("leaves out, from the viewer's list, reviews by someone blocked either way; the rating counts them", async () => {
    const { seller, buyer } = await pair('Blair Blocked', 'Vera Viewed');
    const post = await sale(seller, buyer);
    await written(seller.browser, post.id, { stars: 2, text: 'Meh.' });
    await written(buyer.browser, post.id);
    const reader = await member(app, db, 'ou', 'Rex Reader');
    expect((await profileReviews(reader.browser, buyer.user.username)).reviews).toHaveLength(1);
    expect((await reader.browser.post('/api/blocks', { userId: seller.user.id })).statusCode).toBe(200);
    const page = await profileReviews(reader.browser, buyer.user.username);
    expect(page.reviews).toEqual([]);
    expect(page.summary).toEqual({ average: 2, count: 1 });
  });

  it('the profile list: each role', async () => {
    const r = await roles(app, db, 'Rory Listed');
    const url = `/api/profiles/${(await db.select({ u: users.username }).from(users).where(eq(users.id, r.ownerUser.id)))[0]?.u}/reviews`;
    expect((await r.anonymous.get(url)).statusCode).toBe(401);
    expect((await r.unverified.get(url)).statusCode).toBe(403);
    expect((await r.noCampus.get(url)).statusCode).toBe(403);
    // A UT member visiting OU's site may look at OU's members, as at their profiles.
    expect((await r.otherCampus.get(url)).statusCode).toBe(200);
    expect((await r.other.get(url)).statusCode).toBe(200);
    expect((await r.owner.get(url)).statusCode).toBe(200);
    expect((await r.other.get('/api/profiles/nobody-at-all/reviews')).statusCode).toBe(404);
  });
});

describe('replying to a review', () => {
  it('each role: only the reviewed person, once, on a published review; refusals store nothing', async () => {
    const { seller, buyer } = await pair('Remy Reviewer', 'Rosa Replier');
    const r = await roles(app, db);
    const bannedOne = await member(app, db, 'ou', 'Bo Banned');
    const post = await sale(seller, buyer);
    const review = await written(seller.browser, post.id, { stars: 3, text: 'Came late.' });
    const url = `/api/reviews/${review.id}/reply`;
    const body = { text: 'Sorry, the bus was late.' };
    // Not published yet: missing to everyone but its author.
    expect((await buyer.browser.post(url, body)).json()).toMatchObject({ statusCode: 404, code: 'REVIEW_NOT_FOUND' });
    await written(buyer.browser, post.id);

    expect((await r.anonymous.post(url, body)).statusCode).toBe(401);
    expect((await r.unverified.post(url, body)).statusCode).toBe(403);
    expect((await r.noCampus.post(url, body)).statusCode).toBe(403);
    expect((await r.otherCampus.post(url, body)).statusCode).toBe(404);
    expect((await r.other.post(url, body)).json()).toMatchObject({
      statusCode: 403,
      message: REVIEW_MESSAGES.notYourReview,
    });
    expect((await seller.browser.post(url, body)).statusCode).toBe(403);
    await banned(bannedOne.user.id);
    expect((await bannedOne.browser.post(url, body)).statusCode).toBe(401);
    for (const hostile of [{}, { text: '' }, { text: 'a\u0000' }, { text: 'x'.repeat(10_000) }, { text: 5 }]) {
      const res = await buyer.browser.post(url, hostile);
      expect(res.statusCode).toBe(400);
    }
    expect((await buyer.browser.post('/api/reviews/nope/reply', body)).statusCode).toBe(404);
    expect((await buyer.browser.post(`/api/reviews/${'x'.repeat(65)}/reply`, body)).statusCode).toBe(400);
    expect((await db.select().from(reviews).where(eq(reviews.id, review.id)))[0]?.reply).toBeNull();

    const res = await buyer.browser.post(url, body);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ReviewResponse).review).toMatchObject({ reply: body.text, canReply: false });
    expect((await buyer.browser.post(url, { text: 'And again' })).json()).toMatchObject({
      statusCode: 409,
      code: 'ALREADY_REPLIED',
    });
    const page = await profileReviews(r.other, buyer.user.username);
    expect(page.reviews[0]).toMatchObject({ reply: body.text });
  });
});

describe('reporting a review', () => {
  const reportsOf = (reviewId: string) => db.select().from(userReports).where(eq(userReports.reviewId, reviewId));

  it('each role: a member who can read it and did not write it; once per reporter; apart from a report of the person', async () => {
    const { seller, buyer } = await pair('Quin Quoted', 'Kim Kept');
    const r = await roles(app, db);
    const bannedOne = await member(app, db, 'ou', 'Bea Banned');
    const post = await sale(seller, buyer);
    const review = await written(seller.browser, post.id, { stars: 1, text: 'Rude.' });
    const url = `/api/reviews/${review.id}/report`;
    // Unpublished: missing to others.
    expect((await r.other.post(url, {})).json()).toMatchObject({ statusCode: 404, code: 'REVIEW_NOT_FOUND' });
    await written(buyer.browser, post.id);

    expect((await r.anonymous.post(url, {})).statusCode).toBe(401);
    expect((await r.unverified.post(url, {})).statusCode).toBe(403);
    expect((await r.noCampus.post(url, {})).statusCode).toBe(403);
    expect((await r.otherCampus.post(url, {})).json()).toMatchObject({ statusCode: 403, code: 'NOT_A_MEMBER' });
    expect((await seller.browser.post(url, {})).json()).toMatchObject({
      statusCode: 400,
      code: 'CANNOT_REPORT_OWN_REVIEW',
    });
    await banned(bannedOne.user.id);
    expect((await bannedOne.browser.post(url, {})).statusCode).toBe(401);
    for (const hostile of [{ reason: 'nul\u0000' }, { reason: 'x'.repeat(501) }, { reason: 4 }]) {
      expect((await r.other.post(url, hostile)).statusCode).toBe(400);
    }
    expect((await r.other.post('/api/reviews/nope/report', {})).statusCode).toBe(404);
    expect(await reportsOf(review.id)).toEqual([]);

    // The reviewed person and any other member may report it; once each.
    expect((await buyer.browser.post(url, { reason: 'Not true' })).json()).toEqual({
      message: REVIEW_MESSAGES.reported,
    });
    expect((await buyer.browser.post(url, { reason: 'again' })).statusCode).toBe(200);
    expect((await r.other.post(url, {})).statusCode).toBe(200);
    const rows = await reportsOf(review.id);
    expect(rows.map((x) => [x.reporterId, x.targetId, x.reason]).sort()).toEqual(
      [
        [buyer.user.id, seller.user.id, 'Not true'],
        [r.otherUser.id, seller.user.id, null],
      ].sort(),
    );
    // Reporting the person as well is its own report.
    expect((await buyer.browser.post(`/api/profiles/${seller.user.username}/report`, {})).statusCode).toBe(200);
    expect(await db.select().from(userReports).where(eq(userReports.targetId, seller.user.id))).toHaveLength(3);
  });
});

describe('a suspended member and a moderator of another campus', () => {
  it('are refused on every review route; nothing is stored', async () => {
    const { seller, buyer } = await pair('Suki Suspendee', 'Rob Reviewer');
    const secondBuyer = await member(app, db, 'ou', 'Nell Nextbuyer');
    const utMod = await moderatorOfAnotherCampus(app, db, 'Ugo Utmod');
    // A published pair of reviews, and a second sale the seller has yet to review.
    const first = await sale(seller, buyer);
    const ofSeller = await written(buyer.browser, first.id, { stars: 2, text: 'Never answered after.' });
    await written(seller.browser, first.id);
    const second = await sale(seller, secondBuyer, 'Desk chair, black');
    const sellerName = seller.user.username;

    // The seller is suspended: every review route refuses them.
    await suspendMember(db, seller.user.id, clock.now());
    const suspended = { statusCode: 403, code: 'ACCOUNT_SUSPENDED' };
    expect((await write(seller.browser, second.id, good)).json()).toMatchObject(suspended);
    expect((await seller.browser.get(reviewUrl(second.id))).json()).toMatchObject(suspended);
    expect(
      (await seller.browser.post(`/api/reviews/${ofSeller.id}/reply`, { text: 'Not true.' })).json(),
    ).toMatchObject(suspended);
    expect((await seller.browser.post(`/api/reviews/${ofSeller.id}/report`, {})).json()).toMatchObject(suspended);
    const report = await seller.browser.post('/api/reports', {
      target: { type: 'review', id: ofSeller.id },
      reason: 'other',
    });
    expect(report.json()).toMatchObject(suspended);
    expect((await seller.browser.get(`/api/profiles/${sellerName}/reviews`)).json()).toMatchObject(suspended);

    // UT's moderator on OU's site: no review is theirs to write, reply to or report here.
    expect((await write(utMod.browser, second.id, good)).json()).toMatchObject({
      statusCode: 404,
      code: 'REVIEW_NOT_DUE',
    });
    expect((await utMod.browser.get(reviewUrl(second.id))).statusCode).toBe(404);
    expect((await utMod.browser.post(`/api/reviews/${ofSeller.id}/reply`, { text: 'Hm.' })).statusCode).toBe(404);
    expect((await utMod.browser.post(`/api/reviews/${ofSeller.id}/report`, {})).json()).toMatchObject({
      statusCode: 403,
      code: 'NOT_A_MEMBER',
    });
    // Reading a member's reviews is what any visitor from another campus may do (as profiles).
    expect((await utMod.browser.get(`/api/profiles/${sellerName}/reviews`)).statusCode).toBe(200);

    expect(await reviewsOf(second.id)).toEqual([]);
    expect((await db.select().from(reviews).where(eq(reviews.id, ofSeller.id)))[0]?.reply).toBeNull();
    expect(await db.select().from(userReports).where(eq(userReports.reviewId, ofSeller.id))).toEqual([]);
  });
});
