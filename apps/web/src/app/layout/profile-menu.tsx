import { AUTH_SCREEN_TEXTS, MODERATION_PAGE_TITLE } from '@campus/contract';
import type * as RadixDropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bookmark, LogOut, Mail, Megaphone, Settings, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useGeoGate, useGoogleSignIn } from '@/components/auth-modal/index.ts';
import { GoogleMark } from '@/components/google-mark.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { CountBadge } from '@/components/ui/badge.tsx';
import menuStyles from '@/components/ui/dropdown-menu.module.css';
import { radixDropdownMenu } from '@/components/ui/lazy-menu.ts';
import { PlainMenuTrigger } from '@/components/ui/menu-on-demand.tsx';
import { paths } from '@/config/paths.ts';
import { useCampus } from '@/lib/campus.ts';
import { useMediaQuery } from '@/lib/media-query.ts';
import { useUnreadCounts } from '@/lib/unread.ts';
import { useViewer, type Viewer } from '@/lib/viewer.ts';
import styles from './profile-menu.module.css';

/*
 * Radix's menu arrives after the entry (components/ui/lazy-menu.ts): until then the header shows
 * the same trigger as a plain button, which loads it on first intent (pointer over it, focus)
 * and opens the menu when clicked meanwhile. The app shell also loads it on the first sign of a
 * person using the page (app/routes/root.tsx).
 */

type DropdownMenuModule = typeof RadixDropdownMenu;

function VisitorItems({ DropdownMenu }: { DropdownMenu: DropdownMenuModule }) {
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

function ViewerItems({ DropdownMenu, viewer }: { DropdownMenu: DropdownMenuModule; viewer: Viewer }) {
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
      {viewer.moderator && (
        // The campus's moderators only (docs/product/moderation.md#the-queue).
        <DropdownMenu.Item asChild>
          <Link className={menuStyles.menuItem} to={paths.moderation.getHref()}>
            <ShieldCheck className={styles.itemIcon} aria-hidden="true" size={20} />
            {MODERATION_PAGE_TITLE}
          </Link>
        </DropdownMenu.Item>
      )}
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
  /** A media query under which the avatar shows the viewer's unread total (the mobile header). */
  showUnreadWhen?: string;
}

/**
 * The unread total on the avatar while `media` matches. Its own component: the server draws no
 * badge (it knows no screen), and on a phone only this is drawn again once the page is live,
 * not the whole header (decision 045).
 */
function UnreadBadge({ media }: { media: string }) {
  const unread = useUnreadCounts();
  if (!useMediaQuery(media)) return null;
  return <CountBadge count={unread.notifications + unread.messages} label="unread notifications and messages" />;
}

export function ProfileMenu({ showUnreadWhen }: ProfileMenuProps) {
  const viewer = useViewer();
  const geoGate = useGeoGate();
  const DropdownMenu = radixDropdownMenu.useModule();
  const [open, setOpen] = useState(false);
  const plainTrigger = useRef<HTMLButtonElement>(null);
  const menuTrigger = useRef<HTMLButtonElement>(null);
  // When the menu arrives while the plain trigger has the focus (it was tabbed to), the real
  // trigger takes the focus over. Read while rendering: the plain one is still in the page then.
  const refocus = useRef(false);
  if (DropdownMenu && plainTrigger.current) {
    refocus.current = document.activeElement === plainTrigger.current;
    plainTrigger.current = null;
  }
  useEffect(() => {
    if (!DropdownMenu || !refocus.current) return;
    refocus.current = false;
    // An open menu takes the focus itself (and gives it back to the trigger when it closes).
    if (!open) menuTrigger.current?.focus();
  }, [DropdownMenu, open]);

  // The geographic gate runs before a visitor sees sign-in options (docs/product/accounts.md#geographic-gate); its answer is
  // cached, so this costs one request per page load at most.
  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (next && !viewer) void geoGate();
  };
  const label = viewer ? 'Account menu' : 'Log in or sign up';
  const face = (
    <>
      <Avatar className={styles.avatar} src={viewer?.imgSmall} size={36} />
      {showUnreadWhen && <UnreadBadge media={showUnreadWhen} />}
    </>
  );
  if (!DropdownMenu) {
    const load = () => void radixDropdownMenu.load().catch(() => {});
    const openSoon = () => {
      load();
      handleOpenChange(true);
    };
    return (
      <PlainMenuTrigger ref={plainTrigger} className={styles.trigger} label={label} load={load} open={openSoon}>
        {face}
      </PlainMenuTrigger>
    );
  }
  return (
    <DropdownMenu.Root open={open} onOpenChange={handleOpenChange}>
      <DropdownMenu.Trigger ref={menuTrigger} className={styles.trigger} aria-label={label}>
        {face}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={`${menuStyles.menu} ${styles.content}`}
          align="end"
          sideOffset={8}
          collisionPadding={12}
        >
          {viewer ? (
            <ViewerItems DropdownMenu={DropdownMenu} viewer={viewer} />
          ) : (
            <VisitorItems DropdownMenu={DropdownMenu} />
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
