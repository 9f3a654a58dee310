import { errors } from './errors.ts';

/** A keyset position: the sort time and the id that breaks ties between equal times. */
export interface Cursor {
  at: Date;
  id: string;
}

/** Opaque to clients: base64url of `{iso time}|{id}`. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at.toISOString()}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(value: string | undefined): Cursor | undefined {
  if (!value) return undefined;
  const [iso, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  if (!id || Number.isNaN(at.getTime())) throw errors.badRequest('Invalid page cursor.', 'INVALID_CURSOR');
  return { at, id };
}
