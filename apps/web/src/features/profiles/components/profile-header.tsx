import { PROFILE_MESSAGES, type PublicProfile } from '@campus/contract';
import { ArrowLeft, BadgeCheck, CalendarDays, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { StartConversationDialog } from '@/components/start-conversation/start-conversation-dialog.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button, ButtonLink, IconButton } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { formatCount } from '@/lib/format.ts';
import { hasHistoryToGoBackTo } from '@/lib/navigation.ts';
import styles from './profile.module.css';
import { ProfileMenu } from './profile-menu.tsx';

/** Title while there is no profile to name (missing user, not a member). */
const PROFILE_TITLE = 'Profile';

const joinedFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

function postCountLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'post' : 'posts'}`;
}

/**
 * The 'profile' header variant (spec 1 §2): back, the name with the post count, and the
 * profile's menu; while the profile loads, or when there is none, a plain title. The app shell
 * draws it (and hides it while scrolling down on phones) through `className`.
 */
export function ProfileTopBar({
  profile,
  className,
}: {
  profile: PublicProfile | null | undefined;
  className: string;
}) {
  const navigate = useNavigate();
  return (
    <header className={className}>
      <IconButton
        label="Back"
        className={styles.back}
        onClick={() => (hasHistoryToGoBackTo() ? navigate(-1) : navigate(paths.home.getHref()))}
      >
        <ArrowLeft aria-hidden="true" size={20} />
      </IconButton>
      <div className={styles.topBarText}>
        {profile === undefined ? (
          <Skeleton width={160} height={20} />
        ) : (
          <>
            <p className={styles.topBarName}>{profile ? `${profile.firstName} ${profile.lastName}` : PROFILE_TITLE}</p>
            {profile && <p className={styles.topBarCount}>{postCountLabel(profile.postCount)}</p>}
          </>
        )}
      </div>
      {profile && <ProfileMenu profile={profile} />}
    </header>
  );
}

interface MainActionProps {
  profile: PublicProfile;
  /** ?redirect=true: the message modal is open when the page opens (spec 2 §2). */
  messageOnOpen: boolean;
  onMessageClosed: () => void;
}

function MainAction({ profile, messageOnOpen, onMessageClosed }: MainActionProps) {
  const [messaging, setMessaging] = useState(messageOnOpen && !profile.isOwn && !profile.blocked);
  if (profile.isOwn) {
    return profile.profileSetUp ? (
      <ButtonLink to={paths.profileEdit.getHref()} variant="secondary">
        {PROFILE_MESSAGES.editProfile}
      </ButtonLink>
    ) : (
      <ButtonLink to={paths.profileSetUp.getHref({ origin: 'profile' })} variant="secondary">
        {PROFILE_MESSAGES.setUpProfile}
      </ButtonLink>
    );
  }
  if (profile.blocked) return null;
  return (
    <>
      <Button onClick={() => setMessaging(true)}>
        <MessageCircle aria-hidden="true" size={18} />
        {PROFILE_MESSAGES.sendMessage}
      </Button>
      <StartConversationDialog
        user={profile}
        open={messaging}
        onOpenChange={(open) => {
          setMessaging(open);
          if (!open) onMessageClosed();
        }}
      />
    </>
  );
}

/** Photo, name, @username, verified mark, bio and joined date (spec 2 §2 'Profile page'). */
export function ProfileHeader({
  profile,
  messageOnOpen = false,
  onMessageClosed = () => {},
}: {
  profile: PublicProfile;
  messageOnOpen?: boolean;
  onMessageClosed?: () => void;
}) {
  const name = `${profile.firstName} ${profile.lastName}`;
  return (
    <section className={styles.header} aria-label={`${name}’s profile`}>
      <div className={styles.banner} aria-hidden="true" />
      <div className={styles.headerRow}>
        <Avatar className={styles.photo} src={profile.img} alt={`${name}’s profile photo`} size={112} />
        <div className={styles.action}>
          <MainAction profile={profile} messageOnOpen={messageOnOpen} onMessageClosed={onMessageClosed} />
        </div>
      </div>
      <h1 className={styles.name}>
        {name}
        {profile.schoolVerified && (
          <BadgeCheck className={styles.verified} role="img" aria-label="Verified student" size={20} />
        )}
      </h1>
      <p className={styles.handle}>@{profile.username}</p>
      {profile.bio && <p className={styles.bio}>{profile.bio}</p>}
      <p className={styles.meta}>
        <CalendarDays aria-hidden="true" size={16} />
        <span>Joined {joinedFormat.format(new Date(profile.createdAt))}</span>
        <span aria-hidden="true">·</span>
        <span>{postCountLabel(profile.postCount)}</span>
      </p>
    </section>
  );
}
