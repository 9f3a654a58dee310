import { type ProfileTab, REVIEW_MESSAGES } from '@campus/contract';
import { LinkTabs } from '@/components/ui/link-tabs.tsx';
import { paths } from '@/config/paths.ts';

/** The profile's views: the four post lists and the Reviews tab (docs/product/reviews.md#on-profiles). */
export type ProfileView = ProfileTab | 'reviews';

const TABS: readonly { tab: ProfileView; label: string }[] = [
  { tab: 'posts', label: 'Posts' },
  { tab: 'photos', label: 'Photos' },
  { tab: 'replies', label: 'Replies' },
  { tab: 'likes', label: 'Likes' },
  { tab: 'reviews', label: REVIEW_MESSAGES.tab },
];

/** Posts | Photos | Replies | Likes | Reviews: each a link to `?show=` (Posts is the bare address). */
export function ProfileTabs({ username, current }: { username: string; current: ProfileView }) {
  return (
    <LinkTabs
      label="Profile views"
      replace
      tabs={TABS.map(({ tab, label }) => ({
        label,
        to: paths.profile.getHref(username, tab === 'posts' ? {} : { show: tab }),
        active: tab === current,
      }))}
    />
  );
}
