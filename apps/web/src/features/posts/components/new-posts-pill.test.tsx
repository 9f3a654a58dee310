import { LIVE_FEED_EVENT_TYPES, type NewPostNotice, type Post } from '@campus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetNewPosts } from '@/lib/new-posts.ts';
import { callsTo, mockApi, refuse } from '@/testing/api.ts';
import { testPost } from '@/testing/data.ts';
import { renderApp } from '@/testing/render-app.tsx';

/** The tab's event stream, as the browser's EventSource: the test says what the server sends. */
class FakeEventSource {
  static open: FakeEventSource[] = [];
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly named = new Map<string, ((message: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.open.push(this);
  }
  addEventListener(name: string, listener: (message: MessageEvent) => void) {
    this.named.set(name, [...(this.named.get(name) ?? []), listener]);
  }
  close() {
    FakeEventSource.open = FakeEventSource.open.filter((s) => s !== this);
  }
  ready() {
    for (const listener of this.named.get('ready') ?? []) listener(new MessageEvent('ready', { data: '{}' }));
  }
  send(type: string, payload: object) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ id: '', type, payload }) }));
  }
}

async function stream(): Promise<FakeEventSource> {
  await waitFor(() => expect(FakeEventSource.open).toHaveLength(1));
  const source = FakeEventSource.open[0] as FakeEventSource;
  source.ready();
  return source;
}

const notice = (over: Partial<NewPostNotice> & { postId: string }): NewPostNotice => ({
  category: null,
  priceCents: null,
  condition: null,
  hasMedia: false,
  ...over,
});

const page = (posts: Post[]) => ({ posts, nextCursor: null, sponsored: [] });
const photo = [{ kind: 'image' as const, url: '/m/a.webp', fullUrl: '/m/a-full.webp', width: 800, height: 600 }];

const lamp = testPost({ id: 'p1', plainText: 'Desk lamp, barely used', category: 'furniture', priceCents: 1500 });
const fridge = testPost({ id: 'n1', plainText: 'Mini fridge', category: 'appliances', priceCents: 4500, media: photo });
const chair = testPost({ id: 'n2', plainText: 'Desk chair', category: 'furniture', priceCents: 2000, media: photo });

beforeEach(() => {
  FakeEventSource.open = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
  forgetNewPosts();
});

