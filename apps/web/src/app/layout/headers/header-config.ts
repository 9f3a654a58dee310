/**
 * Header variants of docs/product/community.md#shell-and-layout. A route picks one in its `handle.header`; the shell draws it
 * at the top of the main column (and as the mobile header that hides on scroll).
 * Variants still to come with their features: notifications, profile edit,
 * media post, liked by, boost — add them here and in route-header.tsx.
 */
export type HeaderConfig =
  /** Search box and profile menu; on mobile also the back button and the campus logo. */
  | { variant: 'home' }
  /** A plain title ('Saved', 'Edit Profile'), with an optional back button. */
  | { variant: 'title'; title: string; back?: BackConfig }
  /** The post page: "{first name}'s post" (the author of the post in the address) and a back button. */
  | { variant: 'post' }
  /** The saved posts: 'Saved', with a back button on phones. */
  | { variant: 'saved' }
  /** A profile page: back, the name with the post count, and the profile's menu. */
  | { variant: 'profile' };

export interface BackConfig {
  to: string;
  /** Widths at which the back button shows: always, ≤ 1000 px, or ≤ 769 px. */
  below?: 'always' | 'tablet' | 'mobile';
}
