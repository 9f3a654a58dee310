/**
 * The profile's route, /{username} and its tabs (docs/product/profiles.md#profile-route): the
 * route names no username may take, and the tabs. Without Zod, so the profile page's first
 * screen loads none (docs/decisions/022-entry-javascript.md). Schemas are in names.ts and profiles.ts.
 */

/**
 * First segments of the app's own routes. The profile lives at /{username}, so a user
 * holding one of these would be shadowed by (or shadow) a page. Keep in step with the
 * route tables of the spec (docs/product/community.md#route-table, docs/product/profiles.md#profile-route, docs/product/boosting.md#boost-routes) and the server's prefixes.
 */
const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  '404',
  'ads',
  'api',
  'assets',
  'cart',
  'checkout',
  'create',
  'dev',
  'forgotpassword',
  'home',
  'login',
  'logout',
  'media',
  'messages',
  // Not in the spec's tables: the moderators' queue (decision 039).
  'moderation',
  'notifications',
  'post',
  'profile',
  'register',
  // Not in the spec's tables: where the mailed password-reset link lands.
  'reset-password',
  'saved',
  'search',
  'search_schools',
  'settings',
  // Not in the spec's tables: the page a suspended member sees (decision 039).
  'suspended',
  // Not in the spec's tables: the local test checkout of decision 018.
  'test-checkout',
  // Not in the spec's tables: an email's unsubscribe link (decision 040).
  'unsubscribe',
  'user_registration',
  'verify',
]);

export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.has(username.toLowerCase());
}

export const PROFILE_TABS = ['posts', 'photos', 'replies', 'likes'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
