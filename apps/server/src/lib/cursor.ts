import { HTTP_ERROR_MESSAGES, MAX_PRICE_CENTS } from '@campus/contract';
import { errors } from './errors.ts';

/** A keyset position: the sort time and the id that breaks ties between equal times. */
export interface Cursor {
  at: Date;
  id: string;
}

/**
 * Times a cursor may carry: JavaScript dates reach years ±275,760 but PostgreSQL's timestamptz
 * stops at 4713 BC and its input parser at 5-digit years, so a hand-made cursor outside
 * 1970–9999 would fail in the database (a 500) instead of here (a 400).
 */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(10_000, 0, 1);
/** Row ids are UUIDs (lib/ids.ts); demo and older rows use the same alphabet. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Opaque to clients: base64url of `{iso time}|{id}`. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at.toISOString()}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(value: string | undefined): Cursor | undefined {
  if (!value) return undefined;
  const [iso, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  const time = at.getTime();
  if (rest.length > 0 || !id || !ID_PATTERN.test(id) || Number.isNaN(time) || time < EARLIEST || time >= LATEST) {
    throw errors.badRequest(HTTP_ERROR_MESSAGES.invalidCursor, 'INVALID_CURSOR');
  }
  return { at, id };
}

/** A keyset position in a price sort: the price in cents and the id that breaks ties between equal prices. */
export interface PriceCursor {
  priceCents: number;
  id: string;
}

/** Opaque to clients: base64url of `${price}|{id}` (the '$' tells it from a time cursor). */
export function encodePriceCursor(cursor: PriceCursor): string {
  return Buffer.from(`$${cursor.priceCents}|${cursor.id}`).toString('base64url');
}

/** A price cursor the server made; anything else (a time cursor too) is a 400. */
export function decodePriceCursor(value: string | undefined): PriceCursor | undefined {
  if (!value) return undefined;
  const [price, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const match = /^\$(\d{1,9})$/.exec(price ?? '');
  const priceCents = Number(match?.[1]);
  if (rest.length > 0 || !match || !id || !ID_PATTERN.test(id) || priceCents > MAX_PRICE_CENTS) {
    throw errors.badRequest(HTTP_ERROR_MESSAGES.invalidCursor, 'INVALID_CURSOR');
  }
  return { priceCents, id };
}
