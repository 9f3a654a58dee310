import {
  AD_EVENT_TYPES,
  AD_MESSAGES,
  type AdActionResponse,
  type AdDetail,
  type AdList,
  type CheckoutSessionStatus,
  PAYMENT_MESSAGES,
  type PaymentsSummary,
  type PostBoostStatus,
} from '@campus/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activeAd, DECLINED_CARD, GOOD_CARD, newPost, startBoost, WEBSITE_BOOST } from '../../../test/ads.ts';
import { createTestApp } from '../../../test/app.ts';
import type { TestBrowser } from '../../../test/auth.ts';
import { member } from '../../../test/posts.ts';
import { roles } from '../../../test/profiles.ts';
import {
  ads,
  bannedEmails,
  checkoutSessions,
  events,
  paymentLedger,
  postAlerts,
  users,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { runAdClock } from './lifecycle.ts';

/** A clock the tests move forward (pauses, the end of a run) without waiting. */
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
const { app, db } = await createTestApp({}, { clock });
const r = await roles(app, db);
const DAY = 86_400_000;

/** An owner of its own, so one test's writes do not use up another's rate limits. */
let owners = 0;
const freshOwner = async () => {
  owners += 1;
  const suffix = String.fromCharCode(97 + Math.floor(owners / 26), 97 + (owners % 26));
  return (await member(app, db, 'ou', `Owen Owner${suffix}`)).browser;
};

const countOf = async (table: typeof ads | typeof checkoutSessions | typeof paymentLedger) =>
  (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
const adRow = async (id: string) => (await db.select().from(ads).where(eq(ads.id, id)))[0];
const ledgerOf = async (adId: string) =>
  (await db.select().from(paymentLedger).where(eq(paymentLedger.adId, adId))).map((l) => [l.kind, l.amountCents]);

const callers = () =>
  [
    ['anonymous', r.anonymous, 401],
    ['unverified', r.unverified, 403],
    ['no campus', r.noCampus, 403],
    ['other campus', r.otherCampus, 403],
  ] as Array<[string, TestBrowser, number]>;

describe('boosting a post', () => {
  it('is for the owner only; everyone else is refused and nothing is stored', async () => {
    const post = await newPost(r.owner);
    const before = [await countOf(ads), await countOf(checkoutSessions)];
    const anonymous = await r.anonymous.post(`/api/posts/${post.id}/boost`, WEBSITE_BOOST);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(AD_MESSAGES.notAuthenticated);
    for (const browser of [r.unverified, r.noCampus, r.otherCampus, r.other]) {
      const res = await browser.post(`/api/posts/${post.id}/boost`, WEBSITE_BOOST);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'BOOST_NOT_ALLOWED', message: AD_MESSAGES.signInAgain });
    }
    const missing = await r.owner.post('/api/posts/no-such-post/boost', WEBSITE_BOOST);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(AD_MESSAGES.signInAgain);
    expect([await countOf(ads), await countOf(checkoutSessions)]).toEqual(before);
  });

  it('charges days × 500 cents whatever price the browser sends', async () => {
    const post = await newPost(r.owner);
    const started = await startBoost(r.owner, post.id, {
      ...WEBSITE_BOOST,
      days: 3,
      priceCents: 1,
      amountCents: 1,
      unit_amount: 1,
      budget: { amount_budgeted: 1 },
    });
    expect(started.url).toBe(`/test-checkout/${started.sessionId}`);
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, started.sessionId));
    expect(session?.amountCents).toBe(1500);
    expect(session?.successUrl).toBe(
      `http://ou.localhost:3000/post/${post.id}/boost/success?session_id=${started.sessionId}`,
    );
    const ad = await adRow(started.adId);
    expect(ad).toMatchObject({ status: 'checkout', amountBudgeted: 1500, durationMinutes: 3 * 1440, totalSpent: 0 });
    expect(ad?.targeting).toEqual({ locations: [], interests: [], school_years: [] });
    const page = await r.owner.get(`/api/test-checkout/${started.sessionId}`);
    expect(page.json()).toMatchObject({ testMode: true, amountCents: 1500, days: 3, productName: 'Boost Post' });
  });

  it('run until paused pays the 30-day budget up front', async () => {
    const post = await newPost(r.owner);
    const started = await startBoost(r.owner, post.id, { goal: 'message', runUntilPause: true, days: 2 });
    expect(await adRow(started.adId)).toMatchObject({ amountBudgeted: 15_000, runUntilPause: true, ctaUrl: '' });
  });

  it.each([
    [{ goal: 'website', url: '', label: 'Shop Now' }, AD_MESSAGES.websiteRequired],
    [{ goal: 'website', url: 'www.example.com', label: 'Shop Now' }, AD_MESSAGES.websiteInvalid],
    [{ goal: 'website', url: 'javascript:alert(1)', label: 'Shop Now' }, AD_MESSAGES.websiteInvalid],
    [{ goal: 'website', url: 'https://www.example.com', label: '' }, AD_MESSAGES.buttonLabelRequired],
    [{ goal: 'website', url: 'https://www.example.com', label: 'Click me' }, undefined],
    [{ goal: 'message', days: 31 }, undefined],
    [{ goal: 'message', days: '3' }, undefined],
    [{ goal: 'message', url: 'https://www.ex\u0000ample.com' }, undefined],
    [{ goal: 'nope' }, undefined],
  ])('refuses %j', async (body, message) => {
    const owner = await freshOwner();
    const post = await newPost(owner);
    const res = await owner.post(`/api/posts/${post.id}/boost`, body);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect((await db.select().from(ads).where(eq(ads.postId, post.id))).length).toBe(0);
  });
});

