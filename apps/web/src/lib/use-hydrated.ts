import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and while the browser hydrates a page the server drew, so that both draw
 * the same HTML; true in the render right after, and whenever the browser draws a page itself.
 * For what only the browser knows (the reader's time zone).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
