import { NOT_FOUND_TEXTS } from '@campus/contract';
import { CampusLogo } from '@/components/campus-logo.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import styles from './not-found.module.css';

/**
 * /404 (docs/product/community.md#not-found-page: 'Error 404'): also where the geographic gate sends visitors it turns away, so
 * it stands alone without navigation — with the logo and 'Go To Feed', so it is not a dead end
 * (docs/decisions/030-feed-ads-and-rough-edges.md).
 */
export function Component() {
  return (
    <main className={`${styles.notFound} ${styles.standalone}`}>
      <CampusLogo className={styles.logo} size={72} />
      <h1 className={styles.code}>{NOT_FOUND_TEXTS.error404}</h1>
      <p className={styles.text}>{NOT_FOUND_TEXTS.pageDoesNotExist}</p>
      <ButtonLink to={paths.home.getHref()} size="lg">
        {NOT_FOUND_TEXTS.goToFeed}
      </ButtonLink>
    </main>
  );
}
