import { AUTH_SCREEN_TEXTS } from '@campus/contract';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bookmark, LogOut, Mail, Megaphone, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { useGeoGate, useGoogleSignIn } from '@/components/auth-modal/index.ts';
import { GoogleMark } from '@/components/google-mark.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { CountBadge } from '@/components/ui/badge.tsx';
import menuStyles from '@/components/ui/dropdown-menu.module.css';
import { paths } from '@/config/paths.ts';
import { useCampus } from '@/lib/campus.ts';
import { useUnreadCounts } from '@/lib/unread.ts';
import { useViewer, type Viewer } from '@/lib/viewer.ts';
import styles from './profile-menu.module.css';

function VisitorItems() {
  const campus = useCampus();
  const google = useGoogleSignIn();
  return (
    <>
      <DropdownMenu.Label className={styles.label}>
        <p className={styles.labelTitle}>{AUTH_SCREEN_TEXTS.logInSignUp}</p>
        <p className={styles.labelHint}>{AUTH_SCREEN_TEXTS.takesSeconds}</p>
      </DropdownMenu.Label>
      <DropdownMenu.Group className={styles.provider}>
        {campus.signIn.google && (
          <DropdownMenu.Item className={styles.providerButton} disabled={google.pending} onSelect={google.start}>
            <GoogleMark />
            {AUTH_SCREEN_TEXTS.continueWithGoogle}
          </DropdownMenu.Item>
        )}
        <DropdownMenu.Item asChild>
          <Link className={styles.providerButton} to={paths.userRegistration.getHref()}>
            <Mail aria-hidden="true" size={18} />
            {AUTH_SCREEN_TEXTS.continueWithEmail}
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
        <Link className={menuStyles.menuItem} to={paths.profile.getHref(viewer.username)}>
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
        <Link className={menuStyles.menuItem} to={paths.saved.getHref()}>
          <Bookmark className={styles.itemIcon} aria-hidden="true" size={20} />
          My Saved
        </Link>
      </DropdownMenu.Item>
      <DropdownMenu.Item asChild>
        <Link className={menuStyles.menuItem} to={paths.settings.root.getHref()}>
          <Settings className={styles.itemIcon} aria-hidden="true" size={20} />
          Settings
        </Link>
      </DropdownMenu.Item>
      <DropdownMenu.Item asChild>
        <Link className={menuStyles.menuItem} to={paths.ads.getHref()}>
          <Megaphone className={styles.itemIcon} aria-hidden="true" size={20} />
          Manage Ads
        </Link>
      </DropdownMenu.Item>
      <DropdownMenu.Separator className={styles.separator} />
      <DropdownMenu.Item asChild>
        <Link className={menuStyles.menuItem} to={paths.logout.getHref()}>
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
  const geoGate = useGeoGate();
  // The geographic gate runs before a visitor sees sign-in options (spec 1 §6); its answer is
  // cached, so this costs one request per page load at most.
  const handleOpenChange = (open: boolean) => {
    if (open && !viewer) void geoGate();
  };
  return (
    <DropdownMenu.Root onOpenChange={handleOpenChange}>
      <DropdownMenu.Trigger className={styles.trigger} aria-label={viewer ? 'Account menu' : 'Log in or sign up'}>
        <Avatar className={styles.avatar} src={viewer?.imgSmall} size={36} />
        {showUnread && (
          <CountBadge count={unread.notifications + unread.messages} label="unread notifications and messages" />
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={`${menuStyles.menu} ${styles.content}`}
          align="end"
          sideOffset={8}
          collisionPadding={12}
        >
          {viewer ? <ViewerItems viewer={viewer} /> : <VisitorItems />}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
