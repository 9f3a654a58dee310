import {
  CAMPUSES,
  type CampusDefinition,
  type CreateSavedSearchBodySchema,
  type ListingFilters,
  listingFiltersToParams,
  listingPrice,
  SAVED_SEARCH_LIMITS,
  SAVED_SEARCH_TEXTS,
  type SavedSearch,
  type SavedSearchList,
} from '@campus/contract';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { StoredSearchFilters } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { errors } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { notify } from '../notifications/index.ts';
import { listingTitle } from '../posts/index.ts';
import { searchGroupsFor } from '../search/index.ts';
import { savedSearchPolicy } from './saved-searches.policy.ts';
import {
  advanceCursor,
  deleteSavedSearch,
  groupLexemes,
  holdMatch,
  insertMatches,
  insertSavedSearch,
  listSavedSearches,
  lockAndCount,
  lockCursor,
  lockDueHeld,
  markNotified,
  matchPost,
  nextPostEvents,
  type SavedSearchRow,
} from './saved-searches.repo.ts';

export interface SavedSearchesDeps {
  db: Database;
  clock: Clock;
}

/** At most one notification per saved search per hour (docs/product/notifications.md#saved-searches). */
export const NOTIFY_EVERY_MS = 60 * 60_000;
/** A new post older than this when the job first sees it is not announced (a cursor made on an old database). */
const NEW_POST_MAX_AGE_MS = 24 * 60 * 60_000;
/** Saved searches whose held matches one pass tells. */
const HELD_PER_PASS = 100;

type CreateBody = z.output<typeof CreateSavedSearchBodySchema>;

