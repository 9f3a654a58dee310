import { CHAT_EVENT_TYPES, DEAL_EVENT_TYPES, LIVE_FEED_EVENT_TYPES, MODERATION_EVENT_TYPES } from '@campus/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLiveEvent, useLiveEvents } from './events.ts';
import { forgetNewPosts, newPostArrivals } from './new-posts.ts';
import { queryKeys } from './query-keys.ts';

function clientWithQueries() {
  const client = new QueryClient();
  client.setQueryData(queryKeys.chats.inbox, { pages: [], pageParams: [] });
  client.setQueryData(queryKeys.chats.detail('c1'), { pages: [], pageParams: [] });
  client.setQueryData(queryKeys.chats.detail('c2'), { pages: [], pageParams: [] });
  client.setQueryData(queryKeys.notifications.list, { pages: [], pageParams: [] });
  client.setQueryData(queryKeys.unreadCounts, { messages: 0, notifications: 0 });
  return client;
}

const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('applyLiveEvent', () => {
  it('a new message refreshes its chat and the inbox, not other chats', () => {
    const client = clientWithQueries();
    applyLiveEvent(client, { id: '1', type: CHAT_EVENT_TYPES.messageCreated, payload: { chatId: 'c1' } });
    expect(stale(client, queryKeys.chats.detail('c1'))).toBe(true);
    expect(stale(client, queryKeys.chats.inbox)).toBe(true);
    expect(stale(client, queryKeys.chats.detail('c2'))).toBe(false);
    expect(stale(client, queryKeys.notifications.list)).toBe(false);
  });

  it('Seen refreshes only its chat', () => {
    const client = clientWithQueries();
    applyLiveEvent(client, { id: '2', type: CHAT_EVENT_TYPES.chatSeen, payload: { chatId: 'c2', readAt: 'x' } });
    expect(stale(client, queryKeys.chats.detail('c2'))).toBe(true);
    expect(stale(client, queryKeys.chats.inbox)).toBe(false);
  });

  it('unread counts are written from the payload; a bad payload refetches them', () => {
    const client = clientWithQueries();
    applyLiveEvent(client, {
      id: '3',
      type: CHAT_EVENT_TYPES.unreadChanged,
      payload: { messages: 2, notifications: 5 },
    });
    expect(client.getQueryData(queryKeys.unreadCounts)).toEqual({ messages: 2, notifications: 5 });
    applyLiveEvent(client, { id: '4', type: CHAT_EVENT_TYPES.unreadChanged, payload: { messages: 'x' } });
    expect(stale(client, queryKeys.unreadCounts)).toBe(true);
  });

  it('a notification refreshes the list; unknown types change nothing', () => {
    const client = clientWithQueries();
    applyLiveEvent(client, { id: '5', type: 'something.else', payload: {} });
    expect(stale(client, queryKeys.notifications.list)).toBe(false);
    applyLiveEvent(client, { id: '6', type: CHAT_EVENT_TYPES.notificationCreated, payload: { id: 'n' } });
    expect(stale(client, queryKeys.notifications.list)).toBe(true);
    expect(stale(client, queryKeys.chats.inbox)).toBe(false);
  });

  it("an offer change refreshes its chat's offer cards and the listing's page; a status change also the lists", () => {
    const client = clientWithQueries();
    client.setQueryData(queryKeys.deals.chatOffers('c1'), { offers: [] });
    client.setQueryData(queryKeys.deals.chatOffers('c2'), { offers: [] });
    client.setQueryData(queryKeys.post.detail('p1'), {});
    client.setQueryData(queryKeys.posts.feed('all'), { pages: [], pageParams: [] });
    applyLiveEvent(client, {
      id: '5',
      type: DEAL_EVENT_TYPES.offerChanged,
      payload: { chatId: 'c1', postId: 'p1', offerId: 'o1' },
    });
    expect(stale(client, queryKeys.deals.chatOffers('c1'))).toBe(true);
    expect(stale(client, queryKeys.deals.chatOffers('c2'))).toBe(false);
    expect(stale(client, queryKeys.post.detail('p1'))).toBe(true);
    expect(stale(client, queryKeys.posts.feed('all'))).toBe(false);
    applyLiveEvent(client, { id: '6', type: DEAL_EVENT_TYPES.listingChanged, payload: { postId: 'p1' } });
    expect(stale(client, queryKeys.deals.chatOffers('c2'))).toBe(true);
    expect(stale(client, queryKeys.posts.feed('all'))).toBe(true);
  });

  it("a post's counts refresh the open pages of the posts named, never a list or the edit form", () => {
    const client = clientWithQueries();
    for (const id of ['p1', 'p2', 'p3']) client.setQueryData(queryKeys.post.detail(id), {});
    client.setQueryData(queryKeys.post.editable('p1'), {});
    client.setQueryData(queryKeys.posts.feed('all'), { pages: [], pageParams: [] });
    applyLiveEvent(client, { id: '', type: LIVE_FEED_EVENT_TYPES.postCounts, payload: { postIds: ['p1', 'p2', 7] } });
    expect(stale(client, queryKeys.post.detail('p1'))).toBe(true);
    expect(stale(client, queryKeys.post.detail('p2'))).toBe(true);
    expect(stale(client, queryKeys.post.detail('p3'))).toBe(false);
    expect(stale(client, queryKeys.post.editable('p1'))).toBe(false);
    expect(stale(client, queryKeys.posts.feed('all'))).toBe(false);
    applyLiveEvent(client, { id: '', type: LIVE_FEED_EVENT_TYPES.postCounts, payload: { postIds: 'p3' } });
    expect(stale(client, queryKeys.post.detail('p3'))).toBe(false);
  });

  it('a new post is noted for the pill and reads no list', () => {
    forgetNewPosts();
    const client = clientWithQueries();
    client.setQueryData(queryKeys.posts.feed('all'), { pages: [], pageParams: [] });
    const payload = { postId: 'n1', category: null, priceCents: 0, condition: 'good', hasMedia: true };
    applyLiveEvent(client, { id: '', type: LIVE_FEED_EVENT_TYPES.postCreated, payload });
    applyLiveEvent(client, {
      id: '',
      type: LIVE_FEED_EVENT_TYPES.postCreated,
      payload: { ...payload, postId: 'n2', condition: 'mint' },
    });
    expect(newPostArrivals().map((a) => a.postId)).toEqual(['n1']);
    expect(stale(client, queryKeys.posts.feed('all'))).toBe(false);
    forgetNewPosts();
  });

  it('content moderators hid or restored: its post page, the lists, its chat, the inbox, the notifications and the queue read again', () => {
    const client = clientWithQueries();
    client.setQueryData(queryKeys.post.detail('p1'), { post: {} });
    client.setQueryData(queryKeys.post.detail('p2'), { post: {} });
    client.setQueryData(queryKeys.posts.feed('all'), { pages: [], pageParams: [] });
    client.setQueryData(queryKeys.moderation.queue, { pages: [], pageParams: [] });
    client.setQueryData(queryKeys.chats.inbox, { pages: [], pageParams: [] });
    client.setQueryData(queryKeys.notifications.list, { pages: [], pageParams: [] });
    applyLiveEvent(client, {
      id: '',
      type: MODERATION_EVENT_TYPES.contentHidden,
      payload: { targetType: 'post', id: 'p1', postId: 'p1', chatId: null },
    });
    expect(stale(client, queryKeys.post.detail('p1'))).toBe(true);
    expect(stale(client, queryKeys.post.detail('p2'))).toBe(false);
    expect(stale(client, queryKeys.posts.feed('all'))).toBe(true);
    expect(stale(client, queryKeys.moderation.queue)).toBe(true);
    expect(stale(client, queryKeys.chats.detail('c1'))).toBe(false);
    // A notification may quote the post (the server withholds it now); the inbox quotes messages only.
    expect(stale(client, queryKeys.notifications.list)).toBe(true);
    expect(stale(client, queryKeys.chats.inbox)).toBe(false);
    applyLiveEvent(client, {
      id: '',
      type: MODERATION_EVENT_TYPES.contentRestored,
      payload: { targetType: 'message', id: 'm1', postId: null, chatId: 'c1' },
    });
    expect(stale(client, queryKeys.chats.detail('c1'))).toBe(true);
    expect(stale(client, queryKeys.chats.inbox)).toBe(true);
  });

  it("the queue changed (a new report, another moderator's action): the moderator's queue and audit log read again, nothing else", () => {
    const client = clientWithQueries();
    client.setQueryData(queryKeys.moderation.queue, { pages: [], pageParams: [] });
    client.setQueryData(queryKeys.moderation.log, { pages: [], pageParams: [] });
    client.setQueryData(queryKeys.posts.feed('all'), { pages: [], pageParams: [] });
    applyLiveEvent(client, { id: '8', type: MODERATION_EVENT_TYPES.queueChanged, payload: {} });
    expect(stale(client, queryKeys.moderation.queue)).toBe(true);
    expect(stale(client, queryKeys.moderation.log)).toBe(true);
    expect(stale(client, queryKeys.posts.feed('all'))).toBe(false);
    expect(stale(client, queryKeys.notifications.list)).toBe(false);
    expect(stale(client, queryKeys.chats.inbox)).toBe(false);
  });

  it('a suspension forgets the member and what was loaded for them, and keeps why for the suspension page', () => {
    const client = clientWithQueries();
    client.setQueryData(queryKeys.me, { id: 'u1' });
    client.setQueryData(queryKeys.campus, { id: 'ou' });
    applyLiveEvent(client, {
      id: '9',
      type: MODERATION_EVENT_TYPES.accountSuspended,
      payload: { until: '2026-12-04T21:30:00.000Z', reason: 'Selling fake tickets' },
    });
    expect(client.getQueryData(queryKeys.me)).toBeNull();
    expect(client.getQueryData(queryKeys.accountHold)).toEqual({
      until: '2026-12-04T21:30:00.000Z',
      reason: 'Selling fake tickets',
    });
    expect(client.getQueryData(queryKeys.chats.inbox)).toBeUndefined();
    expect(client.getQueryData(queryKeys.unreadCounts)).toBeUndefined();
    expect(client.getQueryData(queryKeys.campus)).toEqual({ id: 'ou' });
  });

  it('a ban forgets the member the same way and keeps a hold with no end (the page says it is for good)', () => {
    const client = clientWithQueries();
    client.setQueryData(queryKeys.me, { id: 'u1' });
    applyLiveEvent(client, {
      id: '10',
      type: MODERATION_EVENT_TYPES.accountBanned,
      payload: { reason: 'Repeat scams' },
    });
    expect(client.getQueryData(queryKeys.me)).toBeNull();
    expect(client.getQueryData(queryKeys.accountHold)).toEqual({ until: null, reason: 'Repeat scams' });
    expect(client.getQueryData(queryKeys.chats.inbox)).toBeUndefined();
  });
});

