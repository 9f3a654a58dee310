import { PROFILE_MESSAGES, type PublicProfile } from '@campus/contract';
import { ArrowLeft, BadgeCheck, CalendarDays, MessageCircle } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar.tsx';
import { ButtonLink, IconButton } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { formatCount } from '@/lib/format.ts';
import { hasHistoryToGoBackTo } from '@/lib/navigation.ts';
import styles from './profile.module.css';
import { ProfileMenu } from './profile-menu.tsx';

const joinedFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

function postCountLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'post' : 'posts'}`;
}

/** The sticky bar above a profile: back, the name with the post count, and the menu. */
export function ProfileTopBar({ profile }: { profile: PublicProfile }) {
  const navigate = useNavigate();
  return (
    <header className={styles.topBar}>
      <IconButton
        label="Back"
        className={styles.back}
        onClick={() => (hasHistoryToGoBackTo() ? navigate(-1) : navigate(paths.home.getHref()))}
      >
        <ArrowLeft aria-hidden="true" size={20} />
      </IconButton>
      <div className={styles.topBarText}>
        <p className={styles.topBarName}>
          {profile.firstName} {profile.lastName}
        </p>
        <p className={styles.topBarCount}>{postCountLabel(profile.postCount)}</p>
      </div>
      <ProfileMenu profile={profile} />
    </header>
  );
}

function MainAction({ profile }: { profile: PublicProfile }) {
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
    <ButtonLink to={paths.newMessage.getHref({ to: profile.username })}>
      <MessageCircle aria-hidden="true" size={18} />
      {PROFILE_MESSAGES.sendMessage}
    </ButtonLink>
  );
}

/** Photo, name, @username, verified mark, bio and joined date (spec 2 §2 'Profile page'). */
export function ProfileHeader({ profile }: { profile: PublicProfile }) {
  const name = `${profile.firstName} ${profile.lastName}`;
  return (
    <section className={styles.header} aria-label={`${name}’s profile`}>
      <div className={styles.banner} aria-hidden="true" />
      <div className={styles.headerRow}>
        <Avatar className={styles.photo} src={profile.img} alt={`${name}’s profile photo`} size={112} />
        <div className={styles.action}>
          <MainAction profile={profile} />
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
