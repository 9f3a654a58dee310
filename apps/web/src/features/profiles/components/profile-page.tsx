import { ProfileReviewsList } from '@/components/reviews/index.ts';
import { ErrorState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { isProfileNotFound, useProfileQuery } from '../api/get-profile.ts';
import styles from './profile.module.css';
import { ProfileHeader } from './profile-header.tsx';
import { ProfileNotFound } from './profile-not-found.tsx';
import { ProfilePosts } from './profile-posts.tsx';
import { ProfileTabs, type ProfileView } from './profile-tabs.tsx';

function ProfileSkeleton() {
  return (
    <div className={styles.header} aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      <div className={styles.banner} aria-hidden="true" />
      <div className={styles.headerRow}>
        <Skeleton className={styles.photo} circle width={112} height={112} />
      </div>
      <Skeleton width="45%" height={24} />
      <Skeleton width="25%" height={16} />
      <Skeleton width="80%" height={16} />
    </div>
  );
}

/** /{username}?show=…: the profile header, the tabs and the chosen tab's posts or reviews. */
export function ProfilePage({
  username,
  show,
  messageOnOpen = false,
  onMessageClosed,
}: {
  username: string;
  show: ProfileView;
  /** ?redirect=true: open the message modal (docs/product/profiles.md#profile-header). */
  messageOnOpen?: boolean;
  onMessageClosed?: () => void;
}) {
  const profile = useProfileQuery(username);
  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    if (isProfileNotFound(profile.error)) return <ProfileNotFound />;
    return (
      <ErrorState
        body="We couldn’t load this profile. Check your connection and try again."
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  }
  return (
    <>
      <ProfileHeader profile={profile.data} messageOnOpen={messageOnOpen} onMessageClosed={onMessageClosed} />
      <ProfileTabs username={profile.data.username} current={show} />
      {show === 'reviews' ? (
        <ProfileReviewsList profile={profile.data} />
      ) : (
        <ProfilePosts key={show} profile={profile.data} show={show} />
      )}
    </>
  );
}
