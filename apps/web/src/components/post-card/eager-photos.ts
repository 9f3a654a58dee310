/**
 * How much of a list is on screen when its page opens: those cards' and tiles' photos load
 * eagerly and at high priority, as the page's largest paint, and the rest lazily (docs/perf/README.md,
 * 'Eager first photos'). Every list that can be a page's first screen uses these: the feed,
 * a profile's tabs, search, saved, mentions and the media grids.
 */

/** Cards on screen when a list of cards opens (a phone shows about two). */
export const FIRST_SCREEN_CARDS = 2;

/** Tiles on screen when a grid opens: its first row (three on wide columns). */
export const FIRST_SCREEN_TILES = 3;
