import { type CampusSummary, SCHOOL_FINDER_TEXTS, type Viewer } from '@campus/contract';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink, buttonClassName } from '@/components/ui/button.tsx';
import { DialogCloseButton, DialogDescription, DialogShell, DialogTitle } from '@/components/ui/modal.tsx';
import { paths } from '@/config/paths.ts';
import { placeOf } from '../lib/match-schools.ts';
import styles from './school-modal.module.css';

interface SchoolModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The school picked; null when the address names no known school. */
  school: CampusSummary | null;
  viewer: Viewer | null;
  /** What a visitor gets from 'Join Campus': the sign-in modal for 'join campus', or a link. */
  visitorJoin: ReactNode;
  onCloseAutoFocus?: (event: Event) => void;
}

function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className={buttonClassName({ size: 'lg', block: true })} href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <ExternalLink size={18} aria-hidden="true" />
      <span className="visually-hidden">(opens in a new tab)</span>
    </a>
  );
}

/**
 * The button of a school's modal depends on who looks (docs/product/search.md#find-your-school): a member of this school
 * views it, a member of another visits as a guest (both in a new tab), anyone else joins.
 */
function SchoolAction({
  school,
  viewer,
  visitorJoin,
}: Pick<SchoolModalProps, 'viewer' | 'visitorJoin'> & { school: CampusSummary }) {
  if (viewer?.schoolVerified) {
    const own = viewer.campusId === school.id;
    return (
      <NewTabLink href={school.siteUrl}>
        {own ? SCHOOL_FINDER_TEXTS.viewYourCampus : SCHOOL_FINDER_TEXTS.visitAsGuest}
      </NewTabLink>
    );
  }
  if (!viewer) return visitorJoin;
  return (
    <ButtonLink to={paths.settings.schoolEmail.getHref({ campus: school.id })} size="lg" block>
      {SCHOOL_FINDER_TEXTS.joinCampus}
    </ButtonLink>
  );
}

/** The modal of one school of Find Your School: its logo, name and place, and one button. */
export function SchoolModal({ open, onOpenChange, school, viewer, visitorJoin, onCloseAutoFocus }: SchoolModalProps) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      layout="card"
      className={styles.dialog}
      onCloseAutoFocus={onCloseAutoFocus}
      described={!!school}
    >
      <DialogCloseButton className={styles.close} />
      {school ? (
        <>
          <img className={styles.logo} src={school.logoUrl} alt="" width={88} height={88} decoding="async" />
          <DialogTitle className={styles.name}>{school.name}</DialogTitle>
          <DialogDescription className={styles.place}>{placeOf(school)}</DialogDescription>
          <div className={styles.action}>
            <SchoolAction school={school} viewer={viewer} visitorJoin={visitorJoin} />
          </div>
        </>
      ) : (
        <DialogTitle className={styles.name}>{SCHOOL_FINDER_TEXTS.noSchoolSelected}</DialogTitle>
      )}
    </DialogShell>
  );
}
