import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bookmark, LogOut, Mail, Megaphone, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar.tsx';
import { CountBadge } from '@/components/ui/badge.tsx';
import { paths } from '@/config/paths.ts';
import { useUnreadCounts } from '@/lib/unread.ts';
import { useViewer, type Viewer } from '@/lib/viewer.ts';
import { GoogleMark } from './google-mark.tsx';
import styles from './profile-menu.module.css';

function VisitorItems() {
  return (
    <>
      <DropdownMenu.Label className={styles.label}>
        <p className={styles.labelTitle}>Log In / Sign Up</p>
        <p className={styles.labelHint}>Takes less than a few seconds.</p>
      </DropdownMenu.Label>
      <DropdownMenu.Group className={styles.provider}>
        {/* Both providers start on the authentication landing page, which offers each sign-in route. */}
        <DropdownMenu.Item asChild>
          <Link className={styles.providerButton} to={paths.userRegistration.getHref()}>
            <GoogleMark />
            Continue with Google
          </Link>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild>
          <Link className={styles.providerButton} to={paths.userRegistration.getHref()}>
            <Mail aria-hidden="true" size={18} />
            Continue with Email
          </Link>
        </DropdownMenu.Item>
      </DropdownMenu.Group>
    </>
  );
}

function ViewerItems({ viewer }: { viewer: Viewer }) {
  return (
    <>
      <DropdownMenu.Item asChild>
        <Link className={styles.item} to={paths.profile.getHref(viewer.username)}>
          <span className={styles.who}>
            <Avatar src={viewer.imgSmall} size={40} />
            <span className={styles.whoText}>
              <span className={styles.whoName}>
                {viewer.firstName} {viewer.lastName}
              </span>
              <span className={styles.whoHandle}>@{viewer.username}</span>
            </span>
          </span>
        </Link>
      </DropdownMenu.Item>
      <DropdownMenu.Separator className={styles.separator} />
      <DropdownMenu.Item asChild>
        <Link className={styles.item} to={paths.saved.getHref()}>
          <Bookmark className={styles.itemIcon} aria-hidden="true" size={20} />
          My Saved
        </Link>
      </DropdownMenu.Item>
      <DropdownMenu.Item asChild>
        <Link className={styles.item} to={paths.settings.root.getHref()}>
          <Settings className={styles.itemIcon} aria-hidden="true" size={20} />
          Settings
        </Link>
      </DropdownMenu.Item>
      <DropdownMenu.Item asChild>
        <Link className={styles.item} to={paths.ads.getHref()}>
          <Megaphone className={styles.itemIcon} aria-hidden="true" size={20} />
          Manage Ads
        </Link>
      </DropdownMenu.Item>
      <DropdownMenu.Separator className={styles.separator} />
      <DropdownMenu.Item asChild>
        <Link className={styles.item} to={paths.logout.getHref()}>
          <LogOut className={styles.itemIcon} aria-hidden="true" size={20} />
          Log Out
        </Link>
      </DropdownMenu.Item>
    </>
  );
}

interface ProfileMenuProps {
  /** Show the viewer's unread total on the avatar (mobile header). */
  showUnread?: boolean;
}

export function ProfileMenu({ showUnread = false }: ProfileMenuProps) {
  const viewer = useViewer();
  const unread = useUnreadCounts();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={styles.trigger} aria-label={viewer ? 'Account menu' : 'Log in or sign up'}>
        <Avatar className={styles.avatar} src={viewer?.imgSmall} size={36} />
        {showUnread && (
          <CountBadge count={unread.notifications + unread.messages} label="unread notifications and messages" />
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={8} collisionPadding={12}>
          {viewer ? <ViewerItems viewer={viewer} /> : <VisitorItems />}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
