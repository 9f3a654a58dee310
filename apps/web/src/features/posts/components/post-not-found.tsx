import { POST_DETAIL_MESSAGES } from '@campus/contract';
import { Search, SearchX } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import styles from './post-not-found.module.css';

const SEARCH = 'Search';

/** A post that does not exist (any more, or on another campus): spec 1 §2 'Missing post'. */
export function PostNotFound() {
  return (
    <div className={styles.notFound}>
      <span className={styles.icon}>
        <SearchX aria-hidden="true" size={28} />
      </span>
      <h2 className={styles.text}>{POST_DETAIL_MESSAGES.notFound}</h2>
      <ButtonLink to={paths.search.getHref()} size="lg">
        <Search aria-hidden="true" size={18} />
        {SEARCH}
      </ButtonLink>
    </div>
  );
}
