/**
 * The size at which a photo or video shows in full on the post page: as large as it is, but
 * within the box (docs/product/community.md#media-display: max width 500, max height 400), keeping its proportions.
 * Unknown dimensions (an old upload) fill the width at 4:3.
 */
export function fitWithin(
  width: number | null,
  height: number | null,
  maxWidth: number,
  maxHeight: number,
): { width: number; height: number } {
  if (!width || !height || width <= 0 || height <= 0) {
    return { width: maxWidth, height: Math.round((maxWidth * 3) / 4) };
  }
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
