import { CAMPUSES, type CampusDefinition, campusById, campusBySlug, DEFAULT_CAMPUS_ID } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { siteOrigins } from './site-origin.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant of this request, chosen by its host name. */
    campus: CampusDefinition;
    /**
     * This campus site's address for links handed to others (mails, Stripe): the Host header
     * only when it is one of this campus's configured hosts, else the campus's site URL.
     */
    siteOrigin: string;
  }
}

const fallback = campusById(DEFAULT_CAMPUS_ID) as CampusDefinition;

/**
 * Host → campus (spec 1 §1): each campus's own site host, hosts configured in CAMPUS_HOSTS,
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

export const campusPlugin = fp(
  async (app: FastifyInstance, opts: { campusHosts: Map<string, string>; production: boolean }) => {
    const hosts = buildHostMap(opts.campusHosts);
    const siteOrigin = siteOrigins(opts.campusHosts, opts.production);
    app.decorateRequest('campus', null as unknown as CampusDefinition);
    app.decorateRequest('siteOrigin', '');
    app.addHook('onRequest', async (request) => {
      request.campus = resolveCampus(request.hostname, hosts);
      request.siteOrigin = siteOrigin(request);
    });
  },
  { name: 'campus' },
);
