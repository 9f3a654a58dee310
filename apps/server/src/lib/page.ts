import { type Cursor, encodeCursor } from './cursor.ts';

/** A page of rows read with `LIMIT limit`, and the cursor of the page after it (null: this is the last). */
export interface RowPage<R> {
  rows: R[];
  nextCursor: string | null;
}

/**
 * A keyset page: a full page continues after its last row (`positionOf` says where that row
 * stands in the list's order); a shorter one is the end of the list.
 */
export function pageOf<R>(rows: R[], limit: number, positionOf: (row: R) => Cursor): RowPage<R> {
  const last = rows.at(-1);
  return { rows, nextCursor: rows.length === limit && last !== undefined ? encodeCursor(positionOf(last)) : null };
}
