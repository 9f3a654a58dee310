import type { CampusResponse, Viewer } from '@campus/contract';
import { createContext, useContext } from 'react';
import { paths } from '@/config/paths.ts';

export type { Viewer };

/**
 * The signed-in person (`GET /api/me`), provided once for the whole app by AppProvider.
 * `null` means a logged-out visitor. After sign-in, sign-out or a profile change, invalidate
 * the `me` query (features/auth/api/get-me.ts) and every component follows.
 */
export const ViewerContext = createContext<Viewer | null>(null);

export function useViewer(): Viewer | null {
  return useContext(ViewerContext);
}

/**
 * Where a signed-in person belongs when a sign-in page no longer applies to them (docs/product/accounts.md#authentication-states, docs/product/accounts.md#redirects, docs/product/community.md#permission-table): an unverified email is forced to /verify; the hub
 * sends everyone on to find their school; without a verified school email the campus sends
 * them to join it; everyone else goes home. Decision record 007 explains why the last two
 * steps are taken here at once instead of bouncing through /home.
 */
export function landingPathFor(viewer: Viewer, campus: Pick<CampusResponse, 'isHub'>): string {
  if (!viewer.verified) return paths.verify.getHref();
  if (campus.isHub) return paths.searchSchools.getHref();
  if (!viewer.schoolVerified) return paths.settings.schoolEmail.getHref();
  return paths.home.getHref();
}

/** A school-verified member of this campus: who gets the feed, badges and live events. */
export function isMemberOf(viewer: Viewer | null, campus: Pick<CampusResponse, 'id' | 'isHub'>): boolean {
  return Boolean(viewer?.schoolVerified && !campus.isHub && viewer.campusId === campus.id);
}
