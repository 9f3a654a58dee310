import { Writable } from 'node:stream';
import { AD_MESSAGES, CAMPUS_IDS } from '@campus/contract';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GOOD_CARD, newPost, WEBSITE_BOOST } from '../../../test/ads.ts';
import { createTestApp } from '../../../test/app.ts';
import { member } from '../../../test/posts.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { ads, checkoutSessions, paymentLedger } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { paymentProviderFor } from './payment-provider.ts';

/**
 * Production without STRIPE_* keys (security issue item 2): the local test checkout does not
 * exist there, and boosting says payments are not configured instead of activating ads for a
 * documented test card number.
 */
const { app, db, config } = await createTestApp({ NODE_ENV: 'production' });
const { browser: owner, user } = await member(app, db, 'ou', 'Petra Production');

const countOf = async (table: typeof ads | typeof checkoutSessions | typeof paymentLedger) =>
  (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
const stored = async () => [await countOf(ads), await countOf(checkoutSessions), await countOf(paymentLedger)];

describe('production without payment keys', () => {
  it('refuses to boost with 503 PAYMENTS_NOT_CONFIGURED and its message; nothing is stored', async () => {
    const post = await newPost(owner);
    const before = await stored();
    for (const body of [WEBSITE_BOOST, { goal: 'message', runUntilPause: true }]) {
      const res = await owner.post(`/api/posts/${post.id}/boost`, body);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        statusCode: 503,
        code: 'PAYMENTS_NOT_CONFIGURED',
        message: AD_MESSAGES.paymentsNotConfigured,
      });
    }
    expect(await stored()).toEqual(before);
    // Everyone else is still refused as before (the owner's check comes first).
    const { browser: other } = await member(app, db, 'ou', 'Otto Production');
    expect((await other.post(`/api/posts/${post.id}/boost`, WEBSITE_BOOST)).statusCode).toBe(403);
  });

  it('has no test checkout: a good test card pays nothing, even for an open session', async () => {
    const post = await newPost(owner);
    // An unpaid ad and its open local session, as a development run on this database left them.
    const adId = newId();
    const sessionId = `cs_test_local_${newId()}`;
    const now = new Date();
    await db.insert(ads).values({
      id: adId,
      campusId: CAMPUS_IDS.ou,
      postId: post.id,
      userId: user.id,
      title: 'Leftover',
      ctaType: 'message',
      durationMinutes: 30 * 1440,
      amountBudgeted: 15_000,
      status: 'checkout',
      createdAt: now,
      lastModified: now,
    });
    await db.insert(checkoutSessions).values({
      id: sessionId,
      campusId: CAMPUS_IDS.ou,
      adId,
      postId: post.id,
      userId: user.id,
      provider: 'local',
      amountCents: 15_000,
      url: `/test-checkout/${sessionId}`,
      successUrl: 'https://ou.campusbuysell.app/',
      cancelUrl: 'https://ou.campusbuysell.app/',
      createdAt: now,
    });
    const before = await stored();
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', GOOD_CARD],
    ] as const) {
      const res = await owner.request(method, `/api/test-checkout/${sessionId}`, body);
      expect([method, res.statusCode]).toEqual([method, 404]);
    }
    // Nor is there a webhook to post a made-up payment to.
    const webhook = await owner.post('/api/payments/stripe/webhook', { type: 'checkout.session.completed' });
    expect(webhook.statusCode).toBe(404);
    expect((await db.select().from(ads).where(eq(ads.id, adId)))[0]?.status).toBe('checkout');
    expect(await stored()).toEqual(before);
    expect((await owner.get('/api/payments')).json().availableFundsCents).toBe(0);
  });

  it('says so once at start, as a warning', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const second = await buildApp({ config: { ...config, logLevel: 'warn' }, db, logStream, jobs: false });
    await second.ready();
    await second.close();
    const warnings = lines.filter((l) => l.msg.includes('payments are not configured'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.level).toBe(40);
  });
});

describe('which payment provider', () => {
  const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
  const production = { NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(32) };
  it('is Stripe when configured, the local test checkout only outside production, else none', () => {
    expect(paymentProviderFor(loadConfig({ ...production, ...stripeKeys }))?.kind).toBe('stripe');
    expect(paymentProviderFor(loadConfig({ ...stripeKeys }))?.kind).toBe('stripe');
    expect(paymentProviderFor(loadConfig({ NODE_ENV: 'development' }))?.kind).toBe('local');
    expect(paymentProviderFor(loadConfig({ NODE_ENV: 'test' }))?.kind).toBe('local');
    expect(paymentProviderFor(loadConfig(production))).toBeNull();
  });
});
