import { SAVED_SEARCH_TEXTS, type SavedSearch } from '@campus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pushMoment } from '@/lib/push-moment.ts';
import { callsTo, mockApi, refuse } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { testViewer } from '@/testing/viewer.ts';

// The real announcement, watched: saving a search is a moment to offer push (docs/product/push-and-app.md#asking).
vi.mock('@/lib/push-moment.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/push-moment.ts')>();
  return { ...actual, pushMoment: vi.fn(actual.pushMoment) };
});

const fridge: SavedSearch = {
  id: 's1',
  q: 'mini fridge',
  show: 'latest',
  filters: { maxPrice: 60, free: false, conditions: ['like new', 'good'], sold: false, sort: 'price_asc' },
  createdAt: '2026-11-20T10:00:00.000Z',
};
const lamp: SavedSearch = {
  id: 's2',
  q: 'desk lamp',
  show: 'media',
  filters: { free: true, conditions: [], sold: false, sort: 'newest' },
  createdAt: '2026-11-19T10:00:00.000Z',
};

describe('/settings/saved-searches', () => {
  it('lists each search with its filters in words, links to it, and deletes one', async () => {
    mockApi({
      'GET /api/saved-searches': { savedSearches: [fridge, lamp], limit: 20 },
      'DELETE /api/saved-searches/:savedSearchId': { savedSearches: [lamp], limit: 20 },
    });
    renderApp('/settings/saved-searches');
    const link = await screen.findByRole('link', { name: /mini fridge/ });
    expect(link.getAttribute('href')).toBe(
      '/search?q=mini+fridge&maxPrice=60&condition=like+new%2Cgood&sort=price_asc',
    );
    expect(within(link).getByText('Up to $60 · Like new, Good · Price: low to high')).toBeTruthy();
    expect(screen.getByText('Free only · Media only')).toBeTruthy();
    expect(screen.getByText('2 of 20')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: SAVED_SEARCH_TEXTS.deleteLabel('mini fridge') }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /mini fridge/ })).toBeNull());
    expect(await screen.findByText(SAVED_SEARCH_TEXTS.removedToast)).toBeTruthy();
    expect(callsTo('DELETE /api/saved-searches/:savedSearchId').map((c) => c.params.savedSearchId)).toEqual(['s1']);
  });

  it('shows the empty state, and the error state with a retry', async () => {
    mockApi({ 'GET /api/saved-searches': { savedSearches: [], limit: 20 } });
    renderApp('/settings/saved-searches');
    expect(await screen.findByRole('heading', { name: SAVED_SEARCH_TEXTS.empty })).toBeTruthy();
  });

  it('asks again after a failed load', { timeout: 15_000 }, async () => {
    let calls = 0;
    mockApi({
      'GET /api/saved-searches': () => {
        calls += 1;
        // The first read and its two automatic retries fail (lib/query-client.ts).
        return calls <= 3 ? refuse(500, 'INTERNAL', 'Something went wrong') : { savedSearches: [fridge], limit: 20 };
      },
    });
    renderApp('/settings/saved-searches');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 }));
    expect(await screen.findByRole('link', { name: /mini fridge/ })).toBeTruthy();
  });

  it('tells an account of no campus that saved searches are for members (and asks nothing)', async () => {
    renderApp('/settings/saved-searches', { viewer: testViewer({ campusId: null, schoolVerified: false }) });
    expect(await screen.findByText(SAVED_SEARCH_TEXTS.membersOnly)).toBeTruthy();
    expect(callsTo('GET /api/saved-searches')).toEqual([]);
  });
});

/** The button is disabled until the viewer's saved searches are read (it shows whether this one is saved). */
async function clickWhenReady(name: string) {
  const button = (await screen.findByRole('button', { name })) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
}

