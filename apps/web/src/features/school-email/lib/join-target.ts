import { type CampusDefinition, campusById } from '@campus/contract';

export interface JoinTarget {
  /** The campus being joined, with its email domains (from the contract, as the server uses). */
  campus: CampusDefinition;
  /** The id to send with the API calls and keep in links: set only when a campus was picked. */
  campusParam?: string;
}

/**
 * The campus a school email joins (docs/product/accounts.md#joining-a-campus): the `campus` query parameter (picked in Find
 * Your School), else the site's campus. An unknown id falls back to the site's campus, whose
 * name the page shows, so nobody joins a school they did not see. Null when that leaves the
 * hub, which has no school (and no email domains) of its own.
 */
export function joinTarget(campusParam: string | null, siteCampusId: string): JoinTarget | null {
  const picked = campusParam ? campusById(campusParam) : undefined;
  if (picked && !picked.isHub) return { campus: picked, campusParam: picked.id };
  const site = campusById(siteCampusId);
  if (!site || site.isHub) return null;
  return { campus: site };
}
