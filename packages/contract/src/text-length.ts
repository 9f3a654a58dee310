/**
 * The post and chat text limit (docs/product/community.md#post-text-limit, docs/product/community.md#limits): at most 500 characters, where each line
 * break between blocks (paragraphs) counts 2. Both the editor's counter 'n / 500' and the
 * server's check use these functions, so the two can never disagree at the limit.
 */

import { LIMITS } from './constants.ts';

/**
 * Length as people see it, counted in Unicode code points: an emoji such as 😀 is one
 * character, not the two UTF-16 units `String.length` reports. Full grapheme clusters
 * (Intl.Segmenter) would count a flag or a family emoji as one, but their rules follow the
 * Unicode version of each browser's and Node's ICU, so client and server could disagree
 * by a character at the limit; code points are the same everywhere, and they are also what
 * PostgreSQL's char_length() counts. The cost is that a few composed emoji count 2–7.
 */
export function codePointLength(text: string): number {
  return [...text].length;
}

/**
 * Count of a post made of blocks (the editor's paragraphs): the blocks' characters plus
 * 2 for each break between two blocks. A '\n' inside a block (a soft line break) is a line
 * break too and counts 2 as well, so a text counts the same however the editor split it.
 */
export function countPostText(blocks: readonly string[]): number {
  if (blocks.length === 0) return 0;
  let count = LIMITS.postBlockBreakWeight * (blocks.length - 1);
  for (const block of blocks) count += countPlainText(block);
  return count;
}

/**
 * Count of a plain text (a chat box, or a post flattened with '\n' between blocks): every
 * '\n' is a block break worth 2, every other code point 1. Thus
 * `countPlainText(blocks.join('\n')) === countPostText(blocks)` for any blocks.
 * Browsers hand a textarea's value over with '\n' line ends; a '\r' is counted as a character.
 */
export function countPlainText(text: string): number {
  let count = 0;
  for (const char of text) count += char === '\n' ? LIMITS.postBlockBreakWeight : 1;
  return count;
}

/**
 * Characters that show nothing: whitespace, format characters (zero-width space and joiners,
 * word joiner, BOM, direction marks) and the blank letters (Hangul fillers, braille blank)
 * used to fake an empty-looking text.
 */
const INVISIBLE = /[\s\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** True when a text shows nothing at all, e.g. only zero-width characters (refused as empty). */
export function isBlankText(text: string): boolean {
  return text.replace(INVISIBLE, '') === '';
}

/** True when a text carries a NUL character, which PostgreSQL refuses in text and JSON. */
export function hasNulCharacter(text: string): boolean {
  return text.includes('\u0000');
}

/**
 * Why a JSON value (the editor's state) is refused, or null: nested deeper than `maxDepth`
 * (checked without recursion, so a 50,000-deep value cannot overflow the stack), holding a
 * NUL in a key or string, or larger than `maxChars` once serialised.
 */
export function jsonValueProblem(
  value: unknown,
  { maxDepth, maxChars }: { maxDepth: number; maxChars: number },
): 'too-deep' | 'nul' | 'too-large' | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; depth: number };
    if (typeof item.value === 'string') {
      if (hasNulCharacter(item.value)) return 'nul';
    } else if (item.value !== null && typeof item.value === 'object') {
      if (item.depth >= maxDepth) return 'too-deep';
      for (const [key, child] of Object.entries(item.value)) {
        if (hasNulCharacter(key)) return 'nul';
        stack.push({ value: child, depth: item.depth + 1 });
      }
    }
  }
  return value !== undefined && JSON.stringify(value).length > maxChars ? 'too-large' : null;
}
