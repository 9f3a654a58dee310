import {
  CHAT_EVENT_TYPES,
  DEAL_EVENT_TYPES,
  LISTING_EVENT_TYPES,
  LIVE_FEED_EVENT_TYPES,
  MEETUP_EVENT_TYPES,
  MODERATION_EVENT_TYPES,
  type UnreadCounts,
} from '@campus/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AccountHold } from './account-hold.ts';
import { afterLoad } from './first-page.ts';
import { newPostNoticeOf, noteNewPost } from './new-posts.ts';
import { queryKeys, SITE_QUERY_ROOTS } from './query-keys.ts';

/** One event of GET /api/events (its `data:` line). */
export interface LiveEvent {
  id: string;
  type: string;
  payload: Record<string, unknown>;
}

const chatIdOf = (event: LiveEvent): string | undefined =>
  typeof event.payload.chatId === 'string' ? event.payload.chatId : undefined;

/** The contract's UnreadCountsSchema, checked by hand (Zod stays out of the entry, decision 022). */
function unreadCountsOf(payload: Record<string, unknown>): UnreadCounts | undefined {
  const { messages, notifications } = payload;
  return Number.isInteger(messages) && Number.isInteger(notifications)
    ? { messages: messages as number, notifications: notifications as number }
    : undefined;
}

const stringOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The member was suspended or banned (docs/product/moderation.md#suspension): the tab forgets
 * the person and what it loaded for them, as signing out does, and keeps why for the suspension
 * page, which the root then shows (app/routes/root.tsx). The stream closes with the viewer gone.
 */
function holdAccount(queryClient: QueryClient, payload: Record<string, unknown>): void {
  const hold: AccountHold = { until: stringOf(payload.until) ?? null, reason: stringOf(payload.reason) ?? null };
  // The hold's own query stays: the root watches it, and a removed query would no longer tell it.
  const kept = new Set([...SITE_QUERY_ROOTS, queryKeys.accountHold[0]]);
  queryClient.removeQueries({ predicate: (query) => !kept.has(String(query.queryKey[0])) });
  queryClient.setQueryData(queryKeys.accountHold, hold);
  queryClient.setQueryData(queryKeys.me, null);
}

/**
 * Moderation took content out of everyone's view, or put it back (docs/product/moderation.md,
 * campus-wide): the post page and the lists that show it read again (the server leaves it out),
 * the chat it was said in, the inbox and the notifications that may quote it too.
 */
function contentModerated(queryClient: QueryClient, payload: Record<string, unknown>): void {
  const postId = stringOf(payload.postId);
  const chatId = stringOf(payload.chatId);
  if (postId) void queryClient.invalidateQueries({ queryKey: queryKeys.post.detail(postId) });
  if (chatId) void queryClient.invalidateQueries({ queryKey: queryKeys.chats.detail(chatId) });
  // The inbox line and the notifications may quote it: the server withholds the quote now.
  if (payload.targetType === 'message') void queryClient.invalidateQueries({ queryKey: queryKeys.chats.inbox });
  void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
  if (payload.targetType === 'review') void queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.moderation.all });
}

