import {
  type CampusDefinition,
  HTTP_ERROR_MESSAGES,
  type ListingFilters,
  PAGE_SIZES,
  type PopularSearch,
  type PostList,
  type RecentSearch,
  SEARCH_LIMITS,
  SEARCH_MESSAGES,
  type SearchPeopleList,
  type SearchSuggestion,
} from '@campus/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { errors } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { decodeListingCursor, nextListingCursor, postCards } from '../posts/index.ts';
import { popularText, queryWords, swapVariants, tsqueryGroups } from './query.ts';
import { presentPerson, presentSuggestion } from './search.presenter.ts';
import {
  allGroupsCommon,
  clearRecent,
  correctWords,
  countView,
  deleteRecent,
  insertRecent,
  listPopular,
  listRecent,
  purgePopularSearchViews as purgeViews,
  searchPeople,
  searchPostIds,
  setWordSimilarityThreshold,
  suggestPosts,
  trimRecent,
} from './search.repo.ts';

export interface SearchDeps {
  db: Database;
  storage: StorageDriver;
  clock: Clock;
}

const WORD = /^[\p{L}\p{N}]+$/u;

/** A query ready for the posts index: its tsquery, and whether a word is new to the campus. */
export interface PostQuery {
  tsquery: string;
  /**
   * A word matches none of the lexemes PostgreSQL counts as common in posts (its statistics'
   * most common elements): the query has few matches on any campus (see searchPostIds).
   */
  rare: boolean;
}

/**
 * The tsquery of a text on a campus, or null when it has no words (an empty search is ignored).
 * Exported for bench/search.ts, which times the same SQL without HTTP.
 */
export async function tsqueryFor(deps: SearchDeps, campusId: string, text: string): Promise<PostQuery | null> {
  const query = await searchGroupsFor(deps.db, campusId, text);
  if (!query) return null;
  return { tsquery: query.groups.join(' & '), rare: !(await allGroupsCommon(deps.db, query.groups)) };
}

/**
 * The search page's matching of a text on a campus, one tsquery group per word (the word as a
 * prefix, or its corrections): all groups must match. Null when the text has no words. Saved
 * searches store these groups (decision 040), so a new post is matched as the search page would.
 */
export async function searchGroupsFor(
  db: DbOrTx,
  campusId: string,
  text: string,
): Promise<{ words: string[]; groups: string[] } | null> {
  const words = queryWords(text);
  if (words.length === 0) return null;
  const swaps = words.flatMap((word) => swapVariants(word).map((variant) => ({ word, variant })));
  const { known, corrections } = await correctWords(db, campusId, words, swaps);
  const used = new Map<string, string[]>();
  for (const word of words) {
    if (known.has(word)) continue;
    used.set(
      word,
      (corrections.get(word) ?? []).filter((t) => WORD.test(t)),
    );
  }
  const groups = tsqueryGroups(words, used);
  return groups.length === 0 ? null : { words, groups };
}

/**
 * Latest and Media (docs/product/search.md#search-page): 10 hits a page, newest first or by price, filtered
 * (docs/product/selling.md#filters-and-sorting), in a fixed number of queries
 * (corrections, the page's ids, the posts with their authors, their media, the viewer's likes,
 * and on a first page the view count).
 */
export async function findPosts(
  deps: SearchDeps,
  viewer: SessionUser | null,
  campus: CampusDefinition,
  query: { q: string; show: 'latest' | 'media'; cursor?: string; filters: ListingFilters },
): Promise<PostList> {
  const after = decodeListingCursor(query.filters, query.cursor);
  const postQuery = await tsqueryFor(deps, campus.id, query.q);
  if (!postQuery) return { posts: [], nextCursor: null };
  const limit = PAGE_SIZES.search;
  const ids = await searchPostIds(deps.db, {
    campusId: campus.id,
    ...postQuery,
    mediaOnly: query.show === 'media',
    viewerId: viewer?.id,
    filters: query.filters,
    after,
    limit,
  });
  // Popular searches count the first page of searches that found something, by members of this
  // campus only (visitors and guests from other campuses never), once per member, text and day.
  const counted = viewer?.campusId === campus.id && !after && ids.length > 0 ? popularText(query.q) : '';
  const [posts] = await Promise.all([
    postCards(deps, viewer?.id ?? null, ids),
    counted && viewer
      ? countView(deps.db, { campusId: campus.id, userId: viewer.id, text: counted, at: deps.clock.now() })
      : Promise.resolve(),
  ]);
  return { posts, nextCursor: nextListingCursor(query.filters, posts, limit) };
}

