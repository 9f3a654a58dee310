import { Link } from 'react-router';
import styles from './link-tabs.module.css';

export interface LinkTab {
  label: string;
  to: string;
  active: boolean;
}

/**
 * A row of tabs that are links to pages or views (Feed | Media, a profile's Posts | Photos |
 * Replies | Likes): the current one is marked for sight and for screen readers. `replace` keeps
 * switching views out of the back history.
 */
export function LinkTabs({
  label,
  tabs,
  replace = false,
}: {
  label: string;
  tabs: readonly LinkTab[];
  replace?: boolean;
}) {
  return (
    <nav className={styles.tabs} aria-label={label}>
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          replace={replace}
          className={[styles.tab, tab.active && styles.active].filter(Boolean).join(' ')}
          aria-current={tab.active ? 'page' : undefined}
        >
          <span className={styles.label}>{tab.label}</span>
        </Link>
      ))}
    </nav>
  );
}