// The pill remembers per list what the reader already asked for, for the tab's life: each test
// uses post ids of its own.
describe("the feed's new posts pill", () => {
  it("counts others' new posts without touching the list; a click reads the feed again, new posts first, and goes to the top", async () => {
    let fetched = 0;
    mockApi({ 'GET /api/posts': () => (++fetched === 1 ? page([lamp]) : page([chair, fridge, lamp])) });
    renderApp('/home');
    expect(await screen.findByText('Desk lamp, barely used')).toBeTruthy();
    const source = await stream();
    const reads = callsTo('GET /api/posts').length;

    source.send(LIVE_FEED_EVENT_TYPES.postCreated, notice({ postId: 'n1', category: 'appliances', hasMedia: true }));
    const pill = await screen.findByRole('button', { name: '1 new post' });
    source.send(LIVE_FEED_EVENT_TYPES.postCreated, notice({ postId: 'n2', category: 'furniture', priceCents: 2000 }));
    // The same post twice, and one the list already shows: counted once, and not at all.
    source.send(LIVE_FEED_EVENT_TYPES.postCreated, notice({ postId: 'n2', category: 'furniture', priceCents: 2000 }));
    source.send(LIVE_FEED_EVENT_TYPES.postCreated, notice({ postId: 'p1' }));
    await waitFor(() => expect(pill.textContent).toBe('2 new posts'));
    // Nothing was read and nothing moved: the reader's list is as it was.
    expect(callsTo('GET /api/posts')).toHaveLength(reads);
    expect(screen.queryByText('Mini fridge')).toBeNull();

    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    fireEvent.click(pill);
    await waitFor(() => expect(screen.queryByRole('button', { name: /new post/ })).toBeNull());
    const feed = screen.getByRole('region', { name: 'Feed' });
    const cards = within(feed).getAllByRole('article');
    expect(cards.map((card) => card.textContent?.match(/Desk chair|Mini fridge|Desk lamp/)?.[0])).toEqual([
      'Desk chair',
      'Mini fridge',
      'Desk lamp',
    ]);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(callsTo('GET /api/posts')).toHaveLength(reads + 1);
  });

  it('counts only what the category and the filters would show; a price sort counts none', async () => {
    mockApi({ 'GET /api/posts': page([lamp]) });
    const { router } = renderApp('/home?category=furniture&maxPrice=30&condition=good');
    expect(await screen.findByText('Desk lamp, barely used')).toBeTruthy();
    const source = await stream();

    const good = { category: 'furniture', condition: 'good' as const };
    source.send(LIVE_FEED_EVENT_TYPES.postCreated, notice({ postId: 'a', ...good, priceCents: 2500 }));
    source.send(LIVE_FEED_EVENT_TYPES.postCreated, notice({ postId: 'b', ...good, priceCents: 3500 }));
    source.send(LIVE_FEED_EVENT_TYPES.postCreated, notice({ postId: 'c', ...good, priceCents: null }));
    source.send(
      LIVE_FEED_EVENT_TYPES.postCreated,
      notice({ postId: 'd', ...good, category: 'textbooks', priceCents: 5 }),
    );
    source.send(LIVE_FEED_EVENT_TYPES.postCreated, notice({ postId: 'e', ...good, condition: 'fair', priceCents: 5 }));
    source.send(LIVE_FEED_EVENT_TYPES.postCreated, notice({ postId: 'f', ...good, priceCents: 0 }));
    // A payload that is not a new post's is left out.
    source.send(LIVE_FEED_EVENT_TYPES.postCreated, { postId: 'g', priceCents: 'free' });
    expect(await screen.findByRole('button', { name: '2 new posts' })).toBeTruthy();

    await router.navigate('/home?category=furniture&maxPrice=30&condition=good&sort=price_asc');
    await waitFor(() => expect(callsTo('GET /api/posts').at(-1)?.query.get('sort')).toBe('price_asc'));
    // The page shows the sorted list (its filters count the sort), and the pill counts none of it.
    expect(await screen.findByRole('button', { name: 'Filters (3)' })).toBeTruthy();
    expect(screen.getByText('Desk lamp, barely used')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();
  });

  it('the media feed counts only posts with photos or videos', async () => {
    mockApi({ 'GET /api/posts/media': { posts: [testPost({ id: 'm0', media: photo })], nextCursor: null } });
    renderApp('/media');
    await screen.findByRole('region', { name: 'Photos and videos' });
    const source = await stream();
    source.send(LIVE_FEED_EVENT_TYPES.postCreated, notice({ postId: 'x', hasMedia: false }));
    source.send(LIVE_FEED_EVENT_TYPES.postCreated, notice({ postId: 'y', hasMedia: true }));
    expect(await screen.findByRole('button', { name: '1 new post' })).toBeTruthy();
  });

  it('a read that fails leaves the list and the pill as they were', async () => {
    let fetched = 0;
    mockApi({
      'GET /api/posts': () => (++fetched === 1 ? page([lamp]) : refuse(429, 'RATE_LIMITED', 'Too many requests.')),
    });
    renderApp('/home');
    expect(await screen.findByText('Desk lamp, barely used')).toBeTruthy();
    const source = await stream();
    source.send(LIVE_FEED_EVENT_TYPES.postCreated, notice({ postId: 'n9' }));
    fireEvent.click(await screen.findByRole('button', { name: '1 new post' }));
    expect(await screen.findByRole('button', { name: '1 new post' })).toBeTruthy();
    expect(screen.getByText('Desk lamp, barely used')).toBeTruthy();
  });
});
