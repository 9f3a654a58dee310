import { lazy, Suspense } from 'react';
import { ProfileTopBar } from '@/features/profiles/components/profile-top-bar.tsx';
import styles from './header.module.css';

// The profile's query and menu arrive with the profile page's code (decision 022); until then
// the bar shows what it shows while the profile loads.
const ProfileHeaderBar = lazy(() => import('./profile-header-bar.tsx').then((m) => ({ default: m.ProfileHeaderBar })));

/** The 'profile' header (spec 1 §2): the profile's name and post count with its menu. */
export function ProfileHeader({ hidden = false }: { hidden?: boolean }) {
  const className = [styles.header, hidden && styles.hidden].filter(Boolean).join(' ');
  return (
    <Suspense fallback={<ProfileTopBar profile={undefined} className={className} />}>
      <ProfileHeaderBar className={className} />
    </Suspense>
  );
}