describe('the campaign link (security issue item 11)', () => {
  it.each([
    ['user name before @', 'https://www.ou.edu@evil.example', AD_MESSAGES.websiteUserInfo],
    ['user name, dotless host', 'https://a@b', AD_MESSAGES.websiteUserInfo],
    ['user and password', 'https://user:pass@www.example.com', AD_MESSAGES.websiteUserInfo],
    ['empty user name', 'https://@evil.example', AD_MESSAGES.websiteUserInfo],
    ['javascript:', 'javascript:alert(1)', AD_MESSAGES.websiteInvalid],
    ['backslash before @', 'https://evil.example\\@ou.edu', AD_MESSAGES.websiteInvalid],
    ['no slashes', 'https:evil.example', AD_MESSAGES.websiteInvalid],
    ['Cyrillic look-alike (IDN)', 'https://www.\u043eu.edu', AD_MESSAGES.websiteNotPlain],
    ['punycode', 'https://www.xn--u-0tb.edu', AD_MESSAGES.websiteNotPlain],
    ['newline inside the host', 'https://www.ou.e\ndu', AD_MESSAGES.websiteInvalid],
    ['10 KB', `https://www.example.com/${'a'.repeat(10_000)}`, AD_MESSAGES.websiteInvalid],
    // Refused at the edge, before the contract (its own NUL message).
    ['NUL', 'https://www.ou.e\u0000du', undefined],
  ])('refuses a link with %s (400); nothing is stored', async (_case, url, message) => {
    const owner = await freshOwner();
    const post = await newPost(owner);
    const before = [await countOf(ads), await countOf(checkoutSessions)];
    const res = await owner.post(`/api/posts/${post.id}/boost`, { ...WEBSITE_BOOST, url });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect([await countOf(ads), await countOf(checkoutSessions)]).toEqual(before);
  });

  it('refuses a link of the wrong type with 400; nothing is stored', async () => {
    const owner = await freshOwner();
    const post = await newPost(owner);
    const before = [await countOf(ads), await countOf(checkoutSessions)];
    for (const url of [42, ['https://www.example.com'], { href: 'https://www.example.com' }, null]) {
      const res = await owner.post(`/api/posts/${post.id}/boost`, { ...WEBSITE_BOOST, url });
      expect([url, res.statusCode]).toEqual([url, 400]);
    }
    expect([await countOf(ads), await countOf(checkoutSessions)]).toEqual(before);
  });
});

