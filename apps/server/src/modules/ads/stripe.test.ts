import { AD_MESSAGES, type BoostStarted } from '@campus/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { GOOD_CARD, newPost, WEBSITE_BOOST } from '../../../test/ads.ts';
import { createTestApp } from '../../../test/app.ts';
import { member } from '../../../test/posts.ts';
import { startStripeFake } from '../../../test/stripe-fake.ts';
import { loadConfig } from '../../config.ts';
import { ads, checkoutSessions, paymentLedger } from '../../db/schema/index.ts';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_fake';
const stripe = await startStripeFake(WEBHOOK_SECRET);
afterAll(() => stripe.close());
const { app, db } = await createTestApp({
  STRIPE_SECRET_KEY: 'sk_test_fake_key',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: stripe.url,
});

let owners = 0;
const freshOwner = async () => {
  owners += 1;
  return (await member(app, db, 'ou', `Sam Stripe${'x'.repeat(owners)}`)).browser;
};

const deliver = (body: { payload: string; signature: string } | { payload: string; signature?: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      host: 'ou.localhost:3000',
      'content-type': 'application/json',
      ...(body.signature ? { 'stripe-signature': body.signature } : {}),
    },
    payload: body.payload,
  });

const adRow = async (id: string) => (await db.select().from(ads).where(eq(ads.id, id)))[0];
const paymentsOf = async (adId: string) =>
  (await db.select().from(paymentLedger).where(eq(paymentLedger.adId, adId))).map((l) => [l.kind, l.amountCents]);

async function boosted(body: Record<string, unknown> = WEBSITE_BOOST) {
  const owner = await freshOwner();
  const post = await newPost(owner);
  const res = await owner.post(`/api/posts/${post.id}/boost`, body);
  expect(res.statusCode).toBe(201);
  return { owner, post, started: res.json() as BoostStarted };
}

describe('Stripe Checkout', () => {
  it('makes a session for days × 500 cents, whatever the browser sends, and sends the browser there', async () => {
    const { post, started } = await boosted({ ...WEBSITE_BOOST, days: 7, priceCents: 1, unit_amount: 1 });
    const request = stripe.requests.findLast((r) => r.path === '/v1/checkout/sessions');
    expect(request?.auth).toBe('Bearer sk_test_fake_key');
    expect(request?.form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][product_data][name]': 'Boost Post',
      'line_items[0][price_data][unit_amount]': '3500',
      'line_items[0][quantity]': '1',
      success_url: `http://ou.localhost:3000/post/${post.id}/boost/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://ou.localhost:3000/post/${post.id}/boost/cancel?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(started.url).toBe(`https://checkout.stripe.test/c/pay/${started.sessionId}`);
    expect(await adRow(started.adId)).toMatchObject({ status: 'checkout', amountBudgeted: 3500 });
  });

  it("names the campus's configured site in the return URLs, never a Host header it does not know", async () => {
    const owner = await freshOwner();
    const post = await newPost(owner);
    for (const host of ['evil.example', 'ou.campusbuysell.app.evil.example', 'evil.example:3000']) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/posts/${post.id}/boost`,
        headers: { host, origin: `http://${host}`, cookie: owner.cookieHeader(), 'content-type': 'application/json' },
        payload: JSON.stringify(WEBSITE_BOOST),
      });
      expect([host, res.statusCode]).toEqual([host, 201]);
      const started = res.json() as BoostStarted;
      const sent = stripe.requests.findLast((r) => r.path === '/v1/checkout/sessions')?.form;
      expect(sent?.success_url).toBe(
        `https://ou.campusbuysell.app/post/${post.id}/boost/success?session_id={CHECKOUT_SESSION_ID}`,
      );
      expect(sent?.cancel_url).toBe(
        `https://ou.campusbuysell.app/post/${post.id}/boost/cancel?session_id={CHECKOUT_SESSION_ID}`,
      );
      const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, started.sessionId));
      expect(session?.successUrl).toBe(
        `https://ou.campusbuysell.app/post/${post.id}/boost/success?session_id=${started.sessionId}`,
      );
      expect(JSON.stringify(session)).not.toContain('evil');
    }
  });

  it('says what Stripe said when the session cannot be made, and keeps no unpaid ad', async () => {
    const owner = await freshOwner();
    const post = await newPost(owner);
    stripe.failNextWith('Your account cannot currently make live charges.');
    const res = await owner.post(`/api/posts/${post.id}/boost`, WEBSITE_BOOST);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'CHECKOUT_FAILED',
      message: AD_MESSAGES.checkoutError('Your account cannot currently make live charges.'),
    });
    expect(await db.select().from(ads).where(eq(ads.postId, post.id))).toEqual([]);
  });

  it('has no local test checkout', async () => {
    const { owner, started } = await boosted();
    expect((await owner.get(`/api/test-checkout/${started.sessionId}`)).statusCode).toBe(404);
    expect((await owner.post(`/api/test-checkout/${started.sessionId}`, GOOD_CARD)).statusCode).toBe(404);
    expect((await adRow(started.adId))?.status).toBe('checkout');
  });
});

