import { PROFILE_MESSAGES } from '@campus/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi, refuse } from '@/testing/api.ts';
import { testPost, testProfile } from '@/testing/data.ts';
import { renderApp } from '@/testing/render-app.tsx';

const jordan = testProfile({
  username: 'jordanlee',
  firstName: 'Jordan',
  lastName: 'Lee',
  bio: 'Selling my dorm stuff',
});
const lamp = testPost({ id: 'p1', plainText: 'Desk lamp, barely used' });

/** Nobody has reviewed this person yet: no rating in the header (docs/product/reviews.md). */
const noReviews = { summary: { average: null, count: 0 }, reviews: [], nextCursor: null };

const profileTabs = () => screen.getByRole('navigation', { name: 'Profile views' });

describe('/{username}', () => {
  it("shows the member's header and their posts", async () => {
    mockApi({
      'GET /api/profiles/:username/reviews': noReviews,
      'GET /api/profiles/:username': jordan,
      'GET /api/profiles/:username/posts': { posts: [lamp], nextCursor: null },
    });
    renderApp('/jordanlee');
    const header = await screen.findByRole('region', { name: 'Jordan Lee’s profile' });
    expect(within(header).getByRole('heading', { level: 1, name: /Jordan Lee/ })).toBeTruthy();
    expect(within(header).getByRole('img', { name: 'Verified student' })).toBeTruthy();
    expect(within(header).getByText('@jordanlee')).toBeTruthy();
    expect(within(header).getByText('Selling my dorm stuff')).toBeTruthy();
    expect(within(header).getByRole('button', { name: PROFILE_MESSAGES.sendMessage })).toBeTruthy();
    expect(await screen.findByText('Desk lamp, barely used')).toBeTruthy();
    expect(within(profileTabs()).getByRole('link', { current: 'page' }).textContent).toBe('Posts');
    expect(
      callsTo('GET /api/profiles/:username/posts').map(({ params, query }) => [params.username, query.get('show')]),
    ).toEqual([['jordanlee', 'posts']]);
  });

  it('switches tabs: each asks for its own list and says when it is empty', async () => {
    mockApi({
      'GET /api/profiles/:username/reviews': noReviews,
      'GET /api/profiles/:username': jordan,
      'GET /api/profiles/:username/posts': ({ query }) => ({
        posts: query.get('show') === 'posts' ? [lamp] : [],
        nextCursor: null,
      }),
    });
    const { router } = renderApp('/jordanlee');
    await screen.findByText('Desk lamp, barely used');

    fireEvent.click(within(profileTabs()).getByRole('link', { name: 'Likes' }));
    expect(await screen.findByText('No likes yet')).toBeTruthy();
    expect(router.state.location.search).toBe('?show=likes');
    expect(within(profileTabs()).getByRole('link', { current: 'page' }).textContent).toBe('Likes');

    fireEvent.click(within(profileTabs()).getByRole('link', { name: 'Replies' }));
    expect(await screen.findByText('No replies yet')).toBeTruthy();
    expect(callsTo('GET /api/profiles/:username/posts').map(({ query }) => query.get('show'))).toEqual([
      'posts',
      'likes',
      'replies',
    ]);
  });

  it("says an unknown member's page doesn't exist, with a way to search", async () => {
    mockApi({
      'GET /api/profiles/:username/reviews': noReviews,
      'GET /api/profiles/:username': refuse(404, 'USER_NOT_FOUND', 'User not found.'),
      // Whether the lists are asked for beside the header is the page's choice, not what this is about.
      'GET /api/profiles/:username/posts': refuse(404, 'USER_NOT_FOUND', 'User not found.'),
    });
    renderApp('/nobodyhere');
    expect(await screen.findByText(PROFILE_MESSAGES.notFound)).toBeTruthy();
    expect(screen.getByText(PROFILE_MESSAGES.trySearchingElse)).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/search');
    // The route's loader asks, and the page asks again for a read that failed: only ever this name.
    expect(new Set(callsTo('GET /api/profiles/:username').map(({ params }) => params.username))).toEqual(
      new Set(['nobodyhere']),
    );
  });

  it('shows a member who blocked the viewer as missing (the API answers 404, decision 028)', async () => {
    mockApi({
      'GET /api/profiles/:username/reviews': noReviews,
      'GET /api/profiles/:username': refuse(404, 'NOT_FOUND', 'Not found.'),
      'GET /api/profiles/:username/posts': refuse(404, 'NOT_FOUND', 'Not found.'),
    });
    renderApp('/jordanlee');
    expect(await screen.findByText(PROFILE_MESSAGES.notFound)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Jordan Lee/ })).toBeNull();
    expect(screen.queryByRole('button', { name: PROFILE_MESSAGES.sendMessage })).toBeNull();
  });

  it('shows the blocker the header they unblock from, with no Send Message', async () => {
    mockApi({
      'GET /api/profiles/:username/reviews': noReviews,
      'GET /api/profiles/:username': { ...jordan, blocked: true, blockedByViewer: true },
      'GET /api/profiles/:username/posts': { posts: [], nextCursor: null },
    });
    renderApp('/jordanlee');
    const header = await screen.findByRole('region', { name: 'Jordan Lee’s profile' });
    expect(within(header).queryByRole('button', { name: PROFILE_MESSAGES.sendMessage })).toBeNull();
    expect(await screen.findByText('Jordan hasn’t posted yet')).toBeTruthy();
  });
});