describe('the post page boost status (security issue item 11)', () => {
  it("follows the post's own rule for each caller, and tells the ad's id to its owner only", async () => {
    const owner = await freshOwner();
    const post = await newPost(owner);
    const { adId } = await activeAd(owner, post.id);
    const matrix: Array<[string, TestBrowser, number]> = [
      ['anonymous', r.anonymous, 401],
      ['unverified', r.unverified, 403],
      ['verified without a campus', r.noCampus, 403],
      ['member of another campus', r.otherCampus, 200],
      ['other member', r.other, 200],
      ['owner', owner, 200],
    ];
    for (const [name, browser, status] of matrix) {
      const boost = await browser.get(`/api/posts/${post.id}/boost`);
      const page = await browser.get(`/api/posts/${post.id}`);
      // The same answer as the post itself gives this caller.
      expect([name, boost.statusCode, page.statusCode]).toEqual([name, status, status]);
      if (name === 'owner') {
        expect(boost.json()).toMatchObject({ isOwner: true, ad: { id: adId, status: 'active' } });
      } else {
        expect([name, boost.body.includes(adId)]).toEqual([name, false]);
      }
      if (status === 200 && name !== 'owner') {
        expect(boost.json()).toMatchObject({ isOwner: false, ad: null, adRunning: true });
      }
    }
  });

  it('is not found across a block either way, and refused once the account is banned', async () => {
    const owner = await freshOwner();
    const post = await newPost(owner);
    await activeAd(owner, post.id);
    const ownerId = (await db.select({ id: ads.userId }).from(ads).where(eq(ads.postId, post.id)))[0]?.id ?? '';
    const viewer = await member(app, db, 'ou', 'Vera Viewer');
    const url = `/api/posts/${post.id}/boost`;
    expect((await viewer.browser.get(url)).statusCode).toBe(200);

    expect((await owner.post('/api/blocks', { userId: viewer.user.id })).statusCode).toBe(200);
    const blockedByOwner = await viewer.browser.get(url);
    expect(blockedByOwner.statusCode).toBe(404);
    expect(blockedByOwner.json().code).toBe('POST_NOT_FOUND');
    expect((await owner.request('DELETE', `/api/blocks/${viewer.user.id}`)).statusCode).toBe(200);
    expect((await viewer.browser.post('/api/blocks', { userId: ownerId })).statusCode).toBe(200);
    expect((await viewer.browser.get(url)).statusCode).toBe(404);
    // The owner still sees their own controls.
    expect((await owner.get(url)).json()).toMatchObject({ isOwner: true });

    const email = (await db.select({ email: users.email }).from(users).where(eq(users.id, viewer.user.id)))[0]?.email;
    await db.insert(bannedEmails).values({ email: email ?? '' });
    expect((await viewer.browser.get(url)).statusCode).toBe(401);
  });
});

