import { MODERATION_PAGE_TITLE } from '@campus/contract';
import { Bell, Bookmark, House, Mail, School, Search, Settings, ShieldCheck, SquarePen, UserRound } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link, NavLink } from 'react-router';
import { useAuthModal } from '@/components/auth-modal/index.ts';
import { CampusLogo } from '@/components/campus-logo.tsx';
import { SignupDisclaimer } from '@/components/signup-disclaimer.tsx';
import { CountBadge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { useComposer } from '@/features/composer/index.ts';
import { siteName, useCampus } from '@/lib/campus.ts';
import { opensComposer } from '@/lib/composer-trigger.ts';
import { useUnreadCounts } from '@/lib/unread.ts';
import { useViewer } from '@/lib/viewer.ts';
import styles from './side-nav.module.css';

interface NavEntry {
  label: string;
  to: string;
  icon: ComponentType<{ className?: string; size?: number; 'aria-hidden'?: boolean | 'true' }>;
  badge?: { count: number; label: string };
}

function useNavEntries(): NavEntry[] {
  const campus = useCampus();
  const viewer = useViewer();
  const unread = useUnreadCounts();
  const home: NavEntry = { label: 'Home', to: paths.home.getHref(), icon: House };
  const settings: NavEntry = { label: 'Settings', to: paths.settings.root.getHref(), icon: Settings };

  // The hub has no feed of its own: it only leads visitors to their school.
  if (campus.isHub) {
    return [home, { label: 'Search schools', to: paths.searchSchools.getHref(), icon: School }, settings];
  }
  return [
    home,
    { label: 'Search', to: paths.search.getHref(), icon: Search },
    {
      label: 'Notifications',
      to: paths.notifications.getHref(),
      icon: Bell,
      badge: { count: unread.notifications, label: 'unread notifications' },
    },
    {
      label: 'Messages',
      to: paths.messages.getHref(),
      icon: Mail,
      badge: { count: unread.messages, label: 'unread messages' },
    },
    { label: 'Saved', to: paths.saved.getHref(), icon: Bookmark },
    // The campus's moderators only (docs/product/moderation.md#the-queue).
    ...(viewer?.moderator ? [{ label: MODERATION_PAGE_TITLE, to: paths.moderation.getHref(), icon: ShieldCheck }] : []),
    {
      label: 'Profile',
      to: viewer ? paths.profile.getHref(viewer.username) : paths.userRegistration.getHref(),
      icon: UserRound,
    },
    settings,
  ];
}

/** Desktop navigation; icons only at 1170 px and below, replaced by the tab bar at 769 px. */
export function SideNav() {
  const campus = useCampus();
  const viewer = useViewer();
  const entries = useNavEntries();
  const authModal = useAuthModal();
  const composer = useComposer();

  return (
    <header className={styles.sideNav}>
      <div className={styles.inner}>
        <Link to={paths.home.getHref()} className={styles.brand}>
          <CampusLogo className={styles.brandLogo} size={40} decorative />
          <span className={styles.brandText}>{siteName(campus)}</span>
        </Link>
        <nav aria-label="Main">
          <ul className={styles.list}>
            {entries.map(({ label, to, icon: Icon, badge }) => (
              <li key={label}>
                <NavLink to={to} className={styles.item}>
                  <span className={styles.iconWrap}>
                    <Icon className={styles.icon} size={26} aria-hidden="true" />
                    {badge && <CountBadge count={badge.count} label={badge.label} />}
                  </span>
                  <span className={styles.label}>{label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {!campus.isHub &&
          (viewer ? (
            <Button className={styles.create} size="lg" {...opensComposer} onClick={() => composer.open()}>
              <SquarePen className={styles.createIcon} size={22} aria-hidden="true" />
              <span className={styles.createLabel}>Create Post</span>
            </Button>
          ) : (
            // Visitors are asked to join first (docs/product/community.md#permission-table: the login modal of type post).
            <Button className={styles.create} size="lg" onClick={() => authModal.open('post')}>
              <SquarePen className={styles.createIcon} size={22} aria-hidden="true" />
              <span className={styles.createLabel}>Create Post</span>
            </Button>
          ))}
        {!viewer && <SignupDisclaimer className={styles.disclaimer} />}
      </div>
    </header>
  );
}
