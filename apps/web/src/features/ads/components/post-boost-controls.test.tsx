import type { Post, PostBoostStatus } from '@campus/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertProvider } from '@/components/ui/alert-provider.tsx';
import { resetTrackedAnalytics } from '@/lib/analytics.ts';
import { PostBoostControls } from './post-boost-controls.tsx';

const post = { id: 'post-1', author: { id: 'owner-1' } } as Post;

const owner = (over: Partial<PostBoostStatus> = {}): PostBoostStatus => ({
  isOwner: true,
  ad: null,
  ownerAction: 'boost',
  paused: false,
  cta: null,
  adRunning: false,
  ...over,
});
const visitor = (over: Partial<PostBoostStatus> = {}): PostBoostStatus => ({
  ...owner(),
  isOwner: false,
  ownerAction: null,
  ...over,
});

/** Answers the boost status and the one-time alert; records every call. */
function mockApi(status: PostBoostStatus, alert: string | null = null) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const json = url.endsWith('/alert') ? { alert } : url === '/api/analytics' ? { tracked: true } : status;
      return new Response(JSON.stringify(json), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function renderControls(isOwner: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const sendMessage = <button type="button">Send Message</button>;
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <AlertProvider>
          <PostBoostControls post={post} isOwner={isOwner} sendMessage={sendMessage} />
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

beforeEach(() => {
  resetTrackedAnalytics();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('post page boost controls', () => {
  it('offers the owner Boost Post and shows the stored one-time alert once', async () => {
    const calls = mockApi(owner(), 'actived_ad');
    renderControls(true);
    expect((await screen.findByRole('link', { name: 'Boost Post' })).getAttribute('href')).toBe('/post/post-1/boost');
    expect(await screen.findByText('Success! Your ad is running..')).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/alert'))).toHaveLength(1);
  });

  it('shows View Analytics and the paused label while the ad is paused, Boost Again after it ends', async () => {
    mockApi(
      owner({
        ownerAction: 'analytics',
        paused: true,
        ad: { id: 'ad-9', status: 'paused', statusLabel: 'Paused', title: 't' },
      }),
    );
    renderControls(true);
    expect((await screen.findByRole('link', { name: 'View Analytics' })).getAttribute('href')).toBe('/ads/ad-9');
    expect(screen.getByText('Ad paused')).toBeTruthy();
    cleanup();

    mockApi(
      owner({ ownerAction: 'boost-again', ad: { id: 'ad-9', status: 'stopped', statusLabel: 'Stopped', title: 't' } }),
    );
    renderControls(true);
    expect((await screen.findByRole('link', { name: 'Boost Again' })).getAttribute('href')).toBe('/post/post-1/boost');
    expect(screen.queryByText('Ad paused')).toBeNull();
  });

  it('gives others the running website ad’s button instead of Send Message, and counts one view', async () => {
    const calls = mockApi(
      visitor({ adRunning: true, cta: { type: 'website', url: 'https://www.example.com', label: 'Shop Now' } }),
    );
    renderControls(false);
    const cta = await screen.findByRole('link', { name: /^Shop Now/ });
    expect(cta.getAttribute('href')).toBe('https://www.example.com');
    expect(cta.textContent).toBe('Shop Nowwww.example.com');
    expect(cta.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('button', { name: 'Send Message' })).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/analytics')).toHaveLength(1));
    expect(calls.find((c) => c.url === '/api/analytics')?.body).toEqual({ actionType: 'view', postId: 'post-1' });
    fireEvent.click(cta);
    fireEvent.click(cta);
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/analytics')).toHaveLength(2));
    expect(calls.filter((c) => c.url === '/api/analytics').at(-1)?.body).toEqual({
      actionType: 'external_link_click',
      postId: 'post-1',
    });
    // The owner's alert is the owner's: others never ask for it.
    expect(calls.some((c) => c.url.endsWith('/alert'))).toBe(false);
  });

  it('shows the host a link really leads to, whatever comes before an @', async () => {
    mockApi(
      visitor({ adRunning: true, cta: { type: 'website', url: 'https://www.ou.edu@evil.example', label: 'Shop Now' } }),
    );
    renderControls(false);
    const cta = await screen.findByRole('link', { name: /^Shop Now/ });
    expect(cta.textContent).toContain('evil.example');
    expect(cta.textContent).not.toContain('ou.edu');
  });

  it('keeps Send Message for others when nothing runs, and tracks nothing', async () => {
    const calls = mockApi(visitor());
    renderControls(false);
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/boost'))).toBe(true));
    expect(calls.some((c) => c.url === '/api/analytics')).toBe(false);
  });
});
