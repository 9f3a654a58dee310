import { BREAKPOINTS } from '@campus/contract';
import { useCallback, useSyncExternalStore } from 'react';

/** Media queries of the layout; the CSS uses the same numbers (docs/product/community.md#screen-sizes breakpoints). */
export const MEDIA = {
  mobile: `(max-width: ${BREAKPOINTS.mobile}px)`,
  tablet: `(max-width: ${BREAKPOINTS.tablet}px)`,
  sidebarCollapse: `(max-width: ${BREAKPOINTS.sidebarCollapse}px)`,
} as const;

export function matchesMedia(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => matchesMedia(query),
    () => false,
  );
}
