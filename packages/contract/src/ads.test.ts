import { describe, expect, it } from 'vitest';
import {
  adRuntimeMs,
  adSpentCents,
  adTimeLeftMs,
  adTimeLeftText,
  BoostBodySchema,
  boostChargeText,
  boostPriceCents,
  boostReturnText,
  FeedQuerySchema,
  formatUsd,
  TestCardBodySchema,
  UpdateAdBodySchema,
} from './ads.ts';
import { AD_MESSAGES } from './messages.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('boost form', () => {
  it.each([
    [{ goal: 'website', url: '', label: 'Visit Website' }, AD_MESSAGES.websiteRequired],
    [{ goal: 'website', url: 'not a url', label: 'Visit Website' }, AD_MESSAGES.websiteInvalid],
    [{ goal: 'website', url: 'http://www.example.com', label: 'Visit Website' }, AD_MESSAGES.websiteInvalid],
    [{ goal: 'website', url: `https://www.${'a'.repeat(40)}.com`, label: 'Visit Website' }, AD_MESSAGES.websiteInvalid],
    [{ goal: 'website', url: 'https://www.example.com', label: '' }, AD_MESSAGES.buttonLabelRequired],
  ])('%j → %s', (body, message) => {
    expect(firstMessage(BoostBodySchema.safeParse(body))).toBe(message);
  });

  it('defaults to 4 days, the website goal and Visit Website; drops a price the browser made up', () => {
    const parsed = BoostBodySchema.parse({ url: 'https://www.example.com', priceCents: 1 });
    expect(parsed).toEqual({
      goal: 'website',
      url: 'https://www.example.com',
      label: 'Visit Website',
      days: 4,
      runUntilPause: false,
    });
  });

  it('needs no URL for the message and profile goals', () => {
    expect(BoostBodySchema.safeParse({ goal: 'message' }).success).toBe(true);
    expect(BoostBodySchema.safeParse({ goal: 'profile', label: '' }).success).toBe(true);
  });

  it('refuses links that hide where they lead (security issue item 11)', () => {
    const message = (url: string) => firstMessage(BoostBodySchema.safeParse({ url, label: 'Visit Website' }));
    expect(message('https://www.ou.edu@evil.example')).toBe(AD_MESSAGES.websiteUserInfo);
    expect(message('https://user:pw@www.example.com')).toBe(AD_MESSAGES.websiteUserInfo);
    expect(message('https://evil.example\\@ou.edu')).toBe(AD_MESSAGES.websiteInvalid);
    expect(message('https://www.ex\tample.com')).toBe(AD_MESSAGES.websiteInvalid);
    expect(message('https://www.\u043eu.edu')).toBe(AD_MESSAGES.websiteNotPlain);
    // An @ in the path or query is part of the page, not of the host.
    expect(message('https://www.example.com/a?b=c@d')).toBeUndefined();
    expect(message('HTTPS://WWW.EXAMPLE.COM')).toBeUndefined();
  });

  it('takes 1 to 30 whole days only', () => {
    for (const days of [0, 31, 1.5, '3', -1])
      expect(BoostBodySchema.safeParse({ goal: 'message', days }).success).toBe(false);
    for (const days of [1, 30]) expect(BoostBodySchema.safeParse({ goal: 'message', days }).success).toBe(true);
  });
});

describe('price', () => {
  it('is $5 a day in cents; run until paused pays the longest run up front', () => {
    expect(boostPriceCents({ days: 3 })).toBe(1500);
    expect(boostPriceCents({ days: 1 })).toBe(500);
    expect(boostPriceCents({ days: 3, runUntilPause: true })).toBe(15_000);
    expect(formatUsd(1500)).toBe('$15');
    expect(formatUsd(1250)).toBe('$12.50');
  });
  it('says before the button what checkout charges, and what comes back when the ad stops', () => {
    expect(boostChargeText({ days: 3, runUntilPause: false })).toBe('$15 now: 3 days at $5 a day');
    expect(boostChargeText({ days: 1, runUntilPause: false })).toBe('$5 now: 1 day at $5 a day');
    expect(boostChargeText({ days: 4, runUntilPause: true })).toBe('$150 now: 30 days at $5 a day, runs until paused');
    expect(boostReturnText(true)).toContain('Available Funds');
    expect(boostReturnText(false)).toContain('Available Funds');
  });
});

