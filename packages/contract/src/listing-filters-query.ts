import { z } from 'zod';
import { FeedQuerySchema } from './ads.ts';
import {
  LISTING_FILTER_TEXTS,
  LISTING_SORT_VALUES,
  type ListingFilters,
  MAX_FILTER_PRICE_DOLLARS,
  sortedConditions,
} from './listing-filters.ts';
import { CONDITION_VALUES } from './listings.ts';
import { SearchPostsQuerySchema } from './search.ts';

/**
 * The filter parameters as the API takes them (docs/product/selling.md#filters-and-sorting, decision 036):
 * strict, so anything else (a second copy of a parameter, a sign, an exponent, a NUL, a long
 * value, an unknown condition) is a 400 that says which filter is wrong, never a database error.
 */
const Dollars = z
  .string()
  .regex(/^\d{1,7}$/, LISTING_FILTER_TEXTS.priceInvalid)
  .transform(Number)
  .refine((n) => n <= MAX_FILTER_PRICE_DOLLARS, LISTING_FILTER_TEXTS.priceInvalid);

const Flag = z
  .enum(['1', '0', 'true', 'false'], { error: LISTING_FILTER_TEXTS.flagInvalid })
  .transform((v) => v === '1' || v === 'true');

const Conditions = z
  .string()
  .max(100, LISTING_FILTER_TEXTS.conditionInvalid)
  .transform((v) => v.split(','))
  .pipe(
    z.array(z.enum(CONDITION_VALUES, { error: LISTING_FILTER_TEXTS.conditionInvalid })).max(CONDITION_VALUES.length),
  )
  .transform(sortedConditions);

/** The filter fields, to put into a route's query schema (then checked with `priceRangeInOrder`). */
const LISTING_FILTER_QUERY = {
  minPrice: Dollars.optional(),
  maxPrice: Dollars.optional(),
  free: Flag.optional(),
  condition: Conditions.optional(),
  sold: Flag.optional(),
  sort: z.enum(LISTING_SORT_VALUES).default('newest'),
};

type ParsedFilterQuery = {
  minPrice?: number;
  maxPrice?: number;
  free?: boolean;
  condition?: ListingFilters['conditions'];
  sold?: boolean;
  sort: ListingFilters['sort'];
};

/** A minimum above the maximum is refused with a message that says so. */
function priceRangeInOrder(query: { minPrice?: number; maxPrice?: number }, ctx: z.RefinementCtx): void {
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    ctx.addIssue({ code: 'custom', message: LISTING_FILTER_TEXTS.minAboveMax, path: ['minPrice'] });
  }
}

/** The filters of a parsed query. */
export function listingFiltersOf(query: ParsedFilterQuery): ListingFilters {
  return {
    ...(query.minPrice === undefined ? {} : { minPrice: query.minPrice }),
    ...(query.maxPrice === undefined ? {} : { maxPrice: query.maxPrice }),
    free: query.free ?? false,
    conditions: query.condition ?? [],
    sold: query.sold ?? false,
    sort: query.sort,
  };
}

/*
 * The routes' query schemas with the filters. They live here, not beside the schemas they
 * extend (ads.ts, search.ts): the web app's entry uses constants of those modules, and the
 * refinement below would keep Zod in the entry (decision 022).
 */

/** GET /api/posts: the home feed's page, category and `shown`, with the filters. */
export const FilteredFeedQuerySchema = FeedQuerySchema.extend(LISTING_FILTER_QUERY).superRefine(priceRangeInOrder);

/** GET /api/posts/media: a page of the media feed, filtered. */
export const MediaFeedQuerySchema = z
  .object({ cursor: z.string().max(200).optional(), ...LISTING_FILTER_QUERY })
  .superRefine(priceRangeInOrder);

/** GET /api/search/posts: Latest or Media hits, filtered. */
export const FilteredSearchPostsQuerySchema =
  SearchPostsQuerySchema.extend(LISTING_FILTER_QUERY).superRefine(priceRangeInOrder);
