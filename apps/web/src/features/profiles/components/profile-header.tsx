import { PROFILE_MESSAGES, type PublicProfile } from '@campus/contract';
import { BadgeCheck, CalendarDays, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useMemberGate } from '@/components/auth-modal/use-member-gate.ts';
import { RatingSummary } from '@/components/reviews/index.ts';
import { StartConversationDialog } from '@/components/start-conversation/start-conversation-dialog.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import styles from './profile.module.css';
import { postCountLabel } from './profile-top-bar.tsx';

const joinedFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

interface MainActionProps {
  profile: PublicProfile;
  /** ?redirect=true: the message modal is open when the page opens (docs/product/profiles.md#profile-header). */
  messageOnOpen: boolean;
  onMessageClosed: () => void;
}

function MainAction({ profile, messageOnOpen, onMessageClosed }: MainActionProps) {
  const [messaging, setMessaging] = useState(messageOnOpen && !profile.isOwn && !profile.blocked);
  // Visitors, the unverified and members of another campus get the login/join modal, not a refusal.
  const allow = useMemberGate();
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
      <Button onClick={() => allow('message') && setMessaging(true)}>
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

/** Photo, name, @username, verified mark, bio and joined date (docs/product/profiles.md#profile-route). */
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
      <p className={styles.handle}>
        @{profile.username}
        {!profile.blocked && <RatingSummary username={profile.username} />}
      </p>
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
