import type { CampusDefinition } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { buildHostMap, resolveCampus } from '../lib/campus-hosts.ts';
import { siteOrigins } from '../lib/site-origin.ts';

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

export const campusPlugin = fp(
  async (app: FastifyInstance, opts: { campusHosts: Map<string, string>; production: boolean }) => {
    const hosts = buildHostMap(opts.campusHosts);
    const siteOrigin = siteOrigins(opts.campusHosts, opts.production);
    app.decorateRequest('campus', null as unknown as CampusDefinition);
    app.decorateRequest('siteOrigin', '');
    // A callback hook, as every hook on every request (docs/architecture.md#request-pipeline).
    app.addHook('onRequest', (request, _reply, done) => {
      request.campus = resolveCampus(request.hostname, hosts);
      request.siteOrigin = siteOrigin(request);
      done();
    });
  },
  { name: 'campus' },
);
