import { SearchCombobox } from '@/features/search/components/search-combobox.tsx';

/**
 * The header's search box (docs/product/search.md#search-box): the search feature's combobox. On the hub it opens the
 * school finder instead of searching posts.
 */
export function SearchBox({ className }: { className?: string }) {
  return <SearchCombobox className={className} />;
}
