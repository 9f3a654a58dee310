import { ProfileTopBar } from '@/features/profiles/components/profile-top-bar.tsx';
import { lazyModule } from '@/lib/lazy-module.ts';
import styles from './header.module.css';

/**
 * The profile's query and menu arrive with the profile page's code (decision 022); until then
 * the bar shows what it shows while the profile loads. A lazy module the page's loader loads
 * (routes/profile.tsx), not React.lazy: loaded, it draws in the same render, so the server draws
 * it and the browser hydrates it at once; a press on its menu before then is not lost in a
 * boundary still waiting for its code (decision 031).
 */
export const profileHeaderBarModule = lazyModule(() => import('./profile-header-bar.tsx'));

/** The 'profile' header (docs/product/community.md#shell-and-layout): the profile's name and post count with its menu. */
export function ProfileHeader({ hidden = false }: { hidden?: boolean }) {
  const className = [styles.header, hidden && styles.hidden].filter(Boolean).join(' ');
  const bar = profileHeaderBarModule.useModule();
  return bar ? (
    <bar.ProfileHeaderBar className={className} />
  ) : (
    <ProfileTopBar profile={undefined} className={className} />
  );
}