describe('Stripe configuration', () => {
  it('needs the webhook secret with the secret key, and without a key the local checkout is used', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).stripe).toEqual({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      apiUrl: undefined,
    });
  });
});

describe('the Stripe webhook', () => {
  it('refuses a wrong signature, a stale timestamp and a missing header; nothing is stored', async () => {
    const { started } = await boosted();
    const genuine = stripe.pay(started.sessionId);
    const wrongSecret = stripe.pay(started.sessionId, { id: 'evt_wrong_secret' });
    const wrong = stripe.event('checkout.session.completed', { id: started.sessionId }, { secret: 'whsec_other' });
    const stale = stripe.event(
      'checkout.session.completed',
      { ...stripe.sessions.get(started.sessionId), id: started.sessionId },
      { timestamp: Math.floor(Date.now() / 1000) - 3600 },
    );
    for (const attempt of [
      wrong,
      stale,
      { payload: genuine.payload },
      { payload: genuine.payload.replace('"amount_total":1500', '"amount_total":1'), signature: genuine.signature },
      { payload: wrongSecret.payload, signature: 't=1,v1=deadbeef' },
    ]) {
      const res = await deliver(attempt);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_SIGNATURE');
    }
    expect((await adRow(started.adId))?.status).toBe('checkout');
    expect(await paymentsOf(started.adId)).toEqual([]);
  });

  it('activates exactly once when the same event arrives 5 times, even at once', async () => {
    const { owner, post, started } = await boosted();
    const paid = stripe.pay(started.sessionId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(paid)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // Another event about the same payment (Stripe may send both) changes nothing either.
    const other = stripe.event('checkout.session.async_payment_succeeded', {
      ...stripe.sessions.get(started.sessionId),
      id: started.sessionId,
    });
    expect((await deliver(other)).statusCode).toBe(200);
    const ad = await adRow(started.adId);
    expect(ad).toMatchObject({ status: 'active', paymentId: `pi_fake_${started.sessionId}` });
    expect(await paymentsOf(started.adId)).toEqual(
      expect.arrayContaining([
        ['payment', 1500],
        ['ad_budget', -1500],
      ]),
    );
    expect((await paymentsOf(started.adId)).length).toBe(2);
    expect((await owner.post(`/api/posts/${post.id}/alert`)).json()).toEqual({ alert: 'actived_ad' });
    // The cancel page after payment deletes nothing.
    expect((await owner.post(`/api/checkout-sessions/${started.sessionId}/cancel`)).json()).toEqual({
      postId: post.id,
      deleted: false,
    });
    expect((await adRow(started.adId))?.status).toBe('active');
  });

  it('is safe out of order: an expiry after the payment changes nothing; a payment after an expiry goes to funds', async () => {
    const first = await boosted();
    const paid = stripe.pay(first.started.sessionId);
    expect((await deliver(paid)).statusCode).toBe(200);
    const expired = stripe.event('checkout.session.expired', { id: first.started.sessionId });
    expect((await deliver(expired)).statusCode).toBe(200);
    expect((await adRow(first.started.adId))?.status).toBe('active');

    const second = await boosted();
    const expiredFirst = stripe.event('checkout.session.expired', { id: second.started.sessionId });
    const lateCompletion = stripe.pay(second.started.sessionId);
    expect((await deliver(expiredFirst)).statusCode).toBe(200);
    expect(await adRow(second.started.adId)).toBeUndefined();
    expect((await deliver(lateCompletion)).statusCode).toBe(200);
    expect(await db.select().from(ads).where(eq(ads.postId, second.post.id))).toEqual([]);
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, second.started.sessionId));
    // The money arrived: it is recorded and stays in the owner's available funds; no ad comes back.
    expect(session?.status).toBe('complete');
    const funds = (await second.owner.get('/api/payments')).json().availableFundsCents;
    expect(funds).toBe(1500);
    expect((await deliver(lateCompletion)).statusCode).toBe(200);
    expect((await second.owner.get('/api/payments')).json().availableFundsCents).toBe(1500);
  });

  it('two checkouts of one post paid at the same moment: one ad runs, the other payment goes to funds', async () => {
    const owner = await freshOwner();
    const post = await newPost(owner);
    const sessions: BoostStarted[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await owner.post(`/api/posts/${post.id}/boost`, WEBSITE_BOOST);
      expect(res.statusCode).toBe(201);
      sessions.push(res.json() as BoostStarted);
    }
    const payments = sessions.map((s) => stripe.pay(s.sessionId));
    const answers = await Promise.all(payments.map((p) => deliver(p)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);

    const rows = await db.select().from(ads).where(eq(ads.postId, post.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['active', 'stopped']);
    const running = rows.find((r) => r.status === 'active');
    const credited = rows.find((r) => r.status === 'stopped');
    expect(await paymentsOf(running?.id ?? '')).toEqual(
      expect.arrayContaining([
        ['payment', 1500],
        ['ad_budget', -1500],
      ]),
    );
    expect(await paymentsOf(credited?.id ?? '')).toEqual([['payment', 1500]]);
    expect(credited).toMatchObject({ startTime: null, paymentId: expect.stringMatching(/^pi_fake_/) });
    expect((await owner.get('/api/payments')).json().availableFundsCents).toBe(1500);
    // A later delivery of either changes nothing.
    expect((await Promise.all(payments.map((p) => deliver(p)))).map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await owner.get('/api/payments')).json().availableFundsCents).toBe(1500);
  });

  it('does not activate when the amount paid differs from the checkout', async () => {
    const { started } = await boosted();
    const cheap = stripe.pay(started.sessionId, { amount: 500 });
    expect((await deliver(cheap)).statusCode).toBe(200);
    expect((await adRow(started.adId))?.status).toBe('checkout');
    expect(await paymentsOf(started.adId)).toEqual([]);
  });

  it('answers unknown sessions and other event types with 200 and stores nothing', async () => {
    const before = (await db.select().from(paymentLedger)).length;
    const unknown = stripe.event('checkout.session.completed', {
      id: 'cs_test_unknown',
      amount_total: 1500,
      currency: 'usd',
      payment_status: 'paid',
    });
    expect((await deliver(unknown)).statusCode).toBe(200);
    expect((await deliver(stripe.event('customer.created', { id: 'cus_1' }))).statusCode).toBe(200);
    expect((await db.select().from(paymentLedger)).length).toBe(before);
  });

  it('answers garbage bodies with 4xx', async () => {
    for (const payload of ['', 'not json', '\u0000', '{"a":'.repeat(500)]) {
      const res = await deliver({ payload, signature: 't=1,v1=00' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const huge = await deliver({ payload: 'x'.repeat(2 * 1024 * 1024), signature: 't=1,v1=00' });
    expect(huge.statusCode).toBe(413);
  });
});
