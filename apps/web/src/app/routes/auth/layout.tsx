import { FOOTER_YEAR } from '@campus/contract';
import { Link, Outlet } from 'react-router';
import { CampusLogo } from '@/components/campus-logo.tsx';
import { paths } from '@/config/paths.ts';
import { siteName, useCampus } from '@/lib/campus.ts';
import styles from './auth-layout.module.css';

const MAIN_ID = 'main-content';

/**
 * The frame of the sign-in screens (/user_registration, /login, /register, /verify, …): no
 * navigation columns to wander off into, just the campus at the top, one column in the middle
 * and the privacy and support links at the bottom.
 */
export function Component() {
  const campus = useCampus();
  return (
    <div className={styles.page}>
      <a className={styles.skipLink} href={`#${MAIN_ID}`}>
        Skip to content
      </a>
      <header className={styles.top}>
        <Link to={paths.home.getHref()} className={styles.brand}>
          <CampusLogo className={styles.brandLogo} size={32} decorative />
          <span>{siteName(campus)}</span>
        </Link>
      </header>
      <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        <ul className={styles.links} aria-label="Privacy and support">
          <li>
            <Link to={paths.settings.terms.getHref()}>Terms of Service</Link>
          </li>
          <li>
            <Link to={paths.settings.privacy.getHref()}>Privacy Policy</Link>
          </li>
          <li>
            <Link to={paths.settings.privacy.getHref('cookies')}>Cookies</Link>
          </li>
          <li>
            <Link to={paths.settings.help.getHref()}>Help</Link>
          </li>
          <li>
            <a href={`mailto:${campus.supportEmail}`}>{campus.supportEmail}</a>
          </li>
        </ul>
        <p>
          © {FOOTER_YEAR} {siteName(campus)}
        </p>
      </footer>
    </div>
  );
}
