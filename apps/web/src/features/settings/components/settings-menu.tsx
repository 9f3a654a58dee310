import {
  Bell,
  BookmarkCheck,
  ChevronRight,
  CircleHelp,
  CreditCard,
  FileText,
  Info,
  LifeBuoy,
  Lock,
  LogIn,
  LogOut,
  type LucideIcon,
  Megaphone,
  MessageSquareHeart,
  ShieldCheck,
  Undo2,
  UserRound,
} from 'lucide-react';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useViewer } from '@/lib/viewer.ts';
import styles from './settings-menu.module.css';

interface Row {
  label: string;
  to: string;
  icon: LucideIcon;
}

interface Group {
  title: string;
  rows: Row[];
}

/** Menu groups of docs/product/profiles.md#settings-menu; visitors see only sign-up, help, feedback and the information pages. */
function useGroups(): Group[] {
  const viewer = useViewer();
  const groups: Group[] = [
    {
      title: 'Account Info',
      rows: [
        viewer
          ? { label: 'Account Settings', to: paths.settings.account.getHref(), icon: UserRound }
          : { label: 'Log In / Sign Up', to: paths.userRegistration.getHref(), icon: LogIn },
        // Ours, not the spec's menu (docs/product/notifications.md).
        ...(viewer
          ? [
              { label: 'Notifications', to: paths.settings.notifications.getHref(), icon: Bell },
              { label: 'Saved Searches', to: paths.settings.savedSearches.getHref(), icon: BookmarkCheck },
            ]
          : []),
      ],
    },
    {
      title: 'Help & Feedback',
      rows: [
        { label: 'Customer Support', to: paths.settings.help.getHref(), icon: LifeBuoy },
        { label: 'Give Us Feedback', to: paths.settings.feedback.getHref(), icon: MessageSquareHeart },
      ],
    },
  ];
  if (viewer) {
    groups.push({
      title: 'For Professionals',
      rows: [
        { label: 'Manage Ads', to: paths.ads.getHref(), icon: Megaphone },
        { label: 'Payments', to: paths.settings.payments.getHref(), icon: CreditCard },
      ],
    });
  }
  groups.push({
    title: 'General Info',
    rows: [
      { label: 'About', to: paths.settings.about.getHref(), icon: Info },
      { label: 'How It Works', to: paths.settings.howItWorks.getHref(), icon: CircleHelp },
      { label: 'Return Policy', to: paths.settings.returns.getHref(), icon: Undo2 },
      { label: 'Trust and Safety', to: paths.settings.trustAndSafety.getHref(), icon: ShieldCheck },
      { label: 'Terms of Service', to: paths.settings.terms.getHref(), icon: FileText },
      { label: 'Privacy Policy', to: paths.settings.privacy.getHref(), icon: Lock },
    ],
  });
  return groups;
}

function MenuRow({ row }: { row: Row }) {
  const Icon = row.icon;
  return (
    <li>
      <NavLink to={row.to} className={styles.row}>
        <Icon className={styles.rowIcon} size={20} aria-hidden="true" />
        <span className={styles.rowLabel}>{row.label}</span>
        <ChevronRight className={styles.chevron} size={18} aria-hidden="true" />
      </NavLink>
    </li>
  );
}

interface SettingsMenuProps {
  /** Level of the group headings: one below the heading above the menu. */
  headingLevel: 2 | 3;
}

export function SettingsMenu({ headingLevel }: SettingsMenuProps) {
  const viewer = useViewer();
  const groups = useGroups();
  const GroupHeading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <nav className={styles.menu} aria-label="Settings">
      {groups.map((group) => (
        <section key={group.title} className={styles.group}>
          <GroupHeading className={styles.groupTitle}>{group.title}</GroupHeading>
          <ul className={styles.list}>
            {group.rows.map((row) => (
              <MenuRow key={row.to} row={row} />
            ))}
          </ul>
        </section>
      ))}
      {viewer && (
        <ul className={`${styles.list} ${styles.logout}`}>
          <MenuRow row={{ label: 'Log Out', to: paths.logout.getHref(), icon: LogOut }} />
        </ul>
      )}
    </nav>
  );
}
