import { SEARCH_MESSAGES } from '@campus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, mockApi, refuse } from '@/testing/api.ts';
import { testPerson, testPost } from '@/testing/data.ts';
import { renderApp } from '@/testing/render-app.tsx';

const lamp = testPost({ id: 'p1', plainText: 'Desk lamp, barely used' });
const photoLamp = testPost({
  id: 'p2',
  plainText: 'Floor lamp with a shade',
  media: [{ kind: 'image', url: '/media/p2.webp', fullUrl: '/media/p2-full.webp', width: 800, height: 600 }],
});

const tabs = () => screen.getByRole('navigation', { name: 'Search results' });
const searchBox = () => screen.getByRole('combobox', { name: 'Search OU Buy / Sell' });

// The member's saved searches (decision 040): none here; their own tests are in settings/saved-searches.test.tsx.
beforeEach(() => mockApi({ 'GET /api/saved-searches': { savedSearches: [], limit: 20 } }));

describe('/search', () => {
  it('shows the Latest hits for the query in the address', async () => {
    mockApi({ 'GET /api/search/posts': { posts: [lamp], nextCursor: null } });
    renderApp('/search?q=lamp');
    expect(await screen.findByText('Desk lamp, barely used')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Search results for lamp' })).toBeTruthy();
    expect(within(tabs()).getByRole('link', { current: 'page' }).textContent).toBe('Latest');
    expect(callsTo('GET /api/search/posts').map(({ query }) => Object.fromEntries(query))).toEqual([
      { q: 'lamp', show: 'latest' },
    ]);
  });

  it('moves between the Latest, Media and People tabs, asking for each', async () => {
    mockApi({
      'GET /api/search/posts': ({ query }) => ({
        posts: query.get('show') === 'media' ? [photoLamp] : [lamp],
        nextCursor: null,
      }),
      'GET /api/search/people': {
        people: [testPerson({ username: 'lampguy', firstName: 'Lamp', lastName: 'Guy' })],
        nextCursor: null,
      },
    });
    const { router } = renderApp('/search?q=lamp');
    await screen.findByText('Desk lamp, barely used');

    fireEvent.click(within(tabs()).getByRole('link', { name: 'Media' }));
    const tile = await screen.findByRole('link', { name: 'Floor lamp with a shade' });
    expect(tile.getAttribute('href')).toBe('/post/p2');
    expect(router.state.location.search).toBe('?q=lamp&show=media');

    fireEvent.click(within(tabs()).getByRole('link', { name: 'People' }));
    const person = await screen.findByRole('link', { name: /Lamp Guy/ });
    expect(person.getAttribute('href')).toBe('/lampguy');
    expect(within(person).getByText('@lampguy')).toBeTruthy();

    expect(callsTo('GET /api/search/posts').map(({ query }) => query.get('show'))).toEqual(['latest', 'media']);
    expect(callsTo('GET /api/search/people').map(({ query }) => query.get('q'))).toEqual(['lamp']);
  });

  it('says there are no results, in the spec’s words', async () => {
    mockApi({ 'GET /api/search/posts': { posts: [], nextCursor: null } });
    renderApp('/search?q=zeppelin');
    expect(await screen.findByText(SEARCH_MESSAGES.noResults('zeppelin'))).toBeTruthy();
    expect(screen.getByText(SEARCH_MESSAGES.tryElse)).toBeTruthy();
  });

  it('offers the popular searches with their counts before anything is typed', async () => {
    mockApi({
      'GET /api/search/popular': {
        searches: [
          { text: 'textbooks', totalViews: 1204 },
          { text: 'bike', totalViews: 1 },
        ],
      },
    });
    renderApp('/search');
    const heading = await screen.findByRole('heading', { name: SEARCH_MESSAGES.popularSearches });
    const list = heading.nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['textbooks1,204 views', 'bike1 view']);
    expect(
      within(list)
        .getByRole('link', { name: /textbooks/ })
        .getAttribute('href'),
    ).toBe('/search?q=textbooks');
  });

  it('says to start typing when the campus has no popular searches', async () => {
    mockApi({ 'GET /api/search/popular': { searches: [] } });
    renderApp('/search');
    expect(await screen.findByText(SEARCH_MESSAGES.startTyping)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: SEARCH_MESSAGES.popularSearches })).toBeNull();
  });
});

