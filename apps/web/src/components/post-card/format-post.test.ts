import { describe, expect, it } from 'vitest';
import { formatAge, formatFullDate, formatPrice, formatRelativeTime } from './format-post.ts';

describe('formatPrice', () => {
  it('shows US dollars without decimals', () => {
    expect(formatPrice(2500)).toBe('$25');
    expect(formatPrice(120_000)).toBe('$1,200');
    expect(formatPrice(100_000_000)).toBe('$1,000,000');
  });

  it('rounds cents to the dollar', () => {
    expect(formatPrice(1999)).toBe('$20');
    expect(formatPrice(1949)).toBe('$19');
  });

  it("says 'Free' for 0 and nothing without a price", () => {
    expect(formatPrice(0)).toBe('Free');
    expect(formatPrice(null)).toBeNull();
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('counts minutes, hours and days', () => {
    expect(formatRelativeTime(ago(20_000), now)).toBe('now');
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe('5m');
    expect(formatRelativeTime(ago(3 * 3_600_000), now)).toBe('3h');
    expect(formatRelativeTime(ago(2 * 86_400_000), now)).toBe('2d');
  });

  it('gives the date after a week, with the year when it is another year', () => {
    expect(formatRelativeTime('2025-03-04T12:00:00Z', now)).toBe('Mar 4');
    expect(formatRelativeTime('2024-12-30T12:00:00Z', now)).toBe('Dec 30, 2024');
  });

  it("says 'now' for a time a little in the future (clock skew)", () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5_000).toISOString(), now)).toBe('now');
  });

  it('says nothing for a date it cannot read', () => {
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('formatFullDate', () => {
  it('writes the time and the date', () => {
    expect(formatFullDate('2025-03-04T15:45:00')).toBe('3:45 PM · Mar 4, 2025');
  });

  it('writes them in UTC, and says so, for a page drawn on the server', () => {
    expect(formatFullDate('2025-03-04T23:45:00Z', { utc: true })).toBe('11:45 PM UTC · Mar 4, 2025');
  });
});

describe('formatAge', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('names the largest whole unit, singular for one', () => {
    expect(formatAge(ago(20_000), now)).toBe('a few seconds');
    expect(formatAge(ago(-5_000), now)).toBe('a few seconds');
    expect(formatAge(ago(60_000), now)).toBe('1 minute');
    expect(formatAge(ago(5 * 60_000 + 59_000), now)).toBe('5 minutes');
    expect(formatAge(ago(3 * 3_600_000), now)).toBe('3 hours');
    expect(formatAge(ago(86_400_000), now)).toBe('1 day');
    expect(formatAge(ago(15 * 86_400_000), now)).toBe('2 weeks');
    expect(formatAge(ago(61 * 86_400_000), now)).toBe('2 months');
    expect(formatAge(ago(800 * 86_400_000), now)).toBe('2 years');
  });

  it('is empty for a date it cannot read', () => {
    expect(formatAge('not a date', now)).toBe('');
  });
});
