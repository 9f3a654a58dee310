import { type AdStatus, adSpendText, formatUsd } from '@campus/contract';

/** '$3.20 of $20', or '-- of $20' while the ad has not started spending (docs/product/boosting.md#ad-statuses, docs/product/profiles.md#payments-page). */
export function formatSpend(status: AdStatus, spentCents: number, budgetCents: number): string {
  return adSpendText(status, formatUsd(spentCents), formatUsd(budgetCents));
}

const date = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Mar 4, 2026' */
export function formatAdDate(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : date.format(at);
}

/** 'Mar 4, 2026, 3:45 PM' */
export function formatAdDateTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : dateTime.format(at);
}

/** '1 day', '4 days' from the budget's minutes. */
export function formatRunDays(durationMinutes: number): string {
  const days = Math.round(durationMinutes / (24 * 60));
  return days === 1 ? '1 day' : `${days} days`;
}

/** Runtime in days, hours and minutes ('2d 5h 12m'), as time left is written. */
export function formatRuntime(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return `${Math.floor(minutes / 1440)}d ${Math.floor((minutes % 1440) / 60)}h ${minutes % 60}m`;
}
