import type { PostBoostStatus } from '@campus/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertProvider } from '@/components/ui/alert-provider.tsx';
import { ViewerContext } from '@/lib/viewer.ts';
import { testViewer } from '@/testing/viewer.ts';
import { BoostPage } from './boost-page.tsx';

const ownerStatus: PostBoostStatus = {
  isOwner: true,
  ad: null,
  ownerAction: 'boost',
  paused: false,
  cta: null,
  adRunning: false,
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <ViewerContext.Provider value={testViewer()}>
          <AlertProvider>
            <BoostPage postId="post-1" />
          </AlertProvider>
        </ViewerContext.Provider>
      ),
    },
  ]);
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(ownerStatus), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the boost page says what Boost Post charges (docs/decisions/030-feed-ads-and-rough-edges.md)', () => {
  it('for the chosen days, then $150 for 30 days when run until paused, and what comes back on Stop', async () => {
    renderPage();
    const charge = await screen.findByTestId('boost-charge');
    expect(charge.textContent).toBe('$20 now: 4 days at $5 a day');
    expect(screen.getByTestId('boost-price').textContent).toBe('$20 (4 × $5 a day)');
    expect(
      screen.getByText(/If you stop it early, what it has not spent .* goes back to your Available Funds\./),
    ).toBeTruthy();

    fireEvent.change(screen.getByRole('slider'), { target: { value: '1' } });
    expect(screen.getByTestId('boost-charge').textContent).toBe('$5 now: 1 day at $5 a day');

    fireEvent.click(screen.getByRole('checkbox', { name: /Run until paused/ }));
    expect(screen.getByTestId('boost-charge').textContent).toBe('$150 now: 30 days at $5 a day, runs until paused');
    expect(screen.getByTestId('boost-price').textContent).toBe('$150 ($5 daily)');
    expect(
      screen.getByText(/When you stop it, what it has not spent .* goes back to your Available Funds\./),
    ).toBeTruthy();
    // The charge is said before the button.
    const button = screen.getByRole('button', { name: 'Boost Post' });
    expect(charge.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
