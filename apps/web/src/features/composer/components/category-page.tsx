import { CATEGORIES } from '@campus/contract';
import { Check } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { ModalPage, useGoBack } from '@/components/ui/modal.tsx';
import { paths } from '@/config/paths.ts';
import { draftStore, useDraft } from '../lib/draft-store.ts';
import { CATEGORY_TEXTS } from './category-field.tsx';
import styles from './composer.module.css';

const OPTIONS = [{ text: CATEGORY_TEXTS.noCategory, value: null }, ...CATEGORIES];

/**
 * /create/categories?goBack=… (docs/product/community.md#narrow-screen-pages): the category list as a page on narrow screens.
 * Choosing one sets it on the post draft and returns to the composer, text and files intact.
 */
export function CategoryPage() {
  const draft = useDraft('post');
  const fallback = paths.createPost.getHref();
  const backTo = useGoBack(fallback);
  const navigate = useNavigate();
  const location = useLocation();

  const handleChoose = (value: string | null) => {
    draftStore.setCategory('post', value);
    // Back to the composer entry this page was opened from, rather than stacking a new one;
    // opened directly (no history in this app), go to goBack.
    if (location.key !== 'default') navigate(-1);
    else navigate(backTo, { replace: true });
  };

  return (
    <ModalPage title={CATEGORY_TEXTS.chooseCategory} fallback={fallback}>
      <ul className={styles.categoryList}>
        {OPTIONS.map(({ text, value }) => {
          const selected = draft.category === value;
          return (
            <li key={value ?? 'none'}>
              <button
                type="button"
                className={styles.categoryOption}
                aria-pressed={selected}
                onClick={() => handleChoose(value)}
              >
                <span>{text}</span>
                {selected && <Check className={styles.categoryCheck} aria-hidden="true" size={20} />}
              </button>
            </li>
          );
        })}
      </ul>
    </ModalPage>
  );
}
