import {
  conditionText,
  LISTING_FILTER_TEXTS,
  LISTING_SORTS,
  type ListingFilters,
  listingFiltersToParams,
  listingPrice,
  SAVED_SEARCH_TEXTS,
  type SavedSearch,
} from '@campus/contract';
import { Bookmark, BookmarkCheck, Search, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button, IconButton } from '@/components/ui/button.tsx';
import { EmptyState, ErrorState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import {
  searchIdentity,
  useCanSaveSearches,
  useCreateSavedSearch,
  useDeleteSavedSearch,
  useSavedSearchesQuery,
} from '../api/saved-searches.ts';
import styles from './saved-searches.module.css';

/** The search page's address of a saved search: its query, tab and filters. */
function savedSearchHref(search: Pick<SavedSearch, 'q' | 'show' | 'filters'>): string {
  return paths.search.getHref({
    q: search.q,
    ...(search.show === 'media' ? { show: 'media' } : {}),
    ...listingFiltersToParams(search.filters as ListingFilters),
  });
}

/** The filters in words: '$10–$60 · Like new, Good · Media only · Price: low to high'. */
function describeFilters(search: Pick<SavedSearch, 'show' | 'filters'>): string {
  const f = search.filters;
  const parts: string[] = [];
  if (f.minPrice !== undefined && f.maxPrice !== undefined)
    parts.push(`${listingPrice(f.minPrice * 100)}–${listingPrice(f.maxPrice * 100)}`);
  else if (f.minPrice !== undefined) parts.push(`${listingPrice(f.minPrice * 100)} and up`);
  else if (f.maxPrice !== undefined) parts.push(`Up to ${listingPrice(f.maxPrice * 100)}`);
  if (f.free) parts.push(LISTING_FILTER_TEXTS.freeOnly);
  if (f.conditions.length > 0) parts.push(f.conditions.map((c) => conditionText(c) ?? c).join(', '));
  if (f.sold) parts.push(LISTING_FILTER_TEXTS.showSold);
  if (search.show === 'media') parts.push(SAVED_SEARCH_TEXTS.media);
  if (f.sort !== 'newest') parts.push(LISTING_SORTS.find((s) => s.value === f.sort)?.text ?? f.sort);
  return parts.join(' · ');
}

/** The server's message for a refused save or delete, or ours. */
function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 ? error.message : fallback;
}

/**
 * 'Save this search' beside the filters of a results page (docs/product/notifications.md#saved-searches):
 * saves the query, tab and filters; when this very search is saved it says so, and pressing it
 * removes it again.
 */
export function SaveSearchButton(props: { q: string; show: 'latest' | 'media'; filters: ListingFilters }) {
  // A guest from another campus searches here but keeps no searches here.
  return useCanSaveSearches() ? <SaveSearchToggle {...props} /> : null;
}

function SaveSearchToggle({ q, show, filters }: { q: string; show: 'latest' | 'media'; filters: ListingFilters }) {
  const list = useSavedSearchesQuery();
  const create = useCreateSavedSearch();
  const remove = useDeleteSavedSearch();
  const { showAlert } = useAlert();
  const identity = searchIdentity({ q, show, filters: { ...filters, conditions: [...filters.conditions] } });
  const saved = list.data?.savedSearches.find((s) => searchIdentity(s) === identity);
  const busy = create.isPending || remove.isPending || list.isPending;

  const handleClick = () => {
    if (saved) {
      remove.mutate(saved.id, {
        onSuccess: () => showAlert(SAVED_SEARCH_TEXTS.removedToast, { type: 'okay' }),
        onError: (error) => showAlert(failureText(error, SAVED_SEARCH_TEXTS.deleteFailed), { type: 'danger' }),
      });
      return;
    }
    create.mutate(
      { q, show, filters },
      {
        onSuccess: () => showAlert(SAVED_SEARCH_TEXTS.savedToast, { type: 'okay' }),
        onError: (error) => showAlert(failureText(error, SAVED_SEARCH_TEXTS.saveFailed), { type: 'danger' }),
      },
    );
  };

  const Icon = saved ? BookmarkCheck : Bookmark;
  return (
    <Button
      variant="secondary"
      size="sm"
      className={styles.saveButton}
      aria-pressed={saved !== undefined}
      disabled={busy}
      onClick={handleClick}
      title={saved ? SAVED_SEARCH_TEXTS.remove : undefined}
    >
      <Icon size={16} aria-hidden="true" />
      {saved ? SAVED_SEARCH_TEXTS.saved : SAVED_SEARCH_TEXTS.save}
    </Button>
  );
}

