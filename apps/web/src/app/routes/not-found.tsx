import { NOT_FOUND_TEXTS } from '@campus/contract';
import { CampusLogo } from '@/components/campus-logo.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import styles from './not-found.module.css';

/** Any unknown path (docs/product/community.md#not-found-page). `standalone` when drawn without the shell around it. */
export function NotFound({ standalone = false }: { standalone?: boolean }) {
  const content = (
    <div className={[styles.notFound, standalone && styles.standalone].filter(Boolean).join(' ')}>
      <CampusLogo className={styles.logo} size={72} />
      <h1 className={styles.title}>{NOT_FOUND_TEXTS.pageDoesNotExist}</h1>
      <p className={styles.text}>{NOT_FOUND_TEXTS.trySearchingElse}</p>
      <ButtonLink to={paths.home.getHref()} size="lg">
        {NOT_FOUND_TEXTS.goToFeed}
      </ButtonLink>
    </div>
  );
  return standalone ? <main>{content}</main> : content;
}
