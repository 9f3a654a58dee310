import { CAMPUSES, type CampusDefinition, campusById, campusBySlug, DEFAULT_CAMPUS_ID } from '@campus/contract';

const fallback = campusById(DEFAULT_CAMPUS_ID) as CampusDefinition;

/**
 * Host → campus (docs/product/community.md#campuses): each campus's own site host, hosts configured in CAMPUS_HOSTS,
 * `{slug}.localhost` in development (`hub.localhost` is the generic hub); `localhost` and any
 * unknown host fall back to OU.
 */
export function buildHostMap(configured: Map<string, string>): Map<string, CampusDefinition> {
  const map = new Map<string, CampusDefinition>();
  for (const campus of CAMPUSES) {
    map.set(new URL(campus.url).hostname, campus);
    map.set(`${campus.slug}.localhost`, campus);
  }
  for (const [host, slug] of configured) {
    const campus = campusBySlug(slug);
    if (!campus) throw new Error(`CAMPUS_HOSTS names an unknown campus "${slug}"`);
    map.set(host, campus);
  }
  return map;
}

export function resolveCampus(hostname: string, hosts: Map<string, CampusDefinition>): CampusDefinition {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return hosts.get(host) ?? fallback;
}