/** A stand-in for the browser's EventSource: the test plays the server and the browser. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((message: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (message: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, lastEventId: string, data = '{}') {
    const message = new MessageEvent(type, { data, lastEventId });
    if (type === 'message') this.onmessage?.(message);
    for (const listener of this.listeners.get(type) ?? []) listener(message);
  }
  /** The browser lost the stream: `retrying` as after a clean end, else given up (a refused reconnect). */
  fail(retrying: boolean) {
    this.readyState = retrying ? FakeEventSource.CONNECTING : FakeEventSource.CLOSED;
    this.onerror?.();
  }
}

describe('useLiveEvents', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    FakeEventSource.opened = [];
  });

  const mount = () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    renderHook(() => useLiveEvents(true), { wrapper });
  };

  it('leaves reconnecting to the browser while it does, and opens anew from the last id when it gave up', () => {
    mount();
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(['/api/events']);
    const first = FakeEventSource.opened[0] as FakeEventSource;
    first.emit('ready', '40');
    first.emit('message', '41', JSON.stringify({ id: 'e1', type: 'unknown', payload: {} }));
    // A clean end (an instance draining): the browser reconnects by itself with Last-Event-ID.
    first.fail(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    // The reconnect was refused (503): the browser gave up; the tab opens a new stream later.
    first.fail(false);
    vi.advanceTimersByTime(1_999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(['/api/events', '/api/events?lastEventId=41']);
    // Refused again: twice the wait.
    (FakeEventSource.opened[1] as FakeEventSource).fail(false);
    vi.advanceTimersByTime(3_999);
    expect(FakeEventSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(3);
  });

  it('does not ask again when the first stream is refused outright', () => {
    mount();
    const first = FakeEventSource.opened[0] as FakeEventSource;
    first.fail(false);
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
