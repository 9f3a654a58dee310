import { CampusLogo } from '@/components/campus-logo.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import styles from './not-found.module.css';

/** Any unknown path (spec 1 §2). `standalone` when drawn without the shell around it. */
export function NotFound({ standalone = false }: { standalone?: boolean }) {
  const content = (
    <div className={[styles.notFound, standalone && styles.standalone].filter(Boolean).join(' ')}>
      <CampusLogo className={styles.logo} size={72} />
      <h1 className={styles.title}>This page doesn't exist.</h1>
      <p className={styles.text}>Try searching for something else.</p>
      <ButtonLink to={paths.home.getHref()} size="lg">
        Go To Feed
      </ButtonLink>
    </div>
  );
  return standalone ? <main>{content}</main> : content;
}