describe('every member route', () => {
  it('refuses visitors, unverified accounts, accounts with no campus and members of another campus; nothing changes', async () => {
    const owner = await freshOwner();
    const post = await newPost(owner);
    const started = await startBoost(owner, post.id);
    const before = [await adRow(started.adId), await countOf(ads), await countOf(checkoutSessions)];
    const session = started.sessionId;
    const routes: Array<[method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown]> = [
      ['GET', '/api/ads'],
      ['GET', `/api/ads/${started.adId}`],
      ['PATCH', `/api/ads/${started.adId}`, { title: 'Taken' }],
      ['POST', `/api/ads/${started.adId}/pause`],
      ['POST', `/api/ads/${started.adId}/resume`],
      ['POST', `/api/ads/${started.adId}/stop`],
      ['GET', '/api/payments'],
      ['POST', `/api/posts/${post.id}/alert`],
      ['GET', `/api/checkout-sessions/${session}`],
      ['POST', `/api/checkout-sessions/${session}/cancel`],
      ['GET', `/api/test-checkout/${session}`],
      ['POST', `/api/test-checkout/${session}`, GOOD_CARD],
      ['POST', `/api/posts/${post.id}/boost`, WEBSITE_BOOST],
    ];
    for (const [name, browser, status] of callers()) {
      for (const [method, url, body] of routes) {
        const res = await browser.request(method, url, body);
        expect([name, method, url, res.statusCode]).toEqual([name, method, url, status]);
      }
    }
    // Another member of the campus: someone else's ad, session and alert are not found.
    for (const [method, url, body] of routes.slice(1, 6).concat(routes.slice(8, 12))) {
      const res = await r.other.request(method, url, body);
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
    expect((await r.other.post(`/api/posts/${post.id}/alert`)).json()).toEqual({ alert: null });
    expect([await adRow(started.adId), await countOf(ads), await countOf(checkoutSessions)]).toEqual(before);
  });
});

describe('the local test checkout', () => {
  it('declines other cards, then activates exactly once with a good card', async () => {
    const post = await newPost(r.owner);
    const started = await startBoost(r.owner, post.id);
    const declined = await r.owner.post(`/api/test-checkout/${started.sessionId}`, DECLINED_CARD);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'CARD_DECLINED', message: PAYMENT_MESSAGES.cardDeclined });
    expect((await adRow(started.adId))?.status).toBe('checkout');
    expect(await ledgerOf(started.adId)).toEqual([]);

    for (const browser of [r.other, r.otherCampus, r.anonymous]) {
      expect(
        (await browser.post(`/api/test-checkout/${started.sessionId}`, GOOD_CARD)).statusCode,
      ).toBeGreaterThanOrEqual(401);
    }
    expect((await adRow(started.adId))?.status).toBe('checkout');

    const paid = await r.owner.post(`/api/test-checkout/${started.sessionId}`, GOOD_CARD);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().redirectUrl).toContain(`/post/${post.id}/boost/success?session_id=${started.sessionId}`);
    const again = await r.owner.post(`/api/test-checkout/${started.sessionId}`, GOOD_CARD);
    expect(again.statusCode).toBe(200);

    const ad = await adRow(started.adId);
    expect(ad).toMatchObject({ status: 'active', amountBudgeted: 1500 });
    expect((ad?.endTimeAdjusted?.getTime() ?? 0) - (ad?.startTime?.getTime() ?? 0)).toBe(3 * DAY);
    expect(await ledgerOf(started.adId)).toEqual(
      expect.arrayContaining([
        ['payment', 1500],
        ['ad_budget', -1500],
      ]),
    );
    expect((await ledgerOf(started.adId)).length).toBe(2);

    const status = (await r.owner.get(`/api/checkout-sessions/${started.sessionId}`)).json() as CheckoutSessionStatus;
    expect(status).toMatchObject({ adStatus: 'active', paid: true, postId: post.id });
    expect((await r.other.get(`/api/checkout-sessions/${started.sessionId}`)).statusCode).toBe(404);

    expect((await r.owner.post(`/api/posts/${post.id}/alert`)).json()).toEqual({ alert: 'actived_ad' });
    expect((await r.owner.post(`/api/posts/${post.id}/alert`)).json()).toEqual({ alert: null });
    // The owner's open tabs hear of it once (the events outbox).
    const announced = await db
      .select()
      .from(events)
      .where(and(eq(events.type, AD_EVENT_TYPES.adChanged), sql`${events.payload}->>'adId' = ${started.adId}`));
    expect(announced.map((e) => [e.userId, e.payload])).toEqual([
      [r.ownerUser.id, { adId: started.adId, postId: post.id, status: 'active' }],
    ]);
  });

  it('refuses expired cards and malformed numbers without activating', async () => {
    const post = await newPost(r.owner);
    const started = await startBoost(r.owner, post.id);
    const expired = await r.owner.post(`/api/test-checkout/${started.sessionId}`, { ...GOOD_CARD, expiry: '01/20' });
    expect(expired.json().message).toBe(PAYMENT_MESSAGES.expiryPast);
    const short = await r.owner.post(`/api/test-checkout/${started.sessionId}`, { ...GOOD_CARD, cardNumber: '4242' });
    expect(short.json().message).toBe(PAYMENT_MESSAGES.cardNumberInvalid);
    const weird = await r.owner.post(`/api/test-checkout/${started.sessionId}`, { cardNumber: ['4242'], cvc: 1 });
    expect(weird.statusCode).toBe(400);
    expect((await adRow(started.adId))?.status).toBe('checkout');
  });

  it('cancel deletes the unpaid ad and sets the cancelled_ad alert', async () => {
    const post = await newPost(r.owner);
    const started = await startBoost(r.owner, post.id);
    expect((await r.other.post(`/api/checkout-sessions/${started.sessionId}/cancel`)).statusCode).toBe(404);
    expect(await adRow(started.adId)).toBeDefined();
    const cancelled = await r.owner.post(`/api/checkout-sessions/${started.sessionId}/cancel`);
    expect(cancelled.json()).toEqual({ postId: post.id, deleted: true });
    expect(await adRow(started.adId)).toBeUndefined();
    expect((await r.owner.get(`/api/checkout-sessions/${started.sessionId}`)).json()).toMatchObject({
      adId: null,
      adStatus: null,
      paid: false,
    });
    expect((await r.owner.post(`/api/posts/${post.id}/alert`)).json()).toEqual({ alert: 'cancelled_ad' });
    // A cancelled checkout cannot be paid any more.
    const late = await r.owner.post(`/api/test-checkout/${started.sessionId}`, GOOD_CARD);
    expect(late.statusCode).toBe(409);
  });
});

