import { createHash } from 'node:crypto';
import { CAMPUSES } from '@campus/contract';

/**
 * The campus colour, written into a page's document so a page the server drew (decision 026)
 * paints in it before the app sets `--campus-color` itself (apps/web/src/app/provider.tsx).
 * A `<style>` element, which the CSP (`style-src 'self'`) allows only by the hash of its text:
 * the campuses are fixed (the contract's list), so their styles are hashed once, here.
 */
export const themeStyleOf = (themeColor: string) => `:root{--campus-color:${themeColor}}`;

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** CSP sources that allow exactly the campuses' theme styles. */
export const THEME_STYLE_SOURCES = [...new Set(CAMPUSES.map((campus) => hashOf(themeStyleOf(campus.themeColor))))];

const KNOWN_COLORS = new Set(CAMPUSES.map((campus) => campus.themeColor));

/** The theme style of a campus colour the CSP allows; none for any other value. */
export function themeStyleFor(themeColor: unknown): string | undefined {
  return typeof themeColor === 'string' && KNOWN_COLORS.has(themeColor) ? themeStyleOf(themeColor) : undefined;
}
