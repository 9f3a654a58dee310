import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry } from './card-number.ts';
import { formatRunDays, formatRuntime, formatSpend } from './format-ad.ts';

describe('ad formatting', () => {
  it('shows spend against budget in USD, with -- before the ad spends', () => {
    expect(formatSpend('active', 320, 2000)).toBe('$3.20 of $20');
    expect(formatSpend('completed', 1500, 1500)).toBe('$15 of $15');
    expect(formatSpend('checkout', 0, 1500)).toBe('-- of $15');
    expect(formatSpend('scheduled', 0, 1500)).toBe('-- of $15');
    expect(formatSpend('in review', 0, 1500)).toBe('-- of $15');
  });

  it('writes runtimes in days, hours and minutes', () => {
    expect(formatRuntime(0)).toBe('0d 0h 0m');
    expect(formatRuntime(((2 * 24 + 5) * 60 + 12) * 60_000 + 59_000)).toBe('2d 5h 12m');
    expect(formatRuntime(-5)).toBe('0d 0h 0m');
  });

  it('names the run length', () => {
    expect(formatRunDays(1440)).toBe('1 day');
    expect(formatRunDays(3 * 1440)).toBe('3 days');
  });
});

describe('test card form', () => {
  it('groups card digits by four and drops anything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a42 4')).toBe('4242 4242 4');
    expect(formatCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
  });

  it('writes the expiry as MM / YY and keeps 4 digits of CVC', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('12 / 345')).toBe('12 / 34');
    expect(formatCvc('12a345')).toBe('1234');
  });
});
