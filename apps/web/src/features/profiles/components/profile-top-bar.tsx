import type { PublicProfile } from '@campus/contract';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { IconButton } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { formatCount } from '@/lib/format.ts';
import { hasHistoryToGoBackTo } from '@/lib/navigation.ts';
import styles from './profile.module.css';

/** Title while there is no profile to name (missing user, not a member). */
const PROFILE_TITLE = 'Profile';

export function postCountLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'post' : 'posts'}`;
}

/**
 * The 'profile' header variant (docs/product/community.md#shell-and-layout): back, the name with the post count, and the
 * profile's menu; while the profile loads, or when there is none, a plain title. The app shell
 * draws it (and hides it while scrolling down on phones) through `className`, and passes the
 * menu, which loads with the profile's code rather than with the first page (decision 022).
 */
export function ProfileTopBar({
  profile,
  className,
  menu,
}: {
  profile: PublicProfile | null | undefined;
  className: string;
  menu?: ReactNode;
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
      {profile && menu}
    </header>
  );
}
