import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { CampusLogo } from '@/components/campus-logo.tsx';
import { IconButton } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { MEDIA } from '@/lib/media-query.ts';
import { useHasHistoryToGoBackTo } from '@/lib/navigation.ts';
import { ProfileMenu } from '../profile-menu.tsx';
import { SearchBox } from '../search-box.tsx';
import styles from './header.module.css';

/** Home variant: back button (mobile), campus logo (mobile), search box and profile menu. */
export function HomeHeader({ hidden = false }: { hidden?: boolean }) {
  const navigate = useNavigate();
  const canGoBack = useHasHistoryToGoBackTo();
  return (
    <header className={[styles.header, hidden && styles.hidden].filter(Boolean).join(' ')}>
      {canGoBack && (
        <IconButton label="Back" className={`${styles.back} ${styles.backMobile}`} onClick={() => navigate(-1)}>
          <ArrowLeft aria-hidden="true" size={20} />
        </IconButton>
      )}
      <Link to={paths.home.getHref()} aria-label="Home" className={`${styles.logo} ${styles.mobileOnly}`}>
        <CampusLogo size={32} decorative />
      </Link>
      <SearchBox className={styles.search} />
      <div className={styles.menuSlot}>
        <ProfileMenu showUnreadWhen={MEDIA.mobile} />
      </div>
    </header>
  );
}