function present(row: SavedSearchRow): SavedSearch {
  const f = row.filters;
  const filters: ListingFilters = {
    ...(f.minPrice === undefined ? {} : { minPrice: f.minPrice }),
    ...(f.maxPrice === undefined ? {} : { maxPrice: f.maxPrice }),
    free: f.free,
    conditions: f.conditions as ListingFilters['conditions'],
    sold: f.sold,
    sort: f.sort as ListingFilters['sort'],
  };
  return {
    id: row.id,
    q: row.query,
    show: row.show,
    filters: { ...filters, conditions: [...filters.conditions] },
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listForViewer(
  deps: SavedSearchesDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
): Promise<SavedSearchList> {
  savedSearchPolicy.assertMember(viewer, campus);
  const rows = await listSavedSearches(deps.db, viewer.id, campus.id);
  return { savedSearches: rows.map(present), limit: SAVED_SEARCH_LIMITS.perMember };
}

/**
 * The anchors of a search (decision 040): the stemmed alternatives of the group whose shortest
 * lexeme is longest (the most selective prefix). A group of stop words has none and is skipped.
 */
function chooseAnchors(lexemes: string[][]): string[] {
  let best: string[] = [];
  let bestLength = -1;
  for (const group of lexemes) {
    if (group.length === 0) continue;
    const shortest = Math.min(...group.map((l) => l.length));
    if (shortest > bestLength) {
      best = group;
      bestLength = shortest;
    }
  }
  return best;
}

/**
 * Saves the search page's query, tab and filters (docs/product/notifications.md#saved-searches):
 * at most 20 per member, no two the same. Its matching is fixed now, as the search page would
 * match it today (prefixes, and corrections from the campus's vocabulary).
 */
export async function createSavedSearch(
  deps: SavedSearchesDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  body: CreateBody,
): Promise<SavedSearchList> {
  savedSearchPolicy.assertMember(viewer, campus);
  const query = await searchGroupsFor(deps.db, campus.id, body.q);
  if (!query) throw errors.badRequest(SAVED_SEARCH_TEXTS.noWords, 'SAVED_SEARCH_NO_WORDS');
  const { lexemes, empty } = await groupLexemes(deps.db, query.groups);
  const anchors = chooseAnchors(lexemes);
  if (empty || anchors.length === 0) throw errors.badRequest(SAVED_SEARCH_TEXTS.noWords, 'SAVED_SEARCH_NO_WORDS');
  const filters: StoredSearchFilters = {
    ...(body.filters.minPrice === undefined ? {} : { minPrice: body.filters.minPrice }),
    ...(body.filters.maxPrice === undefined ? {} : { maxPrice: body.filters.maxPrice }),
    free: body.filters.free,
    conditions: [...body.filters.conditions],
    sold: body.filters.sold,
    sort: body.filters.sort,
  };
  const searchKey = [
    query.words.join(' '),
    body.show,
    new URLSearchParams(listingFiltersToParams(body.filters)).toString(),
  ].join('|');
  await deps.db.transaction(async (tx) => {
    const held = await lockAndCount(tx, viewer.id, campus.id, searchKey);
    // 'Already saved' says more than 'the list is full' when both are true.
    if (held.exists) throw errors.conflict(SAVED_SEARCH_TEXTS.alreadySaved, 'SAVED_SEARCH_EXISTS');
    if (held.count >= SAVED_SEARCH_LIMITS.perMember) {
      throw errors.conflict(SAVED_SEARCH_TEXTS.limitReached, 'SAVED_SEARCH_LIMIT');
    }
    const added = await insertSavedSearch(tx, {
      id: newId(),
      campusId: campus.id,
      userId: viewer.id,
      query: body.q,
      show: body.show,
      filters,
      searchKey,
      tsquery: query.groups.join(' & '),
      anchors,
      at: deps.clock.now(),
    });
    if (!added) throw errors.conflict(SAVED_SEARCH_TEXTS.alreadySaved, 'SAVED_SEARCH_EXISTS');
  });
  return listForViewer(deps, viewer, campus);
}

/** Deletes one of the viewer's saved searches; someone else's id is not found and nothing is deleted. */
export async function removeSavedSearch(
  deps: SavedSearchesDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  id: string,
): Promise<SavedSearchList> {
  savedSearchPolicy.assertMember(viewer, campus);
  if (!(await deleteSavedSearch(deps.db, viewer.id, campus.id, id))) {
    throw errors.notFound(SAVED_SEARCH_TEXTS.notFound, 'SAVED_SEARCH_NOT_FOUND');
  }
  return listForViewer(deps, viewer, campus);
}

const notificationText = (post: { plainText: string; priceCents: number | null }, more: number) =>
  SAVED_SEARCH_TEXTS.notification(
    listingTitle(post.plainText),
    post.priceCents === null ? null : listingPrice(post.priceCents),
    more,
  );

export interface MatchResult {
  posts: number;
  notified: number;
  held: number;
}

/**
 * Matches one new post against every saved search of its campus (one statement) and tells the
 * owners: at once when their search told nothing in the last hour (with the matches held
 * meanwhile: 'and 3 more'), else the match is held for the end of the hour. Every match is
 * kept for the daily digest. Inside the caller's transaction.
 */
export async function matchNewPost(tx: DbOrTx, postId: string, now: Date): Promise<MatchResult> {
  const { post, matches } = await matchPost(tx, postId);
  if (!post || matches.length === 0) return { posts: post ? 1 : 0, notified: 0, held: 0 };
  await insertMatches(tx, post, matches, now);
  const hourAgo = now.getTime() - NOTIFY_EVERY_MS;
  const due = matches.filter((m) => !m.lastNotifiedAt || m.lastNotifiedAt.getTime() <= hourAgo);
  const held = matches.filter((m) => !due.includes(m));
  for (const m of due) {
    await notify(tx, {
      campusId: post.campusId,
      type: 'saved search',
      toUserId: m.ownerId,
      fromUserId: post.authorId,
      postId: post.postId,
      message: notificationText(post, m.heldCount),
      createdAt: now,
    });
  }
  await markNotified(
    tx,
    due.map((m) => m.savedSearchId),
    now,
  );
  await holdMatch(
    tx,
    held.map((m) => m.savedSearchId),
    post.postId,
  );
  return { posts: 1, notified: due.length, held: held.length };
}

/**
 * The job's pass over new posts (decision 040): for each campus, the `listing.created` events after
 * its cursor, one post per transaction (the cursor row is locked, so one instance at a time reads
 * a campus), matched and the cursor moved past it in the same transaction.
 */
export async function matchNewPosts(db: Database, now: Date): Promise<MatchResult> {
  const total: MatchResult = { posts: 0, notified: 0, held: 0 };
  for (const campus of CAMPUSES) {
    for (;;) {
      const step = await db.transaction(async (tx) => {
        const last = await lockCursor(tx, campus.id);
        if (last === null) return null;
        const [event] = await nextPostEvents(tx, campus.id, last, 1);
        if (!event) return null;
        const fresh = now.getTime() - event.createdAt.getTime() <= NEW_POST_MAX_AGE_MS;
        const result = fresh ? await matchNewPost(tx, event.postId, now) : { posts: 0, notified: 0, held: 0 };
        await advanceCursor(tx, campus.id, event.seq);
        return result;
      });
      if (!step) break;
      total.posts += step.posts;
      total.notified += step.notified;
      total.held += step.held;
    }
  }
  return total;
}

/** Tells the matches held during an hour once it is over: 'New: {newest} — $45 and 3 more'. */
export async function releaseHeldMatches(db: Database, now: Date): Promise<number> {
  let told = 0;
  for (;;) {
    const pass = await db.transaction(async (tx) => {
      const due = await lockDueHeld(tx, new Date(now.getTime() - NOTIFY_EVERY_MS), HELD_PER_PASS);
      for (const d of due) {
        // The newest held post was deleted: its matches went with it; nothing to tell.
        if (!d.post) continue;
        await notify(tx, {
          campusId: d.campusId,
          type: 'saved search',
          toUserId: d.ownerId,
          fromUserId: d.post.authorId,
          postId: d.post.postId,
          message: notificationText(d.post, d.heldCount - 1),
          createdAt: now,
        });
        told += 1;
      }
      await markNotified(
        tx,
        due.map((d) => d.savedSearchId),
        now,
      );
      return due.length;
    });
    if (pass < HELD_PER_PASS) return told;
  }
}
