import { SEARCH_LIMITS } from '@campus/contract';

/**
 * Turning what someone typed into search terms (decision 017). Only runs of letters and
 * digits survive, lower case and without accents (as `search_unaccent` stores them), so
 * quotes, backslashes, `&|!():*`, NUL and emoji can never become tsquery or LIKE syntax:
 * they separate words, and a query of nothing but them has no words and finds nothing.
 */
export function queryWords(text: string): string[] {
  const words: string[] = [];
  const plain = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  for (const match of plain.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0].slice(0, SEARCH_LIMITS.wordMax);
    if (!words.includes(word)) words.push(word);
    if (words.length === SEARCH_LIMITS.wordsUsed) break;
  }
  return words;
}

/** Words that differ from `word` by one swap of neighbouring letters ('firdge' → 'fridge'). */
export function swapVariants(word: string): string[] {
  const letters = [...word];
  if (letters.length < 5) return [];
  const variants = new Set<string>();
  for (let i = 0; i < letters.length - 1; i += 1) {
    if (letters[i] === letters[i + 1]) continue;
    const copy = [...letters];
    [copy[i], copy[i + 1]] = [copy[i + 1] as string, copy[i] as string];
    variants.add(copy.join(''));
  }
  return [...variants];
}

/**
 * The tsquery groups for `to_tsquery('english', …)`, one per word, all to match (joined with
 * AND): a word matches itself, longer words it starts (prefix, from 2 letters: 'calc' finds
 * 'calculus') and, when it occurs nowhere on the campus, its corrections ('frige' finds
 * 'fridge'). Each operand is quoted, and holds only letters and digits.
 */
export function tsqueryGroups(words: string[], corrections: Map<string, string[]>): string[] {
  return words.map((word) => {
    const own = [...word].length >= 2 ? `'${word}':*` : `'${word}'`;
    const others = (corrections.get(word) ?? []).map((term) => `'${term}'`);
    return others.length === 0 ? own : `(${[own, ...others].join(' | ')})`;
  });
}

/** The form a popular search is counted under: lower case, single spaces, at most 100 characters. */
export function popularText(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim().slice(0, SEARCH_LIMITS.savedTextMax);
}
