/**
 * Filters and sorting of the feed, the media feed and search (docs/product/selling.md#filters-and-sorting;
 * decision 036). Constants and plain functions only, without Zod, so the web app's entry can use
 * them; the server's strict schema is in listing-filters-query.ts.
 *
 * In the address and the API a filter is a search parameter: `minPrice` and `maxPrice` in whole
 * dollars, `free=1`, `condition=new,like new` (one or several of CONDITION_VALUES, comma-separated),
 * `sold=1` and `sort=newest|price_asc|price_desc`. Absent means "any" (and Newest).
 */
import { CONDITION_VALUES, type Condition } from './listings.ts';
import { MAX_PRICE_CENTS } from './post-limits.ts';

/** The sorts, the default first: the values sent and the label each one shows. */
export const LISTING_SORTS = [
  { value: 'newest', text: 'Newest' },
  { value: 'price_asc', text: 'Price: low to high' },
  { value: 'price_desc', text: 'Price: high to low' },
] as const;
export type ListingSort = (typeof LISTING_SORTS)[number]['value'];
export const LISTING_SORT_VALUES = LISTING_SORTS.map((s) => s.value) as [ListingSort, ...ListingSort[]];

/** The highest price a filter may name, in whole dollars: the highest price a post may ask. */
export const MAX_FILTER_PRICE_DOLLARS = MAX_PRICE_CENTS / 100;

/** The search parameters, by filter. */
export const LISTING_FILTER_PARAMS = {
  minPrice: 'minPrice',
  maxPrice: 'maxPrice',
  free: 'free',
  condition: 'condition',
  sold: 'sold',
  sort: 'sort',
} as const;

/** What a feed, media feed or search page is narrowed to. */
export interface ListingFilters {
  /** Whole dollars, inclusive. */
  minPrice?: number;
  maxPrice?: number;
  /** Only listings with a price of 0. */
  free: boolean;
  /** Any of these conditions; empty for any condition (or none given). */
  conditions: readonly Condition[];
  /** Sold listings too (expired ones never). */
  sold: boolean;
  sort: ListingSort;
}

export const NO_LISTING_FILTERS: ListingFilters = { free: false, conditions: [], sold: false, sort: 'newest' };

export const LISTING_FILTER_TEXTS = {
  button: 'Filters',
  /** The button when filters apply: 'Filters (2)'. */
  buttonWithCount: (n: number) => `Filters (${n})`,
  title: 'Filters',
  price: 'Price',
  minPrice: 'Min',
  maxPrice: 'Max',
  freeOnly: 'Free only',
  condition: 'Condition',
  showSold: 'Show sold',
  sort: 'Sort',
  apply: 'Apply',
  clear: 'Clear',
  emptyTitle: 'No listings match these filters',
  clearFilters: 'Clear filters',
  /** 400 from the API, and the panel's own check. */
  minAboveMax: "The minimum price can't be above the maximum.",
  priceInvalid: `A price filter is a whole number of dollars from 0 to ${MAX_FILTER_PRICE_DOLLARS.toLocaleString('en-US')}.`,
  conditionInvalid: 'Unknown condition.',
  flagInvalid: 'A yes/no filter is 1 or 0.',
} as const;

/** How many filters apply, for 'Filters (n)': a price range counts once; Newest is no filter. */
export function countListingFilters(filters: ListingFilters): number {
  return (
    Number(filters.minPrice !== undefined || filters.maxPrice !== undefined) +
    Number(filters.free) +
    Number(filters.conditions.length > 0) +
    Number(filters.sold) +
    Number(filters.sort !== 'newest')
  );
}

/** The filters as search parameters, in a fixed order, leaving out what does not apply. */
export function listingFiltersToParams(filters: ListingFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.minPrice !== undefined) params[LISTING_FILTER_PARAMS.minPrice] = String(filters.minPrice);
  if (filters.maxPrice !== undefined) params[LISTING_FILTER_PARAMS.maxPrice] = String(filters.maxPrice);
  if (filters.free) params[LISTING_FILTER_PARAMS.free] = '1';
  if (filters.conditions.length > 0)
    params[LISTING_FILTER_PARAMS.condition] = sortedConditions(filters.conditions).join(',');
  if (filters.sold) params[LISTING_FILTER_PARAMS.sold] = '1';
  if (filters.sort !== 'newest') params[LISTING_FILTER_PARAMS.sort] = filters.sort;
  return params;
}

/** Conditions without repeats, best first (CONDITIONS' order), so equal filters read the same. */
export function sortedConditions(conditions: readonly Condition[]): Condition[] {
  return CONDITION_VALUES.filter((c) => conditions.includes(c));
}

const isCondition = (value: string): value is Condition => (CONDITION_VALUES as readonly string[]).includes(value);

function dollarsOf(value: string | null): number | undefined {
  if (value === null || !/^\d{1,7}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= MAX_FILTER_PRICE_DOLLARS ? n : undefined;
}

/**
 * The filters an address asks for, as the web app reads them: a value that is not one the API
 * takes is left out rather than refused (a hand-edited link still opens), and a minimum above the
 * maximum keeps only the minimum.
 */
export function listingFiltersFromParams(params: { get(name: string): string | null }): ListingFilters {
  const flag = (name: string) => params.get(name) === '1' || params.get(name) === 'true';
  const sort = params.get(LISTING_FILTER_PARAMS.sort);
  const minPrice = dollarsOf(params.get(LISTING_FILTER_PARAMS.minPrice));
  let maxPrice = dollarsOf(params.get(LISTING_FILTER_PARAMS.maxPrice));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) maxPrice = undefined;
  const conditions = (params.get(LISTING_FILTER_PARAMS.condition) ?? '').split(',').filter(isCondition);
  return {
    ...(minPrice === undefined ? {} : { minPrice }),
    ...(maxPrice === undefined ? {} : { maxPrice }),
    free: flag(LISTING_FILTER_PARAMS.free),
    conditions: sortedConditions(conditions),
    sold: flag(LISTING_FILTER_PARAMS.sold),
    sort: LISTING_SORT_VALUES.find((s) => s === sort) ?? 'newest',
  };
}
