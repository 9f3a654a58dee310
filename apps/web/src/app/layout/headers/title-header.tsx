import { ArrowLeft } from 'lucide-react';
import { CountBadge } from '@/components/ui/badge.tsx';
import { IconLink } from '@/components/ui/button.tsx';
import { useUnreadCounts } from '@/lib/unread.ts';
import styles from './header.module.css';
import type { BackConfig } from './header-config.ts';

const BACK_CLASS = { always: '', tablet: styles.backTablet, mobile: styles.backMobile } as const;

interface TitleHeaderProps {
  title: string;
  back?: BackConfig;
  /** The title is the page's h1 unless the page has its own ('p'), or sits beside another (h2). */
  as?: 'h1' | 'h2' | 'p';
  /** Hide (visually) while the page scrolls down on mobile. */
  hidden?: boolean;
  /** Only render below this width (for pages that show their title in the content on desktop). */
  showBelow?: 'tablet';
  className?: string;
}

/** Plain header: optional back button and a title ('Saved', 'Edit Profile', 'About'). */
export function TitleHeader({ title, back, as: Title = 'h1', hidden = false, showBelow, className }: TitleHeaderProps) {
  const unread = useUnreadCounts();
  const classes = [styles.header, hidden && styles.hidden, showBelow && styles.tabletOnly, className];
  return (
    <header className={classes.filter(Boolean).join(' ')}>
      {back && (
        <IconLink to={back.to} label="Back" className={`${styles.back} ${BACK_CLASS[back.below ?? 'always']}`}>
          <ArrowLeft aria-hidden="true" size={20} />
          {/* On phones the back button carries everything unread (docs/product/profiles.md#settings-menu). */}
          <CountBadge
            className={styles.badge}
            count={unread.notifications + unread.messages}
            label="unread notifications and messages"
          />
        </IconLink>
      )}
      <Title className={styles.title}>{title}</Title>
    </header>
  );
}
