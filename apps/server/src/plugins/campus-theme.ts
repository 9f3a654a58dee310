import { createHash } from 'node:crypto';
import { CAMPUSES } from '@campus/contract';

/**
 * The campus colour, written into a page's document so a page the server drew (decision 026)
 * paints in it before the app sets `--campus-color` itself (apps/web/src/app/provider.tsx).
 * A `<style>` element, which the CSP (`style-src 'self'`) allows only by the hash of its text:
 * the campuses are fixed (the contract's list), so their styles are hashed once, here, and a
 * document's CSP names its own campus's hash (web.ts); no other response carries one.
 */
const themeStyleOf = (themeColor: string) => `:root{--campus-color:${themeColor}}`;

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export interface ThemeStyle {
  /** The style element's text. */
  text: string;
  /** The CSP source that allows exactly that text. */
  source: string;
}

const THEMES = new Map<string, ThemeStyle>(
  CAMPUSES.map(({ themeColor }) => {
    const text = themeStyleOf(themeColor);
    return [themeColor, { text, source: hashOf(text) }];
  }),
);

/** The theme style of a campus colour; none for a value that is not a campus's colour. */
export function themeStyleFor(themeColor: unknown): ThemeStyle | undefined {
  return typeof themeColor === 'string' ? THEMES.get(themeColor) : undefined;
}

/** A CSP with `source` added to its style-src (the security plugin's policy always has one). */
export function allowingStyle(policy: string, source: string): string {
  return policy.replace(/(^|;)(\s*style-src\s[^;]*)/, `$1$2 ${source}`);
}
