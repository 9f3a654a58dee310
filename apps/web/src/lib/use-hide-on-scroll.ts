import { useEffect, useState } from 'react';
import { MEDIA, matchesMedia } from './media-query.ts';

/** Below this much movement the header stays as it is, so small jitters do not flicker it. */
const THRESHOLD_PX = 8;

/**
 * Mobile header behaviour (docs/product/community.md#shell-and-layout): hidden while scrolling down, shown while scrolling up.
 * Always shown near the top of the page and on wider screens.
 */
export function useHideOnScroll(): boolean {
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      if (!matchesMedia(MEDIA.mobile) || y < 56) {
        setHidden(false);
      } else if (Math.abs(y - last) >= THRESHOLD_PX) {
        setHidden(y > last);
      } else {
        return;
      }
      last = y;
    };
    const handleScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', handleScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  return hidden;
}