describe('time left and runtime', () => {
  const start = Date.parse('2026-01-01T00:00:00Z');
  const ad = {
    startTime: new Date(start).toISOString(),
    endTimeAdjusted: new Date(start + 3 * 86_400_000).toISOString(),
    pausedAt: null,
    timePausedMs: 0,
    status: 'active' as const,
    budget: { durationMinutes: 3 * 1440, amountBudgetedCents: 1500, totalSpentCents: 0 },
  };
  it("shows days, hours and minutes, and 'Expired' at or below zero", () => {
    expect(adTimeLeftText(adTimeLeftMs(ad, start + 90 * 60_000) ?? 0)).toBe('2d 22h 30m');
    expect(adTimeLeftText(adTimeLeftMs(ad, start + 3 * 86_400_000) ?? 0)).toBe(AD_MESSAGES.expired);
    expect(adTimeLeftText(-1)).toBe(AD_MESSAGES.expired);
  });
  it('runtime leaves out paused time, including a pause still going on', () => {
    const paused = { ...ad, pausedAt: new Date(start + 3_600_000).toISOString(), timePausedMs: 60_000 };
    expect(adRuntimeMs(paused, start + 2 * 3_600_000)).toBe(3_600_000 - 60_000);
    expect(adTimeLeftMs(paused, start + 2 * 3_600_000)).toBe(3 * 86_400_000 - 3_600_000);
    expect(adRuntimeMs({ ...ad, startTime: null }, start)).toBe(0);
  });
  it('a stopped ad has no time left, and its runtime stops at the end of its run', () => {
    const stopped = { ...ad, status: 'stopped' as const, endTimeAdjusted: new Date(start + 3_600_000).toISOString() };
    expect(adTimeLeftMs(stopped, start + 2 * 3_600_000)).toBeNull();
    expect(adRuntimeMs(stopped, start + 5 * 3_600_000)).toBe(3_600_000);
    expect(adRuntimeMs(ad, start + 10 * 86_400_000)).toBe(3 * 86_400_000);
  });
  it('spend accrues at $5 a day of runtime, to the cent, capped at the budget; settled once ended', () => {
    expect(adSpentCents(ad, start)).toBe(0);
    expect(adSpentCents(ad, start + 6 * 3_600_000)).toBe(125);
    expect(adSpentCents(ad, start + 172_800)).toBe(1);
    expect(adSpentCents(ad, start + 30 * 86_400_000)).toBe(1500);
    // Paused 1 h ago after running 1 h: $5 × 1/24, not counting the pause.
    const paused = { ...ad, status: 'paused' as const, pausedAt: new Date(start + 3_600_000).toISOString() };
    expect(adSpentCents(paused, start + 2 * 3_600_000)).toBe(20);
    const stopped = { ...ad, status: 'stopped' as const, budget: { ...ad.budget, totalSpentCents: 42 } };
    expect(adSpentCents(stopped, start + 2 * 86_400_000)).toBe(42);
  });
});

describe('other forms', () => {
  it('test card: digits with spaces, MM/YY, CVC', () => {
    expect(
      TestCardBodySchema.parse({ cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }).cardNumber,
    ).toBe('4242424242424242');
    expect(TestCardBodySchema.safeParse({ cardNumber: '4242', expiry: '12/30', cvc: '123' }).success).toBe(false);
    expect(TestCardBodySchema.safeParse({ cardNumber: '4242424242424242', expiry: '13/30', cvc: '123' }).success).toBe(
      false,
    );
  });
  it('ad title: 1 to 50 characters, no NUL', () => {
    expect(UpdateAdBodySchema.safeParse({ title: 'a'.repeat(50) }).success).toBe(true);
    expect(UpdateAdBodySchema.safeParse({ title: 'a'.repeat(51) }).success).toBe(false);
    expect(UpdateAdBodySchema.safeParse({ title: '  ' }).success).toBe(false);
    expect(UpdateAdBodySchema.safeParse({ title: 'a\u0000' }).success).toBe(false);
  });
  it('feed query: shown is a small whole number', () => {
    expect(FeedQuerySchema.parse({ shown: '25' }).shown).toBe(25);
    expect(FeedQuerySchema.safeParse({ shown: '-1' }).success).toBe(false);
    expect(FeedQuerySchema.safeParse({ shown: '1000001' }).success).toBe(false);
  });
});