describe('Save this search on /search', () => {
  it('saves the query, tab and filters of the page, then shows it as saved; the limit’s message is shown', async () => {
    mockApi({
      'GET /api/search/posts': { posts: [], nextCursor: null },
      'GET /api/saved-searches': { savedSearches: [], limit: 20 },
      'POST /api/saved-searches': ({ body }) => ({
        savedSearches: [{ ...fridge, ...(body as Pick<SavedSearch, 'q' | 'show' | 'filters'>), id: 'new' }],
        limit: 20,
      }),
    });
    vi.mocked(pushMoment).mockClear();
    renderApp('/search?q=mini%20fridge&maxPrice=60&condition=good,like%20new&sort=price_asc');
    await clickWhenReady(SAVED_SEARCH_TEXTS.save);
    const saved = await screen.findByRole('button', { name: SAVED_SEARCH_TEXTS.saved });
    expect(vi.mocked(pushMoment).mock.calls).toEqual([['search']]);
    expect(saved.getAttribute('aria-pressed')).toBe('true');
    expect(callsTo('POST /api/saved-searches').map((c) => c.body)).toEqual([
      {
        q: 'mini fridge',
        show: 'latest',
        filters: { maxPrice: 60, free: false, conditions: ['like new', 'good'], sold: false, sort: 'price_asc' },
      },
    ]);
  });

  it('shows the server’s refusal (the 21st search)', async () => {
    mockApi({
      'GET /api/search/posts': { posts: [], nextCursor: null },
      'GET /api/saved-searches': { savedSearches: [], limit: 20 },
      'POST /api/saved-searches': refuse(409, 'SAVED_SEARCH_LIMIT', SAVED_SEARCH_TEXTS.limitReached),
    });
    vi.mocked(pushMoment).mockClear();
    renderApp('/search?q=lamp');
    await clickWhenReady(SAVED_SEARCH_TEXTS.save);
    expect(await screen.findByText(SAVED_SEARCH_TEXTS.limitReached)).toBeTruthy();
    // A refused save is no moment to ask.
    expect(pushMoment).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: SAVED_SEARCH_TEXTS.save }).getAttribute('aria-pressed')).toBe('false');
  });

  it('pressing Search saved again deletes this search from the search page', async () => {
    mockApi({
      'GET /api/search/posts': { posts: [], nextCursor: null },
      'GET /api/saved-searches': { savedSearches: [fridge], limit: 20 },
      'DELETE /api/saved-searches/:savedSearchId': { savedSearches: [], limit: 20 },
    });
    renderApp('/search?q=mini%20fridge&maxPrice=60&condition=good,like%20new&sort=price_asc');
    const saved = await screen.findByRole('button', { name: SAVED_SEARCH_TEXTS.saved });
    expect(saved.getAttribute('aria-pressed')).toBe('true');
    await clickWhenReady(SAVED_SEARCH_TEXTS.saved);
    expect(await screen.findByText(SAVED_SEARCH_TEXTS.removedToast)).toBeTruthy();
    const again = await screen.findByRole('button', { name: SAVED_SEARCH_TEXTS.save });
    expect(again.getAttribute('aria-pressed')).toBe('false');
    expect(callsTo('DELETE /api/saved-searches/:savedSearchId').map((c) => c.params.savedSearchId)).toEqual(['s1']);
    expect(callsTo('POST /api/saved-searches')).toEqual([]);
  });

  it('deletes a saved search from the list on the search page', async () => {
    mockApi({
      'GET /api/search/popular': { searches: [] },
      'GET /api/saved-searches': { savedSearches: [fridge, lamp], limit: 20 },
      'DELETE /api/saved-searches/:savedSearchId': { savedSearches: [fridge], limit: 20 },
    });
    renderApp('/search');
    const list = (await screen.findByRole('heading', { name: SAVED_SEARCH_TEXTS.yourSaved })).closest('section');
    if (!list) throw new Error('no saved searches section');
    fireEvent.click(within(list).getByRole('button', { name: SAVED_SEARCH_TEXTS.deleteLabel('desk lamp') }));
    await waitFor(() => expect(within(list).queryByRole('link', { name: /desk lamp/ })).toBeNull());
    expect(within(list).getByRole('link', { name: /mini fridge/ })).toBeTruthy();
    expect(callsTo('DELETE /api/saved-searches/:savedSearchId').map((c) => c.params.savedSearchId)).toEqual(['s2']);
  });

  it('lists the saved searches above popular searches when nothing is typed', async () => {
    mockApi({
      'GET /api/search/popular': { searches: [] },
      'GET /api/saved-searches': { savedSearches: [fridge], limit: 20 },
    });
    renderApp('/search');
    expect(await screen.findByRole('heading', { name: SAVED_SEARCH_TEXTS.yourSaved })).toBeTruthy();
    expect(screen.getByRole('link', { name: SAVED_SEARCH_TEXTS.manage }).getAttribute('href')).toBe(
      '/settings/saved-searches',
    );
  });
});