function RowsSkeleton({ count = 3 }: { count?: number }) {
  return (
    <ul className={styles.list} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className={styles.row}>
          <span className={styles.rowLink}>
            <Skeleton width="50%" height={16} />
            <Skeleton width="30%" height={12} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function SavedSearchRow({ search }: { search: SavedSearch }) {
  const remove = useDeleteSavedSearch();
  const { showAlert } = useAlert();
  const details = describeFilters(search);
  return (
    <li className={styles.row}>
      <Link className={styles.rowLink} to={savedSearchHref(search)}>
        <span className={styles.query}>{search.q}</span>
        {details && <span className={styles.details}>{details}</span>}
      </Link>
      <IconButton
        label={SAVED_SEARCH_TEXTS.deleteLabel(search.q)}
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(search.id, {
            onSuccess: () => showAlert(SAVED_SEARCH_TEXTS.removedToast, { type: 'okay' }),
            onError: (error) => showAlert(failureText(error, SAVED_SEARCH_TEXTS.deleteFailed), { type: 'danger' }),
          })
        }
      >
        <Trash2 size={18} aria-hidden="true" />
      </IconButton>
    </li>
  );
}

/**
 * The viewer's saved searches with Delete (Settings > Saved searches), loading, empty and error
 * states included. `compact`: the search page's short list above popular searches, drawn only
 * when there is something to show.
 */
export function SavedSearchList({ compact = false }: { compact?: boolean }) {
  const member = useCanSaveSearches();
  const query = useSavedSearchesQuery();
  if (!member) {
    return compact ? null : (
      <EmptyState
        icon={<Search aria-hidden="true" size={28} />}
        title={SAVED_SEARCH_TEXTS.empty}
        body={SAVED_SEARCH_TEXTS.membersOnly}
      />
    );
  }
  if (compact) {
    const searches = query.data?.savedSearches ?? [];
    if (searches.length === 0) return null;
    return (
      <section className={styles.compact} aria-labelledby="saved-searches-title">
        <div className={styles.compactHead}>
          <h2 id="saved-searches-title" className={styles.compactTitle}>
            {SAVED_SEARCH_TEXTS.yourSaved}
          </h2>
          <Link className={styles.manage} to={paths.settings.savedSearches.getHref()}>
            {SAVED_SEARCH_TEXTS.manage}
          </Link>
        </div>
        <ul className={styles.list}>
          {searches.map((search) => (
            <SavedSearchRow key={search.id} search={search} />
          ))}
        </ul>
      </section>
    );
  }
  if (query.isPending) return <RowsSkeleton />;
  if (query.isError) {
    return (
      <ErrorState
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        body={SAVED_SEARCH_TEXTS.loadFailed}
      />
    );
  }
  const { savedSearches, limit } = query.data;
  if (savedSearches.length === 0) {
    return (
      <EmptyState
        icon={<Search aria-hidden="true" size={28} />}
        title={SAVED_SEARCH_TEXTS.empty}
        body={SAVED_SEARCH_TEXTS.emptyBody}
      />
    );
  }
  return (
    <>
      <p className={styles.count}>
        {savedSearches.length} of {limit}
      </p>
      <ul className={styles.list} aria-label={SAVED_SEARCH_TEXTS.title}>
        {savedSearches.map((search) => (
          <SavedSearchRow key={search.id} search={search} />
        ))}
      </ul>
    </>
  );
}