/**
 * What one live event changes in the query cache (docs/decisions/014-events-and-jobs.md). Payloads carry ids only,
 * so lists refetch what they show; the badges are patched with the counts the event carries.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  const chatId = chatIdOf(event);
  switch (event.type) {
    case CHAT_EVENT_TYPES.messageCreated:
    case CHAT_EVENT_TYPES.messageHearted:
      if (chatId) void queryClient.invalidateQueries({ queryKey: queryKeys.chats.detail(chatId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats.inbox });
      return;
    case CHAT_EVENT_TYPES.chatSeen:
      if (chatId) void queryClient.invalidateQueries({ queryKey: queryKeys.chats.detail(chatId) });
      return;
    case CHAT_EVENT_TYPES.chatDeleted:
      if (chatId) void queryClient.invalidateQueries({ queryKey: queryKeys.chats.detail(chatId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats.inbox });
      return;
    case CHAT_EVENT_TYPES.chatUpdated:
    case CHAT_EVENT_TYPES.blockChanged:
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats.all });
      return;
    case CHAT_EVENT_TYPES.notificationCreated:
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
      return;
    case DEAL_EVENT_TYPES.offerChanged:
    case DEAL_EVENT_TYPES.listingChanged: {
      // An offer card or a listing's status (docs/product/selling.md): the cards, the post page
      // and the lists that show the listing read it again.
      const postId = typeof event.payload.postId === 'string' ? event.payload.postId : undefined;
      if (chatId) void queryClient.invalidateQueries({ queryKey: queryKeys.deals.chatOffers(chatId) });
      else void queryClient.invalidateQueries({ queryKey: queryKeys.deals.all });
      if (postId) void queryClient.invalidateQueries({ queryKey: queryKeys.post.detail(postId) });
      if (event.type === DEAL_EVENT_TYPES.listingChanged) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
      }
      return;
    }
    case MEETUP_EVENT_TYPES.meetupChanged:
      // A meet-up card or the pinned one (docs/product/safety.md#meet-ups).
      if (chatId) void queryClient.invalidateQueries({ queryKey: queryKeys.meetups.chat(chatId) });
      else void queryClient.invalidateQueries({ queryKey: queryKeys.meetups.all });
      return;
    case LISTING_EVENT_TYPES.postChanged: {
      // A listing the viewer owns or saved changed (edit, price drop, renewal, expiry,
      // docs/product/selling.md): its open page and the lists that show it read it again.
      const postId = typeof event.payload.postId === 'string' ? event.payload.postId : undefined;
      if (postId) void queryClient.invalidateQueries({ queryKey: queryKeys.post.detail(postId), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
      return;
    }
    case LIVE_FEED_EVENT_TYPES.postCreated: {
      // Counted by the feeds' pill; no list is read again until the reader asks (decision 042).
      const notice = newPostNoticeOf(event.payload);
      if (notice) noteNewPost(notice);
      return;
    }
    case LIVE_FEED_EVENT_TYPES.postCounts: {
      // An open post page reads its counts again (as its viewer sees them); lists stay put.
      const { postIds } = event.payload;
      if (!Array.isArray(postIds)) return;
      for (const postId of postIds) {
        if (typeof postId === 'string') {
          void queryClient.invalidateQueries({ queryKey: queryKeys.post.detail(postId), exact: true });
        }
      }
      return;
    }
    case MODERATION_EVENT_TYPES.contentHidden:
    case MODERATION_EVENT_TYPES.contentRestored:
      contentModerated(queryClient, event.payload);
      return;
    case MODERATION_EVENT_TYPES.queueChanged:
      // To moderators only: a report was stored or another moderator acted; the open queue and
      // audit log read again (docs/product/moderation.md#the-queue).
      void queryClient.invalidateQueries({ queryKey: queryKeys.moderation.all });
      return;
    case MODERATION_EVENT_TYPES.accountSuspended:
    case MODERATION_EVENT_TYPES.accountBanned:
      // A ban's payload has no end: the suspension page says it is for good.
      holdAccount(queryClient, event.payload);
      return;
    case CHAT_EVENT_TYPES.unreadChanged: {
      const counts = unreadCountsOf(event.payload);
      if (counts) queryClient.setQueryData<UnreadCounts>(queryKeys.unreadCounts, counts);
      else void queryClient.invalidateQueries({ queryKey: queryKeys.unreadCounts });
      return;
    }
    default:
      return;
  }
}

/** After a `reset` (the stream could not resume): everything live is read again. */
function refetchEverything(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.chats.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.deals.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.meetups.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.unreadCounts });
  void queryClient.invalidateQueries({ queryKey: queryKeys.moderation.all });
}

function parseEvent(data: string): LiveEvent | null {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null) return null;
    const { id, type, payload } = value as Record<string, unknown>;
    if (typeof type !== 'string') return null;
    return {
      id: typeof id === 'string' ? id : '',
      type,
      payload: typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {},
    };
  } catch {
    return null;
  }
}

/** After the browser gave up on a stream that had worked: first wait, doubled up to the last. */
const REOPEN_FIRST_MS = 2_000;
const REOPEN_MAX_MS = 30_000;

/**
 * One EventSource per tab while `enabled` (a school-verified member on their campus), opened
 * once the document has loaded: on a slow link it would otherwise share the network with the
 * page's code and first photos. The browser reconnects by itself and sends
 * Last-Event-ID, so the server replays what was missed; a `reset` means it could not, and
 * everything live is refetched. A browser gives up for good when a reconnect is refused (a 503
 * while every instance behind the load balancer drains, decision 043): a stream that had worked
 * is then opened anew after a pause, resuming from its last id (`?lastEventId=`).
 */
export function useLiveEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let reopenMs = REOPEN_FIRST_MS;
    let opened = false;
    let lastId = '';
    const remember = (message: MessageEvent) => {
      if (message.lastEventId) lastId = message.lastEventId;
    };
    const open = () => {
      const stream = new EventSource(lastId ? `/api/events?lastEventId=${encodeURIComponent(lastId)}` : '/api/events');
      source = stream;
      stream.addEventListener('ready', (message) => {
        remember(message);
        // The first `ready`: what changed since the page's first reads (written into the
        // document, or fetched before the stream opened) is read again. A reconnect after a gap
        // resumes by Last-Event-ID instead.
        if (!opened) refetchEverything(queryClient);
        opened = true;
        reopenMs = REOPEN_FIRST_MS;
      });
      stream.addEventListener('reset', (message) => {
        remember(message);
        refetchEverything(queryClient);
      });
      stream.onmessage = (message: MessageEvent<string>) => {
        remember(message);
        const event = parseEvent(message.data);
        if (event) applyLiveEvent(queryClient, event);
      };
      stream.onerror = () => {
        // Refused outright (never opened): the server does not want this stream; stop asking.
        if (!opened) {
          stream.close();
          return;
        }
        if (stream.readyState !== EventSource.CLOSED) return;
        // Opened, then ended and refused on reconnecting: the session may have ended elsewhere
        // (signed out in another tab, suspended, banned), so ask who is signed in now and let
        // the guards follow; or this instance went away, so open again, later each time.
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        reopen = setTimeout(open, reopenMs);
        reopenMs = Math.min(reopenMs * 2, REOPEN_MAX_MS);
      };
    };
    const cancel = afterLoad(open);
    return () => {
      cancel();
      clearTimeout(reopen);
      source?.close();
    };
  }, [enabled, queryClient]);
}
