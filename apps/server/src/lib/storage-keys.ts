/**
 * What a storage key may look like, for every driver (plugins/storage.ts) and for the code that
 * makes keys (modules/media/keys.ts).
 */

const MAX_KEY_LENGTH = 512;

/**
 * Segments of [A-Za-z0-9._-] that do not start with a dot: rules out `.`, `..`, hidden files
 * (and so our own temporary files), empty segments, absolute paths and backslashes.
 */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function isValidKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);
}
