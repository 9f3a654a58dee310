import { CampusLogo } from '@/components/campus-logo.tsx';
import styles from './not-found.module.css';

/**
 * /404 (spec 1 §2): also where the geographic gate sends visitors it turns away, so it stands
 * alone without navigation.
 */
export function Component() {
  return (
    <main className={`${styles.notFound} ${styles.standalone}`}>
      <CampusLogo className={styles.logo} size={72} />
      <h1 className={styles.code}>Error 404</h1>
    </main>
  );
}
