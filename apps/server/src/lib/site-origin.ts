import type { CampusDefinition } from '@campus/contract';
import { buildHostMap } from './campus-hosts.ts';

/** What of a request decides the site address: where it says it came from, and its campus. */
export interface SiteRequest {
  protocol: string;
  /** Host name without the port (Fastify: X-Forwarded-Host when the proxy is trusted). */
  hostname: string;
  /** Host with the port, as sent. */
  host: string;
  campus: CampusDefinition;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1']);

/**
 * The campus site's address for links handed to others (Stripe's success and cancel URLs, mailed links):
 * never a Host header we do not know. The request's own host is used only when it is one of
 * this campus's configured hosts (its site URL, `CAMPUS_HOSTS`, `{slug}.localhost`) — in
 * production as `https://{host}`, elsewhere as sent with its port (and `localhost` too, the
 * development host); any other host gets the campus's configured site URL (`CAMPUSES[].url`).
 */
export function siteOrigins(campusHosts: Map<string, string>, production: boolean) {
  const hosts = buildHostMap(campusHosts);
  return (request: SiteRequest): string => {
    const hostname = request.hostname.toLowerCase().replace(/\.$/, '');
    const known = hosts.get(hostname)?.id === request.campus.id;
    if (known && production) return `https://${hostname}`;
    // The port as sent (Fastify's hostname is the host before its ':'), digits only.
    const port = request.host.slice(request.hostname.length);
    if (!production && /^(:\d{1,5})?$/.test(port) && (known || LOOPBACK.has(hostname))) {
      return `${request.protocol === 'https' ? 'https' : 'http'}://${hostname}${port}`;
    }
    return new URL(request.campus.url).origin;
  };
}

/**
 * The site a background job's mail links to (no request to read a host from): the campus's
 * public address in production, its local one (`{slug}.localhost:{port}`) elsewhere.
 */
export function campusSiteUrl(config: { env: string; port: number }, campus: CampusDefinition): string {
  if (config.env === 'production') return campus.url;
  return `http://${campus.slug}.localhost:${config.port}`;
}