describe('two payments of one post at the same moment (security issue item 10)', () => {
  it('one ad runs; the other payment is recorded and goes to available funds; no 5xx', async () => {
    const owner = await freshOwner();
    const post = await newPost(owner);
    const first = await startBoost(owner, post.id);
    const second = await startBoost(owner, post.id);
    const answers = await Promise.all(
      [first, second].map((s) => owner.post(`/api/test-checkout/${s.sessionId}`, GOOD_CARD)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);

    const rows = await db.select().from(ads).where(eq(ads.postId, post.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['active', 'stopped']);
    const running = rows.find((row) => row.status === 'active');
    const credited = rows.find((row) => row.status === 'stopped');
    expect((await ledgerOf(running?.id ?? '')).sort()).toEqual([
      ['ad_budget', -1500],
      ['payment', 1500],
    ]);
    expect(await ledgerOf(credited?.id ?? '')).toEqual([['payment', 1500]]);
    expect(((await owner.get('/api/payments')).json() as PaymentsSummary).availableFundsCents).toBe(1500);
    // The success page of the second says it did not start (its payment is in funds).
    const secondPaid = [first, second].find((started) => started.adId === credited?.id);
    const status = await owner.get(`/api/checkout-sessions/${secondPaid?.sessionId}`);
    expect(status.json()).toMatchObject({ paid: true, adStatus: 'stopped' });
  });
});

describe('a boosted post', () => {
  it("can't be boosted again while running; Boost Again after it is stopped", async () => {
    const post = await newPost(r.owner);
    const started = await activeAd(r.owner, post.id);
    const status = (await r.owner.get(`/api/posts/${post.id}/boost`)).json() as PostBoostStatus;
    expect(status).toMatchObject({ isOwner: true, ownerAction: 'analytics', paused: false, cta: null });
    const visitor = (await r.other.get(`/api/posts/${post.id}/boost`)).json() as PostBoostStatus;
    expect(visitor).toEqual({
      isOwner: false,
      ad: null,
      ownerAction: null,
      paused: false,
      cta: { type: 'website', url: 'https://www.example.com', label: 'Shop Now' },
      adRunning: true,
    });
    await r.owner.post(`/api/posts/${post.id}/alert`);

    const second = await r.owner.post(`/api/posts/${post.id}/boost`, WEBSITE_BOOST);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'ALREADY_BOOSTED', message: AD_MESSAGES.alreadyBoosted });
    expect((await r.owner.post(`/api/posts/${post.id}/alert`)).json()).toEqual({ alert: 'already_boosted' });

    await r.owner.post(`/api/ads/${started.adId}/stop`);
    const after = (await r.owner.get(`/api/posts/${post.id}/boost`)).json() as PostBoostStatus;
    expect(after).toMatchObject({ ownerAction: 'boost-again', ad: { status: 'stopped', statusLabel: 'Stopped' } });
    expect((await r.owner.post(`/api/posts/${post.id}/boost`, WEBSITE_BOOST)).statusCode).toBe(201);
  });
});

