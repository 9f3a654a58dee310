import { LIVE_FEED_TEXTS, type ListingFilters, listingMatchesFilters, type NewPostNotice } from '@campus/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { ArrowUp } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { type NewPostArrival, newPostArrivals, subscribeNewPosts } from '@/lib/new-posts.ts';
import { ALL_CATEGORIES } from '../api/get-feed.ts';
import styles from './new-posts-pill.module.css';

/**
 * An arrival this long before the list's last read still counts when the read did not bring it:
 * the read may have left the server before the post was committed.
 */
const IN_FLIGHT_MS = 5_000;

/**
 * Per list (its query key): this tab's time when the list's current data came in, and the posts the
 * reader already asked for. By this tab's clock, never the server's (a page the server drew
 * carries the server's time). Kept across visits, so posts that arrived while the reader was on
 * another page still count when they come back.
 */
const lists = new Map<string, { updatedAt: number; at: number; asked: Set<string> }>();

function listState(listKey: string, updatedAt: number) {
  const known = lists.get(listKey);
  if (known?.updatedAt === updatedAt) return known;
  const state = { updatedAt, at: Date.now(), asked: known?.asked ?? new Set<string>() };
  lists.set(listKey, state);
  return state;
}

const NONE: readonly NewPostArrival[] = [];
/** The server's render (and hydration) knows of none. */
const noArrivals = () => NONE;

/**
 * Which new posts a feed would show: the category's (or any), the filters', only ones with
 * photos or videos for the media feed. Only the Newest sort puts them at the top; a price sort
 * places them among the others, so it counts none.
 */
export function feedShows({
  category = ALL_CATEGORIES,
  filters,
  mediaOnly = false,
}: {
  category?: string;
  filters: ListingFilters;
  mediaOnly?: boolean;
}): (notice: NewPostNotice) => boolean {
  return (notice) =>
    filters.sort === 'newest' &&
    (category === ALL_CATEGORIES || notice.category === category) &&
    (!mediaOnly || notice.hasMedia) &&
    listingMatchesFilters({ priceCents: notice.priceCents, condition: notice.condition }, filters);
}

interface NewPostsPillProps<TPage extends { posts: readonly { id: string }[] }> {
  query: UseInfiniteQueryResult<InfiniteData<TPage>>;
  /** The list's query key as text: what the pill remembers per list. */
  listKey: string;
  shows: (notice: NewPostNotice) => boolean;
}

/**
 * Whether the pill's place in the list is in view below the header (the reader is at the top):
 * then the pill may take room in the list there, pushing it down in sight, as X does at the top
 * of its timeline. Anywhere else it floats and takes none.
 */
function placeInView(sentinel: HTMLElement | null, anchor: HTMLElement | null): boolean {
  if (!sentinel || !anchor) return false;
  return sentinel.getBoundingClientRect().top >= Number.parseFloat(getComputedStyle(anchor).top);
}

/**
 * '3 new posts' above a feed (docs/product/community.md#live-feed, decision 042). Read down the
 * list, it floats below the header, over the list, so the list never moves under the reader; at
 * the top of the list, it takes a row of its own, so it covers no post. Either way it keeps that
 * place until the new posts are shown, and sticks below the header. A click reads the list again
 * (every page it has, so the place below stays), then goes to the top where the new posts are.
 */
export function NewPostsPill<TPage extends { posts: readonly { id: string }[] }>({
  query,
  listKey,
  shows,
}: NewPostsPillProps<TPage>) {
  const arrivals = useSyncExternalStore(subscribeNewPosts, newPostArrivals, noArrivals);
  const [loading, setLoading] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  /** Decided when the pill appears, kept until it goes: a pill that changed its room would move the list. */
  const inRow = useRef<boolean | null>(null);
  const { data, dataUpdatedAt } = query;
  // Noted when the data comes in, before any arrival needs it.
  useEffect(() => {
    if (data) listState(listKey, dataUpdatedAt);
  }, [data, listKey, dataUpdatedAt]);

  let fresh: NewPostArrival[] = [];
  if (arrivals.length > 0 && data) {
    const state = listState(listKey, dataUpdatedAt);
    const shown = new Set(data.pages.flatMap((page) => page.posts.map((post) => post.id)));
    fresh = arrivals.filter(
      (a) => a.at > state.at - IN_FLIGHT_MS && !shown.has(a.postId) && !state.asked.has(a.postId) && shows(a),
    );
  }

  const showing = fresh.length > 0 || loading;
  if (!showing) inRow.current = null;
  else inRow.current ??= placeInView(sentinel.current, anchor.current);

  const handleShow = async () => {
    const state = listState(listKey, dataUpdatedAt);
    for (const a of fresh) state.asked.add(a.postId);
    setLoading(true);
    const result = await query.refetch();
    setLoading(false);
    if (result.isError) {
      // Nothing changed: they can ask again.
      for (const a of fresh) state.asked.delete(a.postId);
      return;
    }
    window.scrollTo({ top: 0 });
    // Just above the new posts: the next Tab reaches the first of them.
    anchor.current?.focus({ preventScroll: true });
  };

  return (
    <>
      <div ref={sentinel} className={styles.sentinel} />
      <div
        ref={anchor}
        className={inRow.current ? `${styles.anchor} ${styles.inRow}` : styles.anchor}
        tabIndex={-1}
        aria-live="polite"
      >
        {showing && (
          <button
            type="button"
            className={styles.pill}
            onClick={() => void handleShow()}
            disabled={loading}
            aria-busy={loading}
          >
            <ArrowUp aria-hidden="true" size={16} strokeWidth={2.5} />
            {loading ? LIVE_FEED_TEXTS.loading : LIVE_FEED_TEXTS.newPosts(fresh.length)}
          </button>
        )}
      </div>
    </>
  );
}
