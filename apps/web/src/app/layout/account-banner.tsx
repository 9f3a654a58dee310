import { BANNER_TEXTS } from '@campus/contract';
import { BadgeCheck, ChevronRight, School } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useCampusesQuery } from '@/features/find-school/api/get-campuses.ts';
import { useCampus } from '@/lib/campus.ts';
import { useViewer } from '@/lib/viewer.ts';
import styles from './account-banner.module.css';

const VERIFYING_PATHS: ReadonlySet<string> = new Set([
  paths.searchSchools.path,
  paths.settings.schoolEmail.path,
  paths.settings.verifySchoolEmail.path,
]);

/** Green 'Visit Your Campus' on the hub for a member of a campus: opens their campus's site. */
function VisitCampusBanner({ campusId }: { campusId: string }) {
  const campuses = useCampusesQuery();
  const home = campuses.data?.find((c) => c.id === campusId);
  if (!home) return null;
  return (
    <a className={`${styles.banner} ${styles.visit}`} href={home.siteUrl}>
      <School className={styles.icon} aria-hidden="true" size={20} />
      <span className={styles.text}>
        <span className={styles.title}>{BANNER_TEXTS.visitYourCampus}</span>
        <span className={styles.detail}>{home.shortName} Buy / Sell</span>
      </span>
      <ChevronRight className={styles.chevron} aria-hidden="true" size={20} />
    </a>
  );
}

/**
 * The banners at the top of the shell (docs/product/community.md#top-banners): 'Verify your account' while
 * a signed-in person lacks a verified email or school email (to the school finder on the hub,
 * to the school-email page elsewhere), and 'Visit Your Campus' for members visiting the hub.
 */
export function AccountBanner() {
  const viewer = useViewer();
  const campus = useCampus();
  const { pathname } = useLocation();
  if (!viewer) return null;

  if (!viewer.verified || !viewer.schoolVerified) {
    const to = campus.isHub ? paths.searchSchools.getHref() : paths.settings.schoolEmail.getHref();
    // Not on the very pages it leads to (finding a school, entering or confirming the school email).
    if (VERIFYING_PATHS.has(pathname)) return null;
    const detail = campus.isHub
      ? 'Find your school and verify your school email to join it.'
      : 'Verify your school email to post, comment and message.';
    return (
      <Link className={`${styles.banner} ${styles.verify}`} to={to}>
        <BadgeCheck className={styles.icon} aria-hidden="true" size={20} />
        <span className={styles.text}>
          <span className={styles.title}>{BANNER_TEXTS.verifyYourAccount}</span>
          <span className={styles.detail}>{detail}</span>
        </span>
        <ChevronRight className={styles.chevron} aria-hidden="true" size={20} />
      </Link>
    );
  }

  if (campus.isHub && viewer.campusId) return <VisitCampusBanner campusId={viewer.campusId} />;
  return null;
}