/** People pages are numbered (docs/product/search.md#search-pagination); the cursor is the next offset. */
const MAX_PEOPLE_OFFSET = 10_000;
/** How close a typed word must be to a word of a name (pg_trgm word similarity). */
const PEOPLE_WORD_SIMILARITY = 0.5;

function decodeOffset(cursor: string | undefined): number {
  if (!cursor) return 0;
  const offset = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isInteger(offset) || offset < 0 || offset > MAX_PEOPLE_OFFSET) {
    throw errors.badRequest(HTTP_ERROR_MESSAGES.invalidCursor, 'INVALID_CURSOR');
  }
  return offset;
}

export async function findPeople(
  deps: SearchDeps,
  viewer: SessionUser | null,
  campus: CampusDefinition,
  query: { q: string; cursor?: string },
): Promise<SearchPeopleList> {
  const offset = decodeOffset(query.cursor);
  const words = queryWords(query.q);
  if (words.length === 0) return { people: [], nextCursor: null };
  const limit = PAGE_SIZES.search;
  const rows = await deps.db.transaction(async (tx) => {
    // 'jordna' is 0.57 like 'jordana'; the default 0.6 would miss a one-letter slip.
    await setWordSimilarityThreshold(tx, PEOPLE_WORD_SIMILARITY);
    return searchPeople(tx, { campusId: campus.id, words, text: words.join(' '), viewerId: viewer?.id, offset, limit });
  });
  const next = offset + limit;
  return {
    people: rows.map((r) => presentPerson(r, deps.storage)),
    nextCursor:
      rows.length === limit && next <= MAX_PEOPLE_OFFSET ? Buffer.from(String(next)).toString('base64url') : null,
  };
}

/** The header box's suggestions: the best-ranked of the newest matches (see `suggestPosts`). */
export async function suggest(
  deps: SearchDeps,
  viewer: SessionUser | null,
  campus: CampusDefinition,
  q: string,
): Promise<{ suggestions: SearchSuggestion[] }> {
  const postQuery = await tsqueryFor(deps, campus.id, q);
  if (!postQuery) return { suggestions: [] };
  const rows = await suggestPosts(deps.db, {
    campusId: campus.id,
    ...postQuery,
    viewerId: viewer?.id,
    limit: SEARCH_LIMITS.suggestions,
  });
  return { suggestions: rows.map(presentSuggestion) };
}

export async function popular(deps: SearchDeps, campus: CampusDefinition): Promise<{ searches: PopularSearch[] }> {
  return { searches: await listPopular(deps.db, campus.id, PAGE_SIZES.popularSearchesFetched) };
}

async function recentOf(deps: SearchDeps, viewer: SessionUser, campus: CampusDefinition) {
  const rows = await listRecent(deps.db, viewer.id, campus.id, SEARCH_LIMITS.recentKept);
  return {
    searches: rows.map((r): RecentSearch => ({ id: r.id, text: r.text, lastModified: r.lastModified.toISOString() })),
  };
}

export const recent = recentOf;

/**
 * Adds a recent search (docs/product/search.md#recent-searches): a second copy of the same text (any case) is refused
 * with 'That query has already been added.'; only the newest 10 are kept.
 */
export async function addRecent(
  deps: SearchDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  text: string,
): Promise<{ searches: RecentSearch[] }> {
  const saved = text.replace(/\s+/g, ' ').slice(0, SEARCH_LIMITS.savedTextMax);
  await deps.db.transaction(async (tx) => {
    const added = await insertRecent(tx, {
      id: newId(),
      userId: viewer.id,
      campusId: campus.id,
      text: saved,
      at: deps.clock.now(),
    });
    if (!added) throw errors.conflict(SEARCH_MESSAGES.queryAlreadyAdded, 'SEARCH_ALREADY_ADDED');
    await trimRecent(tx, viewer.id, campus.id, SEARCH_LIMITS.recentKept);
  });
  return recentOf(deps, viewer, campus);
}

export async function removeRecent(
  deps: SearchDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  id: string,
): Promise<{ searches: RecentSearch[] }> {
  // Someone else's id, or one of another campus, is simply not found: nothing is deleted.
  if (!(await deleteRecent(deps.db, viewer.id, campus.id, id))) {
    throw errors.notFound(HTTP_ERROR_MESSAGES.notFound, 'RECENT_SEARCH_NOT_FOUND');
  }
  return recentOf(deps, viewer, campus);
}

export async function clearAllRecent(
  deps: SearchDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
): Promise<{ searches: RecentSearch[] }> {
  await clearRecent(deps.db, viewer.id, campus.id);
  return { searches: [] };
}

/** The purge job: the popular-search views of days before `now`'s go (only today's say who already counted). */
export const purgePopularSearchViews = (db: DbOrTx, now: Date): Promise<number> => purgeViews(db, now);
