import { useMatches } from 'react-router';
import type { StaticPageSlug } from '@/config/paths.ts';
import type { HeaderConfig } from './headers/header-config.ts';

/**
 * What a route tells the shell about itself, through the router's `handle`.
 * Nested routes override their parents key by key.
 */
export interface RouteHandle {
  /** Header of the main column; `null` when the page draws its own (settings). */
  header?: HeaderConfig | null;
  /** 'wide' gives the main column the room of the side panels too (settings). */
  layout?: 'default' | 'wide';
  /** Which static text a /settings/… page shows. */
  staticPage?: StaticPageSlug;
  /**
   * The page's source modules (paths from the web app's folder): the server's document asks for
   * their built code with the entry's (entry-server.tsx), so it arrives without a round trip.
   */
  modules?: string[];
}

export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  let merged: RouteHandle = {};
  for (const match of matches) {
    if (match.handle && typeof match.handle === 'object') merged = { ...merged, ...(match.handle as RouteHandle) };
  }
  return merged;
}
