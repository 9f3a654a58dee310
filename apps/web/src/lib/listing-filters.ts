import {
  countListingFilters,
  LISTING_FILTER_PARAMS,
  type ListingFilters,
  listingFiltersFromParams,
  listingFiltersToParams,
  NO_LISTING_FILTERS,
} from '@campus/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Filters and sorting live in the address (docs/product/selling.md#filters-and-sorting): a
 * filtered feed, media feed or search can be reloaded and shared, and the route loaders (in the
 * browser and in the server's render) read the same parameters.
 */

/** The filters of an address (a route loader's request, or the page's own search parameters). */
export const listingFiltersOf = (params: URLSearchParams): ListingFilters => listingFiltersFromParams(params);

/** A short canonical text of the filters, for query keys: equal filters, equal keys. */
export const listingFiltersKey = (filters: ListingFilters): string =>
  new URLSearchParams(listingFiltersToParams(filters)).toString();

/** `params` with its filter parameters set to `filters`; every other parameter (category, q, show) kept. */
export function withListingFilters(params: URLSearchParams, filters: ListingFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.values(LISTING_FILTER_PARAMS)) next.delete(name);
  for (const [name, value] of Object.entries(listingFiltersToParams(filters))) next.set(name, value);
  return next;
}

/** The page's filters, how many apply, and ways to change them (the address changes; nothing else). */
export function useListingFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => listingFiltersOf(params), [params]);
  const apply = useCallback(
    (next: ListingFilters) => {
      setParams((current) => withListingFilters(current, next), { replace: true });
      window.scrollTo({ top: 0 });
    },
    [setParams],
  );
  const clear = useCallback(() => apply(NO_LISTING_FILTERS), [apply]);
  return { filters, count: countListingFilters(filters), apply, clear };
}
