/**
 * Every link of the app (docs/architecture.md#folder-tree): `path` is the router pattern, `getHref` builds a link.
 * Never hand-build a URL elsewhere; add the route here first.
 */

import type { SearchTab } from '@campus/contract';

export type { SearchTab };

type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(pathname: string, query: Query = {}, hash?: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '' && value !== false) params.set(key, String(value));
  }
  const search = params.toString();
  return `${pathname}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`;
}

const segment = (value: string) => encodeURIComponent(value);

export type ProfileTab = 'photos' | 'replies' | 'likes' | 'reviews';
/** Where profile set-up was opened from; it picks the last step's button (docs/product/profiles.md#profile-set-up). */
export type ProfileSetUpOrigin = 'home' | 'profile' | 'post';

export const paths = {
  root: { path: '/', getHref: () => '/' },
  home: {
    path: '/home',
    /** `category`: the feed's category filter (a category value; absent means all). */
    getHref: (query: { filter?: 'notify-posted'; category?: string } = {}) => withQuery('/home', query),
  },
  media: { path: '/media', getHref: () => '/media' },
  post: {
    path: '/post/:postId',
    /** `rate`: open the review form at once ('Rate your deal with {name}', docs/product/reviews.md). */
    getHref: (postId: string, query: { redirect?: boolean; rate?: boolean } = {}) =>
      withQuery(`/post/${segment(postId)}`, query),
  },
  /** Editing one's listing on phones (docs/product/selling.md#editing-a-listing); a dialog on wider screens. */
  postEdit: {
    path: '/post/:postId/edit',
    getHref: (postId: string, query: { goBack?: string } = {}) => withQuery(`/post/${segment(postId)}/edit`, query),
  },
  /** Who saved a post: the 'liked by' list (docs/product/community.md#shell-and-layout). */
  postLikedBy: { path: '/post/:postId/liked_by', getHref: (postId: string) => `/post/${segment(postId)}/liked_by` },
  /** Boosting a post (docs/product/boosting.md#boost-routes). */
  postBoost: { path: '/post/:postId/boost', getHref: (postId: string) => `/post/${segment(postId)}/boost` },
  /** Where a payment returns (docs/product/boosting.md#boost-routes); the server builds these with the session id. */
  postBoostSuccess: {
    path: '/post/:postId/boost/success',
    getHref: (postId: string, sessionId: string) =>
      withQuery(`/post/${segment(postId)}/boost/success`, { session_id: sessionId }),
  },
  postBoostCancel: {
    path: '/post/:postId/boost/cancel',
    getHref: (postId: string, sessionId: string) =>
      withQuery(`/post/${segment(postId)}/boost/cancel`, { session_id: sessionId }),
  },
  /** The local test checkout (no payment account configured; decision 018). */
  testCheckout: {
    path: '/test-checkout/:sessionId',
    getHref: (sessionId: string) => `/test-checkout/${segment(sessionId)}`,
  },
  messages: { path: '/messages', getHref: () => '/messages' },
  chat: { path: '/messages/:chatId', getHref: (chatId: string) => `/messages/${segment(chatId)}` },
  /** `to`: the username of the person to write to (from a post's Send Message). */
  newMessage: {
    path: '/messages/new',
    getHref: (query: { to?: string } = {}) => withQuery('/messages/new', query),
  },
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  notificationMentions: { path: '/notifications/mentions', getHref: () => '/notifications/mentions' },
  saved: { path: '/saved', getHref: () => '/saved' },
  userRegistration: { path: '/user_registration', getHref: () => '/user_registration' },
  login: {
    path: '/login',
    getHref: (query: { redirect?: boolean; method?: 'password' | 'noPassword'; email?: string } = {}) =>
      withQuery('/login', query),
  },
  loginSent: {
    path: '/login/sent',
    getHref: (query: { email?: string; first?: string; last?: string } = {}) => withQuery('/login/sent', query),
  },
  register: {
    path: '/register',
    getHref: (query: { redirect?: boolean; email?: string } = {}) => withQuery('/register', query),
  },
  verify: { path: '/verify', getHref: () => '/verify' },
  forgotPassword: {
    path: '/forgotpassword',
    getHref: (query: { email?: string } = {}) => withQuery('/forgotpassword', query),
  },
  /** Where the mailed password-reset link lands (through the auth API, which adds ?token=…). */
  resetPassword: {
    path: '/reset-password',
    getHref: (query: { token?: string } = {}) => withQuery('/reset-password', query),
  },
  logout: { path: '/logout', getHref: () => '/logout' },
  profileSetUp: {
    path: '/profile/set-up',
    getHref: (query: { origin?: ProfileSetUpOrigin; goBack?: string } = {}) => withQuery('/profile/set-up', query),
  },
  profileEdit: { path: '/profile/edit', getHref: () => '/profile/edit' },
  profile: {
    path: '/:username',
    getHref: (username: string, query: { show?: ProfileTab; redirect?: boolean } = {}) =>
      withQuery(`/${segment(username)}`, query),
  },
  createPost: {
    path: '/create/post',
    getHref: (query: { goBack?: string } = {}) => withQuery('/create/post', query),
  },
  createComment: {
    path: '/create/comment/:postId',
    getHref: (postId: string, query: { goBack?: string } = {}) =>
      withQuery(`/create/comment/${segment(postId)}`, query),
  },
  createMessage: {
    path: '/create/message',
    getHref: (query: { goBack?: string } = {}) => withQuery('/create/message', query),
  },
  createCategories: {
    path: '/create/categories',
    getHref: (query: { goBack?: string } = {}) => withQuery('/create/categories', query),
  },
  search: {
    path: '/search',
    /** Latest and Media also carry the filters' parameters (docs/product/selling.md#filters-and-sorting). */
    getHref: (query: { q?: string; show?: SearchTab } & Record<string, string | undefined> = {}) =>
      withQuery('/search', query),
  },
  searchSchools: {
    path: '/search_schools',
    /** `school` (a campus slug) opens that school's modal. */
    getHref: (query: { school?: string } = {}) => withQuery('/search_schools', query),
  },
  ads: { path: '/ads', getHref: () => '/ads' },
  /** The campus's moderators' page (docs/product/moderation.md#the-queue): the queue, or the audit log. */
  moderation: {
    path: '/moderation',
    getHref: (query: { show?: 'log' } = {}) => withQuery('/moderation', query),
  },
  /** What a suspended or banned member sees instead of the campus (docs/product/moderation.md#suspension). */
  suspended: { path: '/suspended', getHref: () => '/suspended' },
  ad: { path: '/ads/:adId', getHref: (adId: string) => `/ads/${segment(adId)}` },
  cart: { path: '/cart', getHref: () => '/cart' },
  checkout: { path: '/checkout', getHref: () => '/checkout' },
  error404: { path: '/404', getHref: () => '/404' },
  /** Where a notification email's unsubscribe link lands; works signed out (decision 040). */
  unsubscribe: {
    path: '/unsubscribe',
    getHref: (query: { token?: string } = {}) => withQuery('/unsubscribe', query),
  },
  settings: {
    root: { path: '/settings', getHref: () => '/settings' },
    account: { path: '/settings/account', getHref: () => '/settings/account' },
    screenName: { path: '/settings/account/screen_name', getHref: () => '/settings/account/screen_name' },
    password: { path: '/settings/account/password', getHref: () => '/settings/account/password' },
    email: { path: '/settings/account/email', getHref: () => '/settings/account/email' },
    verifyEmail: {
      path: '/settings/account/verify_email',
      getHref: (query: { email: string }) => withQuery('/settings/account/verify_email', query),
    },
    phone: { path: '/settings/account/phone', getHref: () => '/settings/account/phone' },
    gender: { path: '/settings/account/gender', getHref: () => '/settings/account/gender' },
    birthDate: { path: '/settings/account/birth_date', getHref: () => '/settings/account/birth_date' },
    schoolEmail: {
      path: '/settings/account/school_email',
      getHref: (query: { campus?: string } = {}) => withQuery('/settings/account/school_email', query),
    },
    verifySchoolEmail: {
      path: '/settings/account/verify_school_email',
      getHref: (query: { email: string; campus?: string }) => withQuery('/settings/account/verify_school_email', query),
    },
    payments: { path: '/settings/payments', getHref: () => '/settings/payments' },
    /** Email and push per kind of notification (docs/product/notifications.md). */
    notifications: { path: '/settings/notifications', getHref: () => '/settings/notifications' },
    /** The viewer's saved searches (docs/product/notifications.md#saved-searches). */
    savedSearches: { path: '/settings/saved-searches', getHref: () => '/settings/saved-searches' },
    about: { path: '/settings/about', getHref: () => '/settings/about' },
    howItWorks: { path: '/settings/howitworks', getHref: () => '/settings/howitworks' },
    returns: { path: '/settings/returns', getHref: () => '/settings/returns' },
    trustAndSafety: { path: '/settings/trust_and_safety', getHref: () => '/settings/trust_and_safety' },
    terms: { path: '/settings/terms', getHref: () => '/settings/terms' },
    privacy: {
      path: '/settings/privacy',
      getHref: (section?: 'cookies') => withQuery('/settings/privacy', {}, section),
    },
    cookies: { path: '/settings/cookies', getHref: () => '/settings/cookies' },
    help: { path: '/settings/help', getHref: () => '/settings/help' },
    feedback: { path: '/settings/feedback', getHref: () => '/settings/feedback' },
  },
} as const;

/** The static information pages under /settings/, keyed by their last path segment. */
export const STATIC_PAGE_SLUGS = [
  'about',
  'howitworks',
  'returns',
  'trust_and_safety',
  'terms',
  'privacy',
  'cookies',
  'help',
  'feedback',
] as const;
export type StaticPageSlug = (typeof STATIC_PAGE_SLUGS)[number];
