import { CampusLogo } from '@/components/campus-logo.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import styles from './not-found.module.css';

/**
 * /404 (spec 1 §2: 'Error 404'): also where the geographic gate sends visitors it turns away, so
 * it stands alone without navigation — with the logo and 'Go To Feed', so it is not a dead end
 * (issue 24 item 9).
 */
export function Component() {
  return (
    <main className={`${styles.notFound} ${styles.standalone}`}>
      <CampusLogo className={styles.logo} size={72} />
      <h1 className={styles.code}>Error 404</h1>
      <p className={styles.text}>This page doesn't exist.</p>
      <ButtonLink to={paths.home.getHref()} size="lg">
        Go To Feed
      </ButtonLink>
    </main>
  );
}
