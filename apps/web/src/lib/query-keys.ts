/**
 * Every query key of the app, in one place (docs/architecture.md#layers-and-module-faces). Features build their queries
 * and invalidate through these, never through string keys of their own, so a key that one
 * feature writes and another invalidates cannot drift apart.
 *
 * The prefixes matter: `queryKeys.posts.all` covers every post list (feed, saved, media, and
 * later profile tabs and search), `queryKeys.post.all` every post page and the composer's copy
 * of a parent. Invalidate a prefix to refresh all of its entries.
 */
export const queryKeys = {
  /** GET /api/me: the signed-in person (or null). */
  me: ['me'] as const,
  /**
   * Why the viewer may not use the campus (docs/product/moderation.md): /api/me's `suspension`, or
   * the live `account.suspended` event; never fetched on its own. Personal: signing out forgets it.
   */
  accountHold: ['account-hold'] as const,
  /** Moderation (docs/product/moderation.md): the queue (infinite `ModerationQueue` pages) and the audit log. */
  moderation: {
    all: ['moderation'] as const,
    queue: ['moderation', 'queue'] as const,
    log: ['moderation', 'log'] as const,
  },
  /** GET /api/campus: the campus of this host. */
  campus: ['campus'] as const,
  /** GET /api/campuses: every school (Find Your School). */
  campuses: ['campuses'] as const,
  /** Lists of posts (infinite queries whose pages are `PostList`). */
  posts: {
    all: ['posts'] as const,
    /** The feed of a category; `filters` is the filters' canonical text (lib/listing-filters.ts), '' for none. */
    feed: (category: string, filters = '') => ['posts', 'feed', category, filters] as const,
    media: (filters = '') => ['posts', 'media', filters] as const,
    saved: ['posts', 'saved'] as const,
    /** A profile tab (docs/product/profiles.md#profile-route): the username lower-cased, as the server matches it. */
    profile: (username: string, tab: string) => ['posts', 'profile', username.toLowerCase(), tab] as const,
    /** /notifications/mentions: posts and comments naming the viewer (under `posts` so saves patch them). */
    mentions: ['posts', 'mentions'] as const,
    /** Search hits, Latest or Media (docs/product/search.md#search-page). */
    search: (q: string, show: 'latest' | 'media', filters = '') => ['posts', 'search', show, q, filters] as const,
  },
  /** Search: people hits, header suggestions, popular and the viewer's recent searches. */
  search: {
    all: ['search'] as const,
    people: (q: string) => ['search', 'people', q] as const,
    suggestions: (q: string) => ['search', 'suggestions', q] as const,
    popular: ['search', 'popular'] as const,
    recent: ['search', 'recent'] as const,
    /** GET /api/saved-searches: the viewer's saved searches (decision 040). */
    saved: ['search', 'saved'] as const,
  },
  /** GET /api/me/notification-settings and the push devices of Settings > Notifications (decision 040). */
  notificationSettings: {
    all: ['notification-settings'] as const,
    settings: ['notification-settings', 'settings'] as const,
    devices: ['notification-settings', 'push-devices'] as const,
    /** What an unsubscribe link would turn off. */
    unsubscribe: (token: string) => ['notification-settings', 'unsubscribe', token] as const,
  },
  /** GET /api/profiles/:username: a profile's header (`PublicProfile`). */
  profiles: {
    all: ['profiles'] as const,
    detail: (username: string) => ['profiles', username.toLowerCase()] as const,
  },
  /** GET /api/me/account: the viewer's Settings > Account rows. */
  account: ['account'] as const,
  /** One post's page (`PostPage`): the post, its parents and its thread. */
  post: {
    all: ['post'] as const,
    detail: (postId: string) => ['post', postId] as const,
    /** The composer's copy of the post a comment answers; under the post's prefix. */
    composerParent: (postId: string) => ['post', postId, 'composer-parent'] as const,
    /** The owner's edit form's copy (GET /api/posts/:id/edit); under the post's prefix. */
    editable: (postId: string) => ['post', postId, 'editable'] as const,
  },
  /** Chats: the inbox (infinite `Inbox` pages) and each chat's messages (infinite `ChatPage` pages). */
  chats: {
    all: ['chats'] as const,
    inbox: ['chats', 'inbox'] as const,
    detail: (chatId: string) => ['chats', 'detail', chatId] as const,
    /** The new-message user search. */
    recipients: (q: string) => ['chats', 'recipients', q.toLowerCase()] as const,
  },
  /** The notifications list (infinite `NotificationList` pages). */
  notifications: {
    all: ['notifications'] as const,
    list: ['notifications', 'list'] as const,
  },
  /** GET /api/unread-counts: the Messages and Notifications badges. */
  unreadCounts: ['unread-counts'] as const,
  /** Boosting (docs/product/boosting.md#overview): My Ads (infinite `AdList` pages), one ad's analytics, a post's boost controls. */
  ads: {
    all: ['ads'] as const,
    list: ['ads', 'list'] as const,
    detail: (adId: string) => ['ads', 'detail', adId] as const,
    /** GET /api/posts/:postId/boost: the owner's buttons or the visitor's call-to-action. */
    boostStatus: (postId: string) => ['ads', 'boost-status', postId] as const,
    /** A checkout session the success page waits on. */
    checkout: (sessionId: string) => ['ads', 'checkout', sessionId] as const,
    /** The local test checkout page's session. */
    testCheckout: (sessionId: string) => ['ads', 'test-checkout', sessionId] as const,
  },
  /** Deals (docs/product/selling.md): a chat's offer cards, a listing's buyer picker. */
  deals: {
    all: ['deals'] as const,
    chatOffers: (chatId: string) => ['deals', 'chat-offers', chatId] as const,
    buyers: (postId: string) => ['deals', 'buyers', postId] as const,
  },
  /** Meet-ups (docs/product/safety.md#meet-ups): a chat's meet-up cards and its pinned one. */
  meetups: {
    all: ['meetups'] as const,
    chat: (chatId: string) => ['meetups', 'chat', chatId] as const,
  },
  /** Reviews after a sale (docs/product/reviews.md): a sale's, as one side sees it, and a profile's. */
  reviews: {
    all: ['reviews'] as const,
    sale: (postId: string) => ['reviews', 'sale', postId] as const,
    profile: (username: string) => ['reviews', 'profile', username.toLowerCase()] as const,
  },
  /** GET /api/payments: Settings > Payments (available funds and payment activity). */
  payments: ['payments'] as const,
} as const;

/** Queries that describe the site rather than the person: kept when a person signs in or out. */
export const SITE_QUERY_ROOTS: ReadonlySet<string> = new Set([
  queryKeys.me[0],
  queryKeys.campus[0],
  queryKeys.campuses[0],
]);
