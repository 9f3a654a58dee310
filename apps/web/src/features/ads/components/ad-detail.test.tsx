import type { Ad, AdDetail } from '@campus/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertProvider } from '@/components/ui/alert-provider.tsx';
import { AdDetailPane } from './ad-detail.tsx';

const HOUR = 3_600_000;
const serverNow = Date.parse('2026-11-20T18:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

const ad = (over: Partial<Ad>): Ad => ({
  id: 'ad-1',
  postId: 'post-1',
  campusId: 'ou',
  title: 'Desk lamp',
  cta: { type: 'message', url: '', label: '' },
  targeting: { locations: [], interests: [], school_years: [] },
  budget: { durationMinutes: 3 * 1440, amountBudgetedCents: 1500, totalSpentCents: 0 },
  runUntilPause: false,
  startTime: iso(serverNow - 6 * HOUR),
  // Half a minute more, so the ms that pass while the test draws never turn a minute.
  endTimeAdjusted: iso(serverNow + 66 * HOUR + 30_000),
  pausedAt: null,
  timePausedMs: 0,
  status: 'active',
  statusLabel: 'Running',
  lastChargedAt: iso(serverNow - 6 * HOUR),
  paymentId: 'pi_1',
  user: { id: 'u1', username: 'avery', firstName: 'Avery', lastName: 'Carter', img: null, verified: true },
  post: { id: 'post-1', plainText: 'Desk lamp', priceCents: 1500, media: null },
  createdAt: iso(serverNow - 7 * HOUR),
  lastModified: iso(serverNow - 6 * HOUR),
  ...over,
});

function renderDetail(detail: AdDetail) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(detail), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <AlertProvider>
          <AdDetailPane adId="ad-1" />
        </AlertProvider>
      ),
    },
  ]);
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const noCounts = {
  views: 0,
  accountsReached: 0,
  directMessages: 0,
  copiedLink: 0,
  externalLinkClicks: 0,
  profileVisits: 0,
};

async function stat(label: string) {
  const overview = await screen.findByRole('region', { name: 'Overview' });
  const term = within(overview).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the ad analytics screen (docs/decisions/030-feed-ads-and-rough-edges.md)', () => {
  it('shows the spend of a running ad accrued at $5 a day, though the last charge stored says $0', async () => {
    renderDetail({ ad: ad({}), analytics: noCounts, now: iso(serverNow) });
    expect(await stat('Spend')).toBe('$1.25 of $15');
    expect(await stat('Time left')).toBe('2d 18h 0m');
    expect(await stat('Runtime')).toBe('0d 6h 0m');
  });

  it('shows no time left for a stopped ad, and its runtime up to the stop', async () => {
    const stopped = ad({
      status: 'stopped',
      statusLabel: 'Stopped',
      endTimeAdjusted: iso(serverNow - 2 * HOUR),
      budget: { durationMinutes: 3 * 1440, amountBudgetedCents: 1500, totalSpentCents: 83 },
    });
    renderDetail({ ad: stopped, analytics: noCounts, now: iso(serverNow) });
    expect(await stat('Time left')).toBe('--');
    expect(await stat('Runtime')).toBe('0d 4h 0m');
    expect(await stat('Spend')).toBe('$0.83 of $15');
    expect(screen.getByText('Ended')).toBeTruthy();
  });
});
