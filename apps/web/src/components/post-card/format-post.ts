/**
 * How posts show money and time. Prices arrive in cents (null: no price, 0: free); the spec
 * shows them in US dollars without decimals (docs/product/community.md#limits). Times are short and relative in
 * lists ('5m', '3h', '2d', then 'Mar 4') and written out in full on the post page.
 */

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** What a price of 0 reads as: a giveaway is clearer as a word than as '$0'. */
const FREE_LABEL = 'Free';

/** '$25', '$1,200', 'Free' for 0, null when the post has no price. Cents are rounded to the dollar. */
export function formatPrice(priceCents: number | null): string | null {
  if (priceCents === null) return null;
  if (priceCents === 0) return FREE_LABEL;
  return usd.format(priceCents / 100);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const monthDayYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * Compact age of a post as social feeds write it: 'now' under a minute, '5m', '3h', '2d',
 * then the date ('Mar 4'; with the year when it is not this year's). A clock a little ahead of
 * the server's gives 'now' rather than a negative age.
 */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const age = now.getTime() - at.getTime();
  if (Number.isNaN(age)) return '';
  if (age < MINUTE) return 'now';
  if (age < HOUR) return `${Math.floor(age / MINUTE)}m`;
  if (age < DAY) return `${Math.floor(age / HOUR)}h`;
  if (age < WEEK) return `${Math.floor(age / DAY)}d`;
  return at.getFullYear() === now.getFullYear() ? monthDay.format(at) : monthDayYear.format(at);
}

const AGE_UNITS: readonly [ms: number, unit: string][] = [
  [365 * DAY, 'year'],
  [30 * DAY, 'month'],
  [WEEK, 'week'],
  [DAY, 'day'],
  [HOUR, 'hour'],
  [MINUTE, 'minute'],
];

/**
 * The {time} of the post-media card's '{time} ago' (docs/product/profiles.md#post-media-card), in words: 'a few seconds',
 * '1 minute', '5 hours', '3 weeks', '2 years' — the largest whole unit.
 */
export function formatAge(iso: string, now: Date = new Date()): string {
  const age = now.getTime() - new Date(iso).getTime();
  if (Number.isNaN(age)) return '';
  for (const [ms, unit] of AGE_UNITS) {
    const count = Math.floor(age / ms);
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'}`;
  }
  return 'a few seconds';
}

const timeOfDay = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const utc = { timeZone: 'UTC' } as const;
const utcTimeOfDay = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
  ...utc,
});
const utcMonthDayYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', ...utc });

/**
 * '3:45 PM · Mar 4, 2025': the time under a post on its own page, in the reader's time zone.
 * With `utc`, '3:45 PM UTC · Mar 4, 2025': what the server, which does not know the reader's
 * zone, draws, and what the browser draws while it hydrates that page (see useHydrated).
 */
export function formatFullDate(iso: string, { utc = false } = {}): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  if (utc) return `${utcTimeOfDay.format(at)} · ${utcMonthDayYear.format(at)}`;
  return `${timeOfDay.format(at)} · ${monthDayYear.format(at)}`;
}
