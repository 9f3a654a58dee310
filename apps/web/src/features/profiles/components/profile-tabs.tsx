import type { ProfileTab } from '@campus/contract';
import { LinkTabs } from '@/components/ui/link-tabs.tsx';
import { paths } from '@/config/paths.ts';

const TABS: readonly { tab: ProfileTab; label: string }[] = [
  { tab: 'posts', label: 'Posts' },
  { tab: 'photos', label: 'Photos' },
  { tab: 'replies', label: 'Replies' },
  { tab: 'likes', label: 'Likes' },
];

/** Posts | Photos | Replies | Likes: each a link to `?show=` (Posts is the bare address). */
export function ProfileTabs({ username, current }: { username: string; current: ProfileTab }) {
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
