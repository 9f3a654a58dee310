import { Bell, House, Mail, Plus, School, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useAuthModal } from '@/components/auth-modal/index.ts';
import { Avatar } from '@/components/ui/avatar.tsx';
import { CountBadge } from '@/components/ui/badge.tsx';
import { paths } from '@/config/paths.ts';
import { useComposer } from '@/features/composer/index.ts';
import { useCampus } from '@/lib/campus.ts';
import { opensComposer } from '@/lib/composer-trigger.ts';
import { useUnreadCounts } from '@/lib/unread.ts';
import { useViewer } from '@/lib/viewer.ts';
import styles from './mobile-tab-bar.module.css';

function Tab({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <li>
      <NavLink to={to} className={styles.tab}>
        <span className={styles.iconWrap}>{children}</span>
        <span className="visually-hidden">{label}</span>
      </NavLink>
    </li>
  );
}

/** Bottom bar at 769 px and below (docs/product/community.md#shell-and-layout); the hub has its own three tabs. */
export function MobileTabBar() {
  const campus = useCampus();
  const viewer = useViewer();
  const unread = useUnreadCounts();
  const authModal = useAuthModal();
  const composer = useComposer();

  if (campus.isHub) {
    return (
      <nav aria-label="Tabs" className={styles.tabBar}>
        <ul className={styles.list}>
          <Tab to={paths.home.getHref()} label="Home">
            <House size={26} aria-hidden="true" />
          </Tab>
          <Tab to={paths.searchSchools.getHref()} label="Search schools">
            <School size={26} aria-hidden="true" />
          </Tab>
          <Tab to={paths.settings.root.getHref()} label="Settings">
            <Avatar src={viewer?.imgSmall} size={30} />
          </Tab>
        </ul>
      </nav>
    );
  }

  return (
    <nav aria-label="Tabs" className={styles.tabBar}>
      <ul className={styles.list}>
        <Tab to={paths.home.getHref()} label="Home">
          <House size={26} aria-hidden="true" />
        </Tab>
        <Tab to={paths.search.getHref()} label="Search">
          <Search size={26} aria-hidden="true" />
        </Tab>
        <li>
          {viewer ? (
            <button type="button" className={styles.tab} {...opensComposer} onClick={() => composer.open()}>
              <span className={styles.create}>
                <Plus size={24} strokeWidth={2.5} aria-hidden="true" />
              </span>
              <span className="visually-hidden">Create Post</span>
            </button>
          ) : (
            // A visitor creating a post from the bar gets the login modal of type post (docs/product/community.md#permission-table).
            <button type="button" className={styles.tab} onClick={() => authModal.open('post')}>
              <span className={styles.create}>
                <Plus size={24} strokeWidth={2.5} aria-hidden="true" />
              </span>
              <span className="visually-hidden">Create Post</span>
            </button>
          )}
        </li>
        <Tab to={paths.messages.getHref()} label="Messages">
          <Mail size={26} aria-hidden="true" />
          <CountBadge count={unread.messages} label="unread messages" />
        </Tab>
        <Tab to={paths.notifications.getHref()} label="Notifications">
          <Bell size={26} aria-hidden="true" />
          <CountBadge count={unread.notifications} label="unread notifications" />
        </Tab>
      </ul>
    </nav>
  );
}
