import type { ProfileTab } from '@campus/contract';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import styles from './profile.module.css';

const TABS: readonly { tab: ProfileTab; label: string }[] = [
  { tab: 'posts', label: 'Posts' },
  { tab: 'photos', label: 'Photos' },
  { tab: 'replies', label: 'Replies' },
  { tab: 'likes', label: 'Likes' },
];

/** Posts | Photos | Replies | Likes: each a link to `?show=` (Posts is the bare address). */
export function ProfileTabs({ username, current }: { username: string; current: ProfileTab }) {
  return (
    <nav className={styles.tabs} aria-label="Profile views">
      {TABS.map(({ tab, label }) => (
        <Link
          key={tab}
          replace
          to={paths.profile.getHref(username, tab === 'posts' ? {} : { show: tab })}
          className={[styles.tab, tab === current && styles.activeTab].filter(Boolean).join(' ')}
          aria-current={tab === current ? 'page' : undefined}
        >
          <span className={styles.tabLabel}>{label}</span>
        </Link>
      ))}
    </nav>
  );
}
