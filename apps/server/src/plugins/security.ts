import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Browsers send Origin (and Sec-Fetch-Site) with every state-changing request: one made by
 * another site is refused, so cookies cannot be used for cross-site request forgery.
 * Requests without either header do not come from a browser page and carry no such risk.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin) {
    try {
      return new URL(origin).host !== request.host;
    } catch {
      return true;
    }
  }
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/**
 * Security headers with a strict Content-Security-Policy: scripts and styles only from this
 * origin, never inline (the web app swaps UI primitives' injected <style> tags for
 * constructed stylesheets; see apps/web/src/lib/csp-style-singleton.ts).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // Shared post links open from other sites; their referrer origin is fine to send.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    });
    await app.register(cookie);
    app.addHook('onRequest', async (request) => {
      if (!SAFE_METHODS.has(request.method) && request.url.startsWith('/api/') && isCrossSite(request)) {
        throw errors.forbidden('Cross-site requests are not allowed.', 'CROSS_SITE_REQUEST');
      }
    });
    // Routes opt in with `config.rateLimit`; auth routes set their own tighter limits.
    await app.register(rateLimit, { global: false });
  },
  { name: 'security' },
);
