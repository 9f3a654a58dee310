/**
 * Search (docs/product/search.md#search-page, docs/product/search.md#popular-searches, docs/product/search.md#search-pagination,
 * docs/product/search.md#search-box, docs/product/search.md#what-is-searched; docs/product/search.md#search-box, docs/product/search.md#recent-searches, docs/product/community.md#post-text-limit, docs/product/community.md#alerts).
 */

import { z } from 'zod';
import { PostAuthorSchema } from './posts.ts';

const SEARCH_TABS = ['latest', 'media', 'people'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

export const SEARCH_LIMITS = {
  /** Longer queries are refused (400); anything up to this is just text. */
  queryMax: 1000,
  /** Words of a query that take part in matching; the rest are ignored. */
  wordsUsed: 6,
  /** A word is cut to this many characters (no real word is longer). */
  wordMax: 32,
  /** Recent and popular searches keep this many characters of the text. */
  savedTextMax: 100,
  /** Suggestions in the header box's dropdown. */
  suggestions: 5,
  /** Recent searches kept per person ('My Recent'). */
  recentKept: 10,
} as const;

/**
 * The text of a query: any string up to 1,000 characters. Control characters (NUL included)
 * are removed rather than refused, so hostile input is plain text that finds nothing.
 */
const SearchTextSchema = z
  .string()
  .max(SEARCH_LIMITS.queryMax)
  .transform((t) => t.replace(/\p{Cc}/gu, ' ').trim());

export const SearchPostsQuerySchema = z.object({
  q: SearchTextSchema.default(''),
  show: z.enum(['latest', 'media']).default('latest'),
  cursor: z.string().max(200).optional(),
});

export const SearchPeopleQuerySchema = z.object({
  q: SearchTextSchema.default(''),
  cursor: z.string().max(200).optional(),
});

export const SearchSuggestionsQuerySchema = z.object({ q: SearchTextSchema.default('') });

/** A People hit (docs/product/search.md#search-hits: first_name, last_name, username, img, campus_id). */
const SearchPersonSchema = PostAuthorSchema.extend({ campusId: z.string() });
export type SearchPerson = z.infer<typeof SearchPersonSchema>;

export const SearchPeopleListSchema = z.object({
  people: z.array(SearchPersonSchema),
  nextCursor: z.string().nullable(),
});
export type SearchPeopleList = z.infer<typeof SearchPeopleListSchema>;

/** A suggestion under the header box: the post's first line, linking to the post. */
const SearchSuggestionSchema = z.object({
  postId: z.string(),
  text: z.string(),
  hasMedia: z.boolean(),
});
export const SearchSuggestionsSchema = z.object({ suggestions: z.array(SearchSuggestionSchema) });
export type SearchSuggestion = z.infer<typeof SearchSuggestionSchema>;

/** Popular search (docs/product/search.md#popular-searches): text and total views, top 14 of the campus. */
const PopularSearchSchema = z.object({ text: z.string(), totalViews: z.number().int() });
export const PopularSearchesSchema = z.object({ searches: z.array(PopularSearchSchema) });
export type PopularSearch = z.infer<typeof PopularSearchSchema>;

/** A recent search of the signed-in person (docs/product/search.md#recent-searches), newest first. */
const RecentSearchSchema = z.object({ id: z.string(), text: z.string(), lastModified: z.string() });
export const RecentSearchesSchema = z.object({ searches: z.array(RecentSearchSchema) });
export type RecentSearch = z.infer<typeof RecentSearchSchema>;

export const AddRecentSearchBodySchema = z.object({
  text: SearchTextSchema.pipe(z.string().min(1)),
});
export const RecentSearchParamsSchema = z.object({ searchId: z.string().min(1).max(64) });
