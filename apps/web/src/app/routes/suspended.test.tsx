import { MODERATION_MESSAGES, MODERATION_SCREEN_TEXTS, NOT_FOUND_TEXTS } from '@campus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';

/*
 * The suspension page (docs/product/moderation.md#suspension): a suspended member's session
 * shows it whatever page they open, with the end on the campus's clock and the reason; Sign out
 * leaves it. Anyone else asking for /suspended goes home.
 */

const suspension = { until: '2026-12-04T21:30:00.000Z', reason: 'Selling fake concert tickets' };

describe('/suspended', () => {
  it('is what a suspended member sees on any page: until when (campus time) and why', async () => {
    mockApi({ 'GET /api/posts': { posts: [], nextCursor: null, sponsored: [] } });
    const { router } = renderApp('/home', { suspension });
    expect(await screen.findByRole('heading', { name: MODERATION_MESSAGES.suspendedTitle })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/suspended');
    // OU keeps Central time: 21:30 UTC on December 4 is 3:30 PM there.
    expect(screen.getByText(MODERATION_MESSAGES.suspendedUntil('Dec 4, 2026, 3:30 PM'))).toBeTruthy();
    expect(screen.getByText(MODERATION_MESSAGES.suspendedReason('Selling fake concert tickets'))).toBeTruthy();
  });

  it('signs out and goes home, the suspension forgotten', async () => {
    mockApi({
      'POST /api/auth/sign-out': { success: true },
      'GET /api/posts': { posts: [], nextCursor: null, sponsored: [] },
    });
    const { router } = renderApp('/suspended', { suspension });
    fireEvent.click(await screen.findByRole('button', { name: MODERATION_SCREEN_TEXTS.signOut }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(callsTo('POST /api/auth/sign-out')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: MODERATION_MESSAGES.suspendedTitle })).toBeNull();
  });

  it('sends anyone who is not suspended home', async () => {
    mockApi({ 'GET /api/posts': { posts: [], nextCursor: null, sponsored: [] } });
    const { router } = renderApp('/suspended');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(screen.queryByRole('heading', { name: NOT_FOUND_TEXTS.pageDoesNotExist })).toBeNull();
  });
});
