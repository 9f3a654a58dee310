import { SAVED_SEARCH_TEXTS } from '@campus/contract';
import { paths } from '@/config/paths.ts';
import { SavedSearchList } from '@/features/search/components/saved-searches.tsx';
import { TitleHeader } from '../../layout/headers/title-header.tsx';
import styles from './settings-layout.module.css';

/** /settings/saved-searches (docs/product/notifications.md#saved-searches); back to the menu at ≤ 1000 px. */
export function Component() {
  return (
    <section>
      <TitleHeader title={SAVED_SEARCH_TEXTS.title} back={{ to: paths.settings.root.getHref(), below: 'tablet' }} />
      <p className={styles.pageIntro}>{SAVED_SEARCH_TEXTS.intro}</p>
      <SavedSearchList />
    </section>
  );
}
