import { LIMITS } from '@campus/contract';

export interface Preview {
  text: string;
  /** True when the text was cut and a 'See more' belongs after it. */
  truncated: boolean;
}

/**
 * The first `max` characters of a post (docs/product/community.md#limits: 200, then See more / See less). Counts
 * code points, so an emoji is never split in half; the cut ends in '…' without trailing space.
 */
export function cutPreview(text: string, max: number = LIMITS.postPreviewChars): Preview {
  const chars = Array.from(text);
  if (chars.length <= max) return { text, truncated: false };
  return { text: `${chars.slice(0, max).join('').trimEnd()}…`, truncated: true };
}
