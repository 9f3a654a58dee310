import { z } from 'zod';
import {
  LISTING_FILTER_TEXTS,
  LISTING_SORT_VALUES,
  MAX_FILTER_PRICE_DOLLARS,
  sortedConditions,
} from './listing-filters.ts';
import { CONDITION_VALUES } from './listings.ts';
import { SAVED_SEARCH_LIMITS } from './saved-searches.ts';

/**
 * The API's saved-search schemas (decision 040). The filters are the search page's listing
 * filters (decision 036) as JSON: the same bounds, conditions and sorts, strict.
 */
const Dollars = z.number().int(LISTING_FILTER_TEXTS.priceInvalid).min(0).max(MAX_FILTER_PRICE_DOLLARS);

const SavedSearchFiltersSchema = z
  .object({
    minPrice: Dollars.optional(),
    maxPrice: Dollars.optional(),
    free: z.boolean().default(false),
    conditions: z
      .array(z.enum(CONDITION_VALUES, { error: LISTING_FILTER_TEXTS.conditionInvalid }))
      .max(CONDITION_VALUES.length)
      .default([])
      .transform(sortedConditions),
    sold: z.boolean().default(false),
    sort: z.enum(LISTING_SORT_VALUES).default('newest'),
  })
  .strict()
  .superRefine((f, ctx) => {
    if (f.minPrice !== undefined && f.maxPrice !== undefined && f.minPrice > f.maxPrice) {
      ctx.addIssue({ code: 'custom', message: LISTING_FILTER_TEXTS.minAboveMax, path: ['minPrice'] });
    }
  });

/**
 * POST /api/saved-searches. The query is the search page's text: control characters (NUL
 * included) become spaces as in search, and more than 200 characters is a 400.
 */
export const CreateSavedSearchBodySchema = z
  .object({
    q: z
      .string()
      .max(SAVED_SEARCH_LIMITS.queryMax)
      .transform((t) =>
        t
          .replace(/\p{Cc}/gu, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      )
      .pipe(z.string().min(1)),
    show: z.enum(['latest', 'media']).default('latest'),
    filters: SavedSearchFiltersSchema.default({ free: false, conditions: [], sold: false, sort: 'newest' }),
  })
  .strict();

const SavedSearchSchema = z.object({
  id: z.string(),
  q: z.string(),
  show: z.enum(['latest', 'media']),
  filters: z.object({
    minPrice: z.number().int().optional(),
    maxPrice: z.number().int().optional(),
    free: z.boolean(),
    conditions: z.array(z.enum(CONDITION_VALUES)),
    sold: z.boolean(),
    sort: z.enum(LISTING_SORT_VALUES),
  }),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

export const SavedSearchListSchema = z.object({
  savedSearches: z.array(SavedSearchSchema),
  /** How many a member may keep (20). */
  limit: z.number().int(),
});
export type SavedSearchList = z.infer<typeof SavedSearchListSchema>;

export const SavedSearchParamsSchema = z.object({ savedSearchId: z.string().min(1).max(64) });
