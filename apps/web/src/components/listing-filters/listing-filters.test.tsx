import { LISTING_FILTER_TEXTS } from '@campus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '@/testing/api.ts';
import { testPost } from '@/testing/data.ts';
import { renderApp } from '@/testing/render-app.tsx';

const lamp = testPost({ id: 'p1', plainText: 'Desk lamp, barely used', priceCents: 1500 });
const photoLamp = testPost({
  id: 'p2',
  plainText: 'Floor lamp with a shade',
  media: [{ kind: 'image', url: '/media/p2.webp', fullUrl: '/media/p2-full.webp', width: 800, height: 600 }],
});
const feedPage = (posts = [lamp]) => ({ posts, nextCursor: null, sponsored: [] });

/** The query of each call, without the page's own parameters. */
const filterQueries = (endpoint: 'GET /api/posts' | 'GET /api/search/posts' | 'GET /api/posts/media') =>
  callsTo(endpoint).map(({ query }) => {
    const params = Object.fromEntries(query);
    delete params.cursor;
    delete params.shown;
    return params;
  });

describe('Filters on the feed', () => {
  it('reads the filters from the address: the button counts them and the feed asks with them', async () => {
    mockApi({ 'GET /api/posts': feedPage() });
    renderApp('/home?minPrice=5&maxPrice=40&sort=price_asc&category=furniture');
    expect(await screen.findByText('Desk lamp, barely used')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeTruthy();
    expect(filterQueries('GET /api/posts')).toEqual([
      { category: 'furniture', minPrice: '5', maxPrice: '40', sort: 'price_asc' },
    ]);
  });

  it('opens a panel with the applied filters, applies new ones into the address, and gives the focus back', async () => {
    mockApi({ 'GET /api/posts': feedPage() });
    const { router } = renderApp('/home?category=furniture&minPrice=5');
    const button = await screen.findByRole('button', { name: 'Filters (1)' });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: LISTING_FILTER_TEXTS.title });
    const min = within(dialog).getByRole('textbox', { name: /Min/ }) as HTMLInputElement;
    expect(min.value).toBe('5');

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Max/ }), { target: { value: '60' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Good' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Like new' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: LISTING_FILTER_TEXTS.showSold }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Price: high to low' }));
    fireEvent.click(within(dialog).getByRole('button', { name: LISTING_FILTER_TEXTS.apply }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      category: 'furniture',
      minPrice: '5',
      maxPrice: '60',
      condition: 'like new,good',
      sold: '1',
      sort: 'price_desc',
    });
    const after = await screen.findByRole('button', { name: 'Filters (4)' });
    await waitFor(() => expect(document.activeElement).toBe(after));
    await waitFor(() =>
      expect(filterQueries('GET /api/posts').at(-1)).toEqual({
        category: 'furniture',
        minPrice: '5',
        maxPrice: '60',
        condition: 'like new,good',
        sold: '1',
        sort: 'price_desc',
      }),
    );
  });

  it('refuses a minimum above the maximum in the panel, and Escape closes it without changes', async () => {
    mockApi({ 'GET /api/posts': feedPage() });
    const { router } = renderApp('/home');
    fireEvent.click(await screen.findByRole('button', { name: LISTING_FILTER_TEXTS.button }));
    const dialog = await screen.findByRole('dialog', { name: LISTING_FILTER_TEXTS.title });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Min/ }), { target: { value: '80' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Max/ }), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: LISTING_FILTER_TEXTS.apply }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(LISTING_FILTER_TEXTS.minAboveMax);
    expect(router.state.location.search).toBe('');

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: LISTING_FILTER_TEXTS.button })),
    );
  });

  it('Free only leaves the price range out', async () => {
    mockApi({ 'GET /api/posts': feedPage() });
    const { router } = renderApp('/home?maxPrice=30');
    fireEvent.click(await screen.findByRole('button', { name: 'Filters (1)' }));
    const dialog = await screen.findByRole('dialog', { name: LISTING_FILTER_TEXTS.title });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: LISTING_FILTER_TEXTS.freeOnly }));
    expect((within(dialog).getByRole('textbox', { name: /Max/ }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: LISTING_FILTER_TEXTS.apply }));
    await waitFor(() => expect(router.state.location.search).toBe('?free=1'));
  });

  it('when nothing matches: says so, and Clear filters keeps the category', async () => {
    mockApi({
      'GET /api/posts': ({ query }) => feedPage(query.get('condition') ? [] : [lamp]),
    });
    const { router } = renderApp('/home?category=furniture&condition=fair');
    expect(await screen.findByRole('heading', { name: LISTING_FILTER_TEXTS.emptyTitle })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: LISTING_FILTER_TEXTS.clearFilters }));
    expect(await screen.findByText('Desk lamp, barely used')).toBeTruthy();
    expect(router.state.location.search).toBe('?category=furniture');
    expect(screen.getByRole('button', { name: LISTING_FILTER_TEXTS.button })).toBeTruthy();
  });

  it('a category chip keeps the filters', async () => {
    mockApi({ 'GET /api/posts': feedPage() });
    const { router } = renderApp('/home?sold=1&sort=price_asc');
    await screen.findByText('Desk lamp, barely used');
    fireEvent.click(screen.getByRole('button', { name: 'Textbooks' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        category: 'textbooks',
        sold: '1',
        sort: 'price_asc',
      }),
    );
  });
});

describe('Filters on the media feed and search', () => {
  it('the media feed asks with the filters of the address', async () => {
    mockApi({ 'GET /api/posts/media': { posts: [photoLamp], nextCursor: null } });
    renderApp('/media?free=1&condition=new');
    await screen.findByRole('link', { name: /Floor lamp with a shade/ });
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeTruthy();
    expect(filterQueries('GET /api/posts/media')).toEqual([{ free: '1', condition: 'new' }]);
  });

  it('search keeps the filters between Latest and Media, and shows no Filters on People', async () => {
    mockApi({
      'GET /api/search/posts': ({ query }) => ({
        posts: query.get('show') === 'media' ? [photoLamp] : [lamp],
        nextCursor: null,
      }),
      'GET /api/search/people': { people: [], nextCursor: null },
      // The member's saved searches (decision 040): none here.
      'GET /api/saved-searches': { savedSearches: [], limit: 20 },
    });
    const { router } = renderApp('/search?q=lamp&maxPrice=20');
    await screen.findByText('Desk lamp, barely used');
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Search results' });
    fireEvent.click(within(tabs).getByRole('link', { name: 'Media' }));
    await screen.findByRole('link', { name: 'Floor lamp with a shade' });
    expect(router.state.location.search).toBe('?q=lamp&show=media&maxPrice=20');
    expect(filterQueries('GET /api/search/posts')).toEqual([
      { q: 'lamp', show: 'latest', maxPrice: '20' },
      { q: 'lamp', show: 'media', maxPrice: '20' },
    ]);
    fireEvent.click(within(tabs).getByRole('link', { name: 'People' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=lamp&show=people'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Filters/ })).toBeNull());
  });
});
