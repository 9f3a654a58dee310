import { NavLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import styles from './feed-tabs.module.css';

const TABS = [
  { label: 'Feed', to: paths.home.getHref() },
  { label: 'Media', to: paths.media.getHref() },
] as const;

/** Feed | Media above both feeds (spec 1 §2 /media 'tabs Feed and Media'); each is a page of its own. */
export function FeedTabs() {
  return (
    <nav className={styles.tabs} aria-label="Feed views">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          className={({ isActive }) => [styles.tab, isActive && styles.active].filter(Boolean).join(' ')}
        >
          <span className={styles.label}>{tab.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
