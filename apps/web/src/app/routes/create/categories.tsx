import { CategoryPage } from '@/features/composer/components/category-page.tsx';

/** /create/categories?goBack=… — the category list for the composer on narrow screens. */
export function Component() {
  return <CategoryPage />;
}
