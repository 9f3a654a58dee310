import { CHAT_EVENT_TYPES, DEAL_EVENT_TYPES, MODERATION_EVENT_TYPES } from '@campus/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from './events.ts';
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

  it('content moderators hid or restored: its post page, the lists, its chat and the queue read again', () => {
    const client = clientWithQueries();
    client.setQueryData(queryKeys.post.detail('p1'), { post: {} });
    client.setQueryData(queryKeys.post.detail('p2'), { post: {} });
    client.setQueryData(queryKeys.posts.feed('all'), { pages: [], pageParams: [] });
    client.setQueryData(queryKeys.moderation.queue, { pages: [], pageParams: [] });
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
    applyLiveEvent(client, {
      id: '',
      type: MODERATION_EVENT_TYPES.contentRestored,
      payload: { targetType: 'message', id: 'm1', postId: null, chatId: 'c1' },
    });
    expect(stale(client, queryKeys.chats.detail('c1'))).toBe(true);
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
});
