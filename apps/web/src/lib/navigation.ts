import { useSyncExternalStore } from 'react';

/**
 * Accepts a `goBack` query value only when it is a path of this site ('/home', '/post/1?x=y').
 * Anything else — absolute URLs, protocol-relative '//evil.example', 'javascript:' — is an open
 * redirect waiting to happen and yields the fallback.
 */
export function safeGoBack(value: string | null | undefined, fallback: string): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  try {
    const base = 'http://same.site';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The router keeps the position in this tab's history as `idx`; 0 is where the visit began. */
export function hasHistoryToGoBackTo(): boolean {
  // The server's render of a first screen (entry-server.tsx): a page just opened has none.
  if (typeof window === 'undefined') return false;
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && Number((state as { idx?: unknown }).idx) > 0;
}

const noSubscription = () => () => {};

/**
 * `hasHistoryToGoBackTo()` for what a component draws. A page the server drew is hydrated as the
 * server drew it, with no history (a reload keeps the tab's history, so the browser may have
 * some), and drawn with the browser's answer right after, only when that differs: a tab just
 * opened has none either, and its header is not drawn twice (decision 045). The router draws its
 * pages again on every move through the history, which reads it anew.
 */
export function useHasHistoryToGoBackTo(): boolean {
  return useSyncExternalStore(noSubscription, hasHistoryToGoBackTo, () => false);
}