describe('managing an ad', () => {
  it('pause, resume and stop with the spec messages; resume pushes the end out by the pause', async () => {
    const post = await newPost(r.owner);
    const { adId } = await activeAd(r.owner, post.id);
    const start = await adRow(adId);

    const resumeActive = await r.owner.post(`/api/ads/${adId}/resume`);
    expect(resumeActive.json()).toMatchObject({ code: 'AD_NOT_PAUSED', message: AD_MESSAGES.onlyPausedCanResume });

    const paused = (await r.owner.post(`/api/ads/${adId}/pause`)).json() as AdActionResponse;
    expect(paused.message).toBe(AD_MESSAGES.paused);
    expect(paused.ad.status).toBe('paused');
    expect(paused.ad.statusLabel).toBe('Paused');
    const pauseAgain = await r.owner.post(`/api/ads/${adId}/pause`);
    expect(pauseAgain.json()).toMatchObject({ code: 'AD_NOT_ACTIVE', message: AD_MESSAGES.onlyActiveCanPause });
    expect((await r.owner.get(`/api/posts/${post.id}/boost`)).json()).toMatchObject({ paused: true });
    // A paused ad shows no call-to-action to others.
    expect((await r.other.get(`/api/posts/${post.id}/boost`)).json()).toMatchObject({ cta: null });

    offsetMs += 2 * 3_600_000;
    const resumed = (await r.owner.post(`/api/ads/${adId}/resume`)).json() as AdActionResponse;
    expect(resumed.message).toBe(AD_MESSAGES.resumed);
    const row = await adRow(adId);
    expect(row?.timePausedMs).toBeGreaterThanOrEqual(2 * 3_600_000);
    expect((row?.endTimeAdjusted?.getTime() ?? 0) - (start?.endTimeAdjusted?.getTime() ?? 0)).toBe(row?.timePausedMs);

    const stopped = (await r.owner.post(`/api/ads/${adId}/stop`)).json() as AdActionResponse;
    expect(stopped.message).toBe(AD_MESSAGES.stopped);
    expect(stopped.ad.pausedAt).toBeNull();
    const stopAgain = await r.owner.post(`/api/ads/${adId}/stop`);
    expect(stopAgain.statusCode).toBe(409);
    expect(stopAgain.json()).toMatchObject({ code: 'AD_ALREADY_STOPPED', message: AD_MESSAGES.alreadyStopped });
    // The unspent budget returns to the owner's funds: one row, whatever happens next.
    const ledger = await ledgerOf(adId);
    const unspent = ledger.find(([kind]) => kind === 'unspent_budget');
    expect(unspent?.[1]).toBe(1500 - ((await adRow(adId))?.totalSpent ?? 0));
    expect((await r.owner.post(`/api/ads/${adId}/resume`)).statusCode).toBe(400);
  });

  it('nobody but the owner can pause, resume, stop, rename or read an ad; nothing changes', async () => {
    const post = await newPost(r.owner);
    const { adId } = await activeAd(r.owner, post.id);
    const before = await adRow(adId);
    for (const [, browser, status] of callers()) {
      for (const action of ['pause', 'resume', 'stop']) {
        expect((await browser.post(`/api/ads/${adId}/${action}`)).statusCode).toBe(status);
      }
      expect((await browser.request('PATCH', `/api/ads/${adId}`, { title: 'Mine now' })).statusCode).toBe(status);
      expect((await browser.get(`/api/ads/${adId}`)).statusCode).toBe(status);
    }
    for (const action of ['pause', 'resume', 'stop']) {
      const res = await r.other.post(`/api/ads/${adId}/${action}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'AD_NOT_FOUND', message: AD_MESSAGES.notFound });
    }
    expect((await r.other.request('PATCH', `/api/ads/${adId}`, { title: 'Mine now' })).statusCode).toBe(404);
    const read = await r.other.get(`/api/ads/${adId}`);
    expect(read.json()).toMatchObject({ code: 'AD_NOT_FOUND', message: AD_MESSAGES.adGone });
    expect(await adRow(adId)).toEqual(before);
    // The owner's list holds it; nobody else's does.
    expect(((await r.other.get('/api/ads')).json() as AdList).ads.some((a) => a.id === adId)).toBe(false);
    expect(((await r.owner.get('/api/ads')).json() as AdList).ads.some((a) => a.id === adId)).toBe(true);
  });

  it('renames with 1–50 characters', async () => {
    const owner = await freshOwner();
    const post = await newPost(owner, 'A very long first line that goes on and on past fifty characters for sure');
    const { adId } = await startBoost(owner, post.id);
    expect((await adRow(adId))?.title.length).toBe(50);
    const renamed = await owner.request('PATCH', `/api/ads/${adId}`, { title: '  Lamp sale  ' });
    expect(renamed.json()).toMatchObject({ title: 'Lamp sale' });
    for (const title of ['', 'x'.repeat(51), 'a\u0000b', 42]) {
      expect((await owner.request('PATCH', `/api/ads/${adId}`, { title })).statusCode).toBe(400);
    }
    expect((await adRow(adId))?.title).toBe('Lamp sale');
  });

  it('answers hostile ids and bodies with 4xx', async () => {
    const owner = await freshOwner();
    for (const url of [
      '/api/ads/%00',
      `/api/ads/${'a'.repeat(300)}`,
      '/api/ads/..%2F..%2Fetc',
      '/api/checkout-sessions/%00',
    ]) {
      const res = await owner.get(url);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const deep = JSON.parse(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`);
    const post = await newPost(owner);
    for (const body of [deep, [], 'text', { goal: { $ne: 1 } }, { days: 1e308, goal: 'message' }]) {
      const res = await owner.post(`/api/posts/${post.id}/boost`, body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await owner.post('/api/analytics', { actionType: 'view', postId: 'x\u0000' })).statusCode).toBe(400);
  });
});

describe('analytics', () => {
  it("count another member's view once however often they reload, only while the ad runs, never the owner", async () => {
    const owner = await freshOwner();
    const post = await newPost(owner);
    expect((await r.other.post('/api/analytics', { actionType: 'view', postId: post.id })).json()).toEqual({
      tracked: false,
    });
    const { adId } = await activeAd(owner, post.id);
    for (let i = 0; i < 3; i += 1) await r.other.post('/api/analytics', { actionType: 'view', postId: post.id });
    await r.other.post('/api/analytics', { actionType: 'copied_link', postId: post.id });
    await r.other.post('/api/analytics', { actionType: 'external_link_click', postId: post.id });
    await r.otherCampus.post('/api/analytics', { actionType: 'view', postId: post.id });
    expect((await owner.post('/api/analytics', { actionType: 'view', postId: post.id })).json()).toEqual({
      tracked: false,
    });
    await r.anonymous.post('/api/analytics', { actionType: 'profile_visit', postId: post.id });
    const detail = (await owner.get(`/api/ads/${adId}`)).json() as AdDetail;
    expect(detail.analytics).toEqual({
      views: 2,
      accountsReached: 2,
      directMessages: 0,
      copiedLink: 1,
      externalLinkClicks: 1,
      profileVisits: 1,
    });
    await owner.post(`/api/ads/${adId}/pause`);
    await owner.post('/api/analytics', { actionType: 'direct_message', postId: post.id });
    expect((await r.other.post('/api/analytics', { actionType: 'direct_message', postId: post.id })).json()).toEqual({
      tracked: false,
    });
    expect(((await owner.get(`/api/ads/${adId}`)).json() as AdDetail).analytics.directMessages).toBe(0);
  });
});

describe('the ad clock', () => {
  it('accrues spend at $5 a day and completes an expired ad exactly once', async () => {
    const owner = await freshOwner();
    const post = await newPost(owner);
    const { adId } = await activeAd(owner, post.id);
    offsetMs += DAY;
    const at = clock.now();
    await runAdClock({ db }, at);
    const oneDay = await adRow(adId);
    expect(oneDay?.status).toBe('active');
    expect(oneDay?.totalSpent).toBeGreaterThanOrEqual(499);
    expect(oneDay?.totalSpent).toBeLessThanOrEqual(500);
    expect(oneDay?.lastChargedAt?.getTime()).toBe(at.getTime());

    offsetMs += 2 * DAY + 60_000;
    const first = await runAdClock({ db }, clock.now());
    const second = await runAdClock({ db }, clock.now());
    expect(first.completed.map((c) => c.id)).toContain(adId);
    expect(second.completed.map((c) => c.id)).not.toContain(adId);
    expect(await adRow(adId)).toMatchObject({ status: 'completed', totalSpent: 1500 });
    expect((await owner.get(`/api/posts/${post.id}/boost`)).json()).toMatchObject({ ownerAction: 'boost-again' });
  });
});

describe('deleting a boosted post', () => {
  it("returns what its running ad did not spend to the owner's funds, once", async () => {
    const owner = await freshOwner();
    const post = await newPost(owner);
    const { adId } = await activeAd(owner, post.id);
    offsetMs += DAY;
    const res = await owner.request('DELETE', `/api/posts/${post.id}`);
    expect(res.statusCode).toBe(200);
    expect(await adRow(adId)).toBeUndefined();
    const summary = (await owner.get('/api/payments')).json() as PaymentsSummary;
    expect(summary.availableFundsCents).toBeGreaterThanOrEqual(1000);
    expect(summary.availableFundsCents).toBeLessThanOrEqual(1001);
    expect(await ledgerOf(adId)).toHaveLength(3);
  });
});

describe('deleting a post while its payment arrives', () => {
  it('never swallows the money: whichever goes first, the payment ends in available funds', async () => {
    const owner = await freshOwner();
    const post = await newPost(owner);
    const started = await startBoost(owner, post.id);
    const [paid, deleted] = await Promise.all([
      owner.post(`/api/test-checkout/${started.sessionId}`, GOOD_CARD),
      owner.request('DELETE', `/api/posts/${post.id}`),
    ]);
    expect([paid.statusCode, deleted.statusCode]).toEqual([200, 200]);
    expect(await adRow(started.adId)).toBeUndefined();
    expect(((await owner.get('/api/payments')).json() as PaymentsSummary).availableFundsCents).toBe(1500);
  });
});

describe('an abandoned local checkout', () => {
  it('expires after 24 hours like a Stripe session: its unpaid ad goes, a paid one stays', async () => {
    const owner = await freshOwner();
    const unpaid = await startBoost(owner, (await newPost(owner)).id);
    const paid = await activeAd(owner, (await newPost(owner)).id);
    offsetMs += DAY - 60_000;
    await runAdClock({ db }, clock.now());
    expect((await adRow(unpaid.adId))?.status).toBe('checkout');
    offsetMs += 2 * 60_000;
    await runAdClock({ db }, clock.now());
    expect(await adRow(unpaid.adId)).toBeUndefined();
    expect((await owner.post(`/api/test-checkout/${unpaid.sessionId}`, GOOD_CARD)).statusCode).toBe(409);
    expect((await adRow(paid.adId))?.status).toBe('active');
  });
});

describe('payments', () => {
  it('show available funds and activity to the member; others are refused', async () => {
    const owner = await freshOwner();
    const post = await newPost(owner);
    const { adId } = await activeAd(owner, post.id);
    await owner.post(`/api/ads/${adId}/stop`);
    const summary = (await owner.get('/api/payments')).json() as PaymentsSummary;
    const item = summary.activity.find((a) => a.adId === adId);
    expect(item).toMatchObject({ status: 'stopped', statusLabel: 'Stopped', amountBudgetedCents: 1500 });
    const ledger = await db.select().from(paymentLedger).where(eq(paymentLedger.adId, adId));
    expect(summary.availableFundsCents).toBe(ledger.reduce((sum, l) => sum + l.amountCents, 0));
    expect(summary.availableFundsCents).toBeGreaterThan(0);
    for (const [, browser, status] of callers()) expect((await browser.get('/api/payments')).statusCode).toBe(status);
    expect(((await r.other.get('/api/payments')).json() as PaymentsSummary).activity).toEqual([]);
    expect(await db.select().from(postAlerts).where(eq(postAlerts.userId, r.otherUser.id))).toEqual([]);
  });
});