describe('the header search box', () => {
  it('searches the typed text on Enter, keeps it as a recent search and shows the hits', async () => {
    mockApi({
      'GET /api/search/recent': { searches: [] },
      'GET /api/search/suggestions': { suggestions: [] },
      'POST /api/search/recent': ({ body }) => ({
        searches: [{ id: 'r1', text: (body as { text: string }).text, lastModified: '2026-01-05T10:00:00.000Z' }],
      }),
      'GET /api/search/posts': { posts: [lamp], nextCursor: null },
      'GET /api/search/popular': { searches: [] },
    });
    const { router } = renderApp('/search');
    await screen.findByText(SEARCH_MESSAGES.startTyping);
    fireEvent.change(searchBox(), { target: { value: '  lamp ' } });
    fireEvent.submit(screen.getByRole('search'));

    expect(await screen.findByText('Desk lamp, barely used')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=lamp');
    expect(callsTo('POST /api/search/recent').map(({ body }) => body)).toEqual([{ text: 'lamp' }]);
  });

  it('does nothing for Enter on an empty box', async () => {
    mockApi({
      'GET /api/search/recent': { searches: [] },
      'GET /api/search/popular': { searches: [] },
      'GET /api/search/suggestions': { suggestions: [] },
      'POST /api/search/recent': { searches: [] },
      'GET /api/search/posts': { posts: [], nextCursor: null },
    });
    const { router } = renderApp('/search');
    await screen.findByText(SEARCH_MESSAGES.startTyping);
    fireEvent.change(searchBox(), { target: { value: '   ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(router.state.location.search).toBe('');
    // A search after it is the first thing sent: the empty one sent nothing before it.
    fireEvent.change(searchBox(), { target: { value: 'lamp' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(callsTo('POST /api/search/recent')).toHaveLength(1));
    expect(callsTo('POST /api/search/recent').map(({ body }) => body)).toEqual([{ text: 'lamp' }]);
    expect(router.state.location.search).toBe('?q=lamp');
  });

  it("lists suggestions while typing, and arrow keys then Enter open the chosen one's search", async () => {
    mockApi({
      'GET /api/search/recent': {
        searches: [{ id: 'r1', text: 'desk chair', lastModified: '2026-01-05T10:00:00.000Z' }],
      },
      'GET /api/search/suggestions': {
        suggestions: [{ postId: 'p1', text: 'Desk lamp, barely used', hasMedia: false }],
      },
      'GET /api/search/popular': { searches: [] },
      'POST /api/search/recent': refuse(409, 'SEARCH_ALREADY_ADDED', SEARCH_MESSAGES.queryAlreadyAdded),
      'GET /api/search/posts': { posts: [], nextCursor: null },
    });
    const { router } = renderApp('/search');
    await screen.findByText(SEARCH_MESSAGES.startTyping);
    const box = searchBox();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'desk' } });

    const listbox = screen.getByRole('listbox', { name: 'Search OU Buy / Sell' });
    const suggestion = await within(listbox).findByRole('option', { name: 'Desk lamp, barely used' });
    expect(within(listbox).getByRole('group', { name: 'Suggestions' })).toBeTruthy();
    expect(within(listbox).getByRole('group', { name: SEARCH_MESSAGES.myRecent })).toBeTruthy();
    expect(callsTo('GET /api/search/suggestions').map(({ query }) => query.get('q'))).toEqual(['desk']);

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(suggestion.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const recent = within(listbox).getByRole('option', { name: 'desk chair' });
    expect(recent.getAttribute('aria-selected')).toBe('true');
    fireEvent.submit(screen.getByRole('search'));

    await waitFor(() => expect(router.state.location.search).toBe('?q=desk+chair'));
    // Already among the recent searches: the API refuses, and the person is told so.
    expect(await screen.findByText(SEARCH_MESSAGES.queryAlreadyAdded)).toBeTruthy();
    expect(screen.getByRole('combobox', { expanded: false })).toBe(box);
  });

  it('removes one recent search, and clears them all after confirming', async () => {
    const searches = [
      { id: 'r1', text: 'desk chair', lastModified: '2026-01-05T10:00:00.000Z' },
      { id: 'r2', text: 'mini fridge', lastModified: '2026-01-04T10:00:00.000Z' },
    ];
    mockApi({
      'GET /api/search/recent': { searches },
      'GET /api/search/popular': { searches: [] },
      'DELETE /api/search/recent/:searchId': ({ params }) => ({
        searches: searches.filter((s) => s.id !== params.searchId),
      }),
      'DELETE /api/search/recent': { searches: [] },
    });
    renderApp('/search');
    await screen.findByText(SEARCH_MESSAGES.startTyping);
    fireEvent.focus(searchBox());
    fireEvent.click(await screen.findByRole('button', { name: 'Remove desk chair' }));
    expect(await screen.findByText(SEARCH_MESSAGES.recentRemoved)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('option', { name: 'desk chair' })).toBeNull());
    expect(callsTo('DELETE /api/search/recent/:searchId').map(({ params }) => params.searchId)).toEqual(['r1']);

    fireEvent.click(screen.getByRole('button', { name: SEARCH_MESSAGES.clearAll }));
    const dialog = await screen.findByRole('alertdialog', { name: SEARCH_MESSAGES.clearRecentConfirm });
    fireEvent.click(within(dialog).getByRole('button', { name: SEARCH_MESSAGES.clear }));
    expect(await screen.findByText(SEARCH_MESSAGES.historyCleared)).toBeTruthy();
    expect(callsTo('DELETE /api/search/recent')).toHaveLength(1);
    expect(screen.queryByRole('option', { name: 'mini fridge' })).toBeNull();
  });
});
