import { GeoCheckQuerySchema, GeoCheckResponseSchema } from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { geoLookup } from './geo.lookup.ts';
import { decideGeoAccess, type GeoLookup } from './geo.service.ts';

export interface GeoRoutesOptions {
  /** FIREWALL=on: every visitor is refused. */
  firewall: boolean;
  lookup?: GeoLookup;
}

export const geoRoutes: FastifyPluginAsyncZod<GeoRoutesOptions> = async (app, { firewall, lookup = geoLookup }) => {
  app.get(
    '/api/geo/check',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['geo'],
        summary: 'Geographic gate: may this visitor proceed? (US address whose time zone matches the browser)',
        querystring: GeoCheckQuerySchema,
        response: { 200: GeoCheckResponseSchema },
      },
    },
    async (request, reply) => {
      // request.ip honours TRUST_PROXY (the proxy's X-Forwarded-For only when it is trusted).
      const result = await decideGeoAccess({
        ip: request.ip,
        browserTimeZone: request.query.timeZone,
        firewall,
        lookup,
        onLookupError: (err) => request.log.warn({ err }, 'IP geolocation failed; the visitor may proceed'),
      });
      request.log.debug({ reason: result.reason, country: result.country }, 'geographic gate');
      // The answer depends on the visitor's address: never cache it in shared caches.
      reply.header('cache-control', 'private, no-store');
      return result;
    },
  );
};
