import type { ListingFilters } from '@campus/contract';
import {
  type Cursor,
  decodeCursor,
  decodePriceCursor,
  encodeCursor,
  encodePriceCursor,
  type PriceCursor,
} from '../../lib/cursor.ts';

/**
 * Filters and sorts of the feed, the media feed and search (docs/product/selling.md#filters-and-sorting,
 * decision 036): where a page starts in each sort, and the cursor of the page after it.
 */

/** Where a page starts: a time position (Newest) or a price position (the price sorts). */
export type ListingPosition = { sort: 'newest'; at: Cursor } | { sort: 'price'; at: PriceCursor };

/** The cursor of a request in the sort it asks for; a cursor of another sort is a 400. */
export function decodeListingCursor(filters: ListingFilters, value: string | undefined): ListingPosition | undefined {
  if (filters.sort === 'newest') {
    const at = decodeCursor(value);
    return at && { sort: 'newest', at };
  }
  const at = decodePriceCursor(value);
  return at && { sort: 'price', at };
}

/** What a row says about its place in every sort. */
interface Placed {
  id: string;
  lastModified: Date | string;
  priceCents: number | null;
}

/** The next page's cursor: after the last row of a full page, in the page's sort; null on a short page. */
export function nextListingCursor(filters: ListingFilters, rows: Placed[], limit: number): string | null {
  const last = rows.at(-1);
  if (rows.length < limit || !last) return null;
  if (filters.sort === 'newest') return encodeCursor({ at: new Date(last.lastModified), id: last.id });
  // The price sorts hold only listings with a price (decision 036).
  return encodePriceCursor({ priceCents: last.priceCents ?? 0, id: last.id });
}

/** A canonical text of the filters, for the keys of kept pages (decision 025): equal filters, equal text. */
export function filtersKey(filters: ListingFilters): string {
  return JSON.stringify([
    filters.minPrice ?? null,
    filters.maxPrice ?? null,
    filters.free,
    filters.conditions,
    filters.sold,
    filters.sort,
  ]);
}

/**
 * The WHERE clauses and ORDER BY of a filtered list of top-level posts in `p`, as SQL text with
 * numbered parameters from `next()`, and the values in that order. Sold and expired listings and
 * their index predicates are written as literals, so the partial indexes (posts_feed_live_idx,
 * posts_price_live_idx, …) match the generic plan of a named statement.
 * `shape` is a short text that names everything that shapes the SQL (for statement names).
 */
export function listingSql(
  filters: ListingFilters,
  position: ListingPosition | undefined,
  next: () => string,
): { where: string[]; values: unknown[]; orderBy: string; shape: string } {
  const where: string[] = ['p.expired_at IS NULL'];
  const values: unknown[] = [];
  let shape = filters.sort === 'newest' ? 'n' : filters.sort === 'price_asc' ? 'a' : 'd';
  const param = (value: unknown, cast = '') => {
    values.push(value);
    return `${next()}${cast}`;
  };
  if (!filters.sold) {
    where.push(`p.status <> 'sold'`);
    shape += 's';
  }
  if (filters.sort !== 'newest') where.push('p.price_cents IS NOT NULL');
  if (filters.free) {
    where.push('p.price_cents = 0');
    shape += 'f';
  }
  if (filters.minPrice !== undefined) {
    where.push(`p.price_cents >= ${param(filters.minPrice * 100, '::int')}`);
    shape += 'l';
  }
  if (filters.maxPrice !== undefined) {
    // Never an index condition: a generic plan estimates a range of two parameters at 0.5 % of
    // the rows and then reads the whole range by price and sorts it, however wide it is. Alone,
    // each bound counts a third, and the plan keeps reading the index in the page's order.
    where.push(`(p.price_cents + 0) <= ${param(filters.maxPrice * 100, '::int')}`);
    shape += 'h';
  }
  if (filters.conditions.length > 0) {
    where.push(`p.condition = ANY(${param(filters.conditions, '::text[]')})`);
    shape += 'c';
  }
  if (position?.sort === 'newest') {
    where.push(
      `(p.last_modified, p.id) < (${param(position.at.at.toISOString(), '::timestamptz')}, ${param(position.at.id)})`,
    );
    shape += 'k';
  } else if (position?.sort === 'price') {
    const op = filters.sort === 'price_asc' ? '>' : '<';
    where.push(`(p.price_cents, p.id) ${op} (${param(position.at.priceCents, '::int')}, ${param(position.at.id)})`);
    shape += 'k';
  }
  const orderBy =
    filters.sort === 'newest'
      ? 'p.last_modified DESC, p.id DESC'
      : filters.sort === 'price_asc'
        ? 'p.price_cents ASC, p.id ASC'
        : 'p.price_cents DESC, p.id DESC';
  return { where, values, orderBy, shape };
}
