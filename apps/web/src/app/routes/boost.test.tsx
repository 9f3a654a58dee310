import { AD_MESSAGES, DEFAULT_CTA_LABEL, type PostBoostStatus } from '@campus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi, refuse } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const owner: PostBoostStatus = {
  isOwner: true,
  ad: null,
  ownerAction: 'boost',
  paused: false,
  cta: null,
  adRunning: false,
};

const boostPost = () => screen.getByRole('button', { name: AD_MESSAGES.boostPost });

describe('/post/{id}/boost', () => {
  it('sends the website goal with the chosen days, then opens the checkout the API gives', async () => {
    mockApi({
      'GET /api/posts/:postId/boost': owner,
      'POST /api/posts/:postId/boost': { adId: 'a1', sessionId: 's1', url: '/test-checkout/s1' },
      'GET /api/test-checkout/:sessionId': {
        sessionId: 's1',
        testMode: true,
        productName: 'Boost Post',
        currency: 'usd',
        amountCents: 1000,
        days: 2,
        runUntilPause: false,
        postId: 'p1',
        status: 'open',
        cancelUrl: '/post/p1/boost/cancel?session_id=s1',
        successUrl: '/post/p1/boost/success?session_id=s1',
      },
    });
    const { router } = renderApp('/post/p1/boost');
    fireEvent.change(await screen.findByLabelText('Website URL'), { target: { value: ' https://www.example.com ' } });
    fireEvent.change(screen.getByRole('slider'), { target: { value: '2' } });
    expect(screen.getByTestId('boost-charge').textContent).toBe('$10 now: 2 days at $5 a day');
    fireEvent.click(boostPost());

    await waitFor(() => expect(router.state.location.pathname).toBe('/test-checkout/s1'));
    expect(callsTo('POST /api/posts/:postId/boost').map(({ params, body }) => [params.postId, body])).toEqual([
      [
        'p1',
        { goal: 'website', url: 'https://www.example.com', label: DEFAULT_CTA_LABEL, days: 2, runUntilPause: false },
      ],
    ]);
  });

  it("says 'Website is required.' for the website goal without one, and sends nothing", async () => {
    mockApi({ 'GET /api/posts/:postId/boost': owner });
    renderApp('/post/p1/boost');
    await screen.findByLabelText('Website URL');
    fireEvent.click(boostPost());
    expect(await screen.findByText(AD_MESSAGES.websiteRequired)).toBeTruthy();
    expect(callsTo('POST /api/posts/:postId/boost')).toEqual([]);
  });

  it("sends the message goal run until paused, and shows the API's refusal word for word", async () => {
    mockApi({
      'GET /api/posts/:postId/boost': owner,
      'POST /api/posts/:postId/boost': refuse(503, 'PAYMENTS_NOT_CONFIGURED', AD_MESSAGES.paymentsNotConfigured),
    });
    const { router } = renderApp('/post/p1/boost');
    fireEvent.click(await screen.findByRole('radio', { name: /Get more messages/ }));
    expect(screen.queryByLabelText('Website URL')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: /Run until paused/ }));
    fireEvent.click(boostPost());

    expect(await screen.findByText(AD_MESSAGES.paymentsNotConfigured)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/post/p1/boost');
    expect(callsTo('POST /api/posts/:postId/boost').map(({ body }) => body)).toEqual([
      { goal: 'message', days: 4, runUntilPause: true },
    ]);
  });

  it("shows 'Something Went Wrong…' to someone who does not own the post", async () => {
    mockApi({ 'GET /api/posts/:postId/boost': { ...owner, isOwner: false, ownerAction: null } });
    renderApp('/post/p1/boost');
    expect(await screen.findByText(AD_MESSAGES.signInAgain)).toBeTruthy();
    expect(screen.queryByRole('button', { name: AD_MESSAGES.boostPost })).toBeNull();
  });
});
