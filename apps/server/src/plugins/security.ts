import { HTTP_ERROR_MESSAGES, REQUEST_LIMITS, WRITE_RATE_LIMIT } from '@campus/contract';
import cookie from '@fastify/cookie';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { errors } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads no cookie and needs no same-origin check (see the onRequest hook below). */
    crossSiteAllowed?: boolean;
  }
}

/**
 * Browsers send Origin (and Sec-Fetch-Site) with every state-changing request: one made by
 * another site is refused, so cookies cannot be used for cross-site request forgery. The
 * whole origin counts (scheme, host and port): `https://ou.example:8443` is not
 * `http://ou.example`. Requests without either header do not come from a browser page and
 * carry no such risk.
 */
function isCrossSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin) {
    try {
      return new URL(origin).origin !== `${request.protocol}://${request.host}`;
    } catch {
      return true;
    }
  }
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/**
 * Why a request line cannot be served, or null. Only origin-form targets (`/path?query`) are
 * answered: an absolute URL (`GET http://evil.example/api/me`) would be routed by a Host it
 * does not carry and slip past the same-origin check. A NUL byte (`%00`) never belongs in a
 * path or query, and PostgreSQL refuses it in text.
 */
export function requestLineProblem(url: string): string | null {
  if (!url.startsWith('/') || url.startsWith('//')) return 'absolute-form';
  if (url.includes('\u0000') || /%00/i.test(url)) return 'nul';
  return null;
}

/**
 * A CSP with `'nonce-…'` added to its script-src and style-src: a page's document (web.ts)
 * allows its own inline scripts and styles by the nonce it hands its render; no other response
 * has one.
 */
export function withNonce(policy: string, nonce: string): string {
  return policy.replace(/(^|;)(\s*(?:script|style)-src\s[^;]*)/g, `$1$2 'nonce-${nonce}'`);
}

/**
 * A browser loading a page: GET or HEAD of a path outside /api that accepts HTML. Such a
 * request with a NUL byte gets the not-found page (docs/decisions/030-feed-ads-and-rough-edges.md); API calls keep JSON.
 */
function isPageLoad(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = (request.raw.url ?? '/').split('?')[0]?.toLowerCase() ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  return String(request.headers.accept ?? '').includes('text/html');
}

/**
 * Why a JSON body is refused before it is parsed, or null: one pass over the text that
 * tracks strings, counts nesting (a 200,000-deep body parses, but anything that walks or
 * re-serialises it recursively overflows the stack) and finds `\u0000` escapes.
 */
export function jsonBodyProblem(text: string, maxDepth: number = REQUEST_LIMITS.jsonMaxDepth): string | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c /* \ */) {
        if (text.charCodeAt(i + 1) === 0x75 /* u */ && text.slice(i + 2, i + 6) === '0000') return 'nul';
        i++;
      } else if (ch === 0x22 /* " */) inString = false;
      else if (ch === 0) return 'nul';
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b /* { */ || ch === 0x5b /* [ */) {
      depth++;
      if (depth > maxDepth) return 'too-deep';
    } else if (ch === 0x7d /* } */ || ch === 0x5d /* ] */) depth--;
  }
  return null;
}

/**
 * The route that matched, never the raw URL: `/%61pi/posts` and `/api/posts` are one route and
 * one set of checks. Unmatched requests (404) have none.
 */
function matchedRoute(request: FastifyRequest): string {
  return request.routeOptions.url ?? '';
}

/** Writes to /api routes are limited by default; reads, pages and /api/auth/* (its own limiter) are not. */
function exemptFromDefaultLimit(request: FastifyRequest): boolean {
  // A route with a limit of its own is always counted by it.
  if (request.routeOptions.config?.rateLimit) return false;
  return exemptRoute(request.method, matchedRoute(request));
}

/** A route (its pattern) the default write limit never counts for these methods. */
function exemptRoute(methods: string | string[], route: string): boolean {
  const all = Array.isArray(methods) ? methods : [methods];
  return (
    all.every((method) => SAFE_METHODS.has(method)) || !route.startsWith('/api/') || route.startsWith('/api/auth/')
  );
}

/** Per account when signed in (many people can share one address), else per address. */
async function rateLimitKey(request: FastifyRequest): Promise<string> {
  if (exemptFromDefaultLimit(request)) return 'exempt';
  const user = typeof request.sessionUser === 'function' ? await request.sessionUser() : null;
  return user ? `user:${user.id}` : `ip:${normalizeIP(request.ip)}`;
}

export interface SecurityOptions {
  /** HSTS is sent only in production: in development it would pin http://localhost to https. */
  production?: boolean;
}

/**
 * Security headers with a strict Content-Security-Policy: scripts and styles only from this
 * origin, never inline (the web app swaps UI primitives' injected <style> tags for
 * constructed stylesheets; see apps/web/src/lib/csp-style-singleton.ts).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, { production = false }: SecurityOptions) => {
    // Built once: @fastify/helmet rebuilt this middleware (parsing the policy) for every request.
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // A page's document adds its own nonce to both (withNonce, web.ts).
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
      strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
    await app.register(cookie);
    // A callback hook, as every hook on every request (docs/architecture.md#request-pipeline).
    app.addHook('onRequest', (request, reply, done) => {
      // Every state-changing request, whatever its path and however it is spelled: the check
      // cannot miss a route by a spelling of its URL (`/%61pi/posts`, `/API/posts`, `//api`).
      // A route that reads no cookie and carries its own authority (a signed token) may say so
      // (`config.crossSiteAllowed`): the one-click unsubscribe a mail provider POSTs (decision 040).
      const crossSiteAllowed = request.routeOptions.config?.crossSiteAllowed === true;
      if (!SAFE_METHODS.has(request.method) && !crossSiteAllowed && isCrossSite(request)) {
        return done(errors.forbidden(HTTP_ERROR_MESSAGES.crossSiteRequest, 'CROSS_SITE_REQUEST'));
      }
      const problem = requestLineProblem(request.raw.url ?? '/');
      if (!problem) return done();
      // No route runs: a page load of an address with a NUL byte is answered with the web
      // app, whose router shows its not-found page for such an address (root.tsx); the hook
      // then does not call `done` (Fastify's way of answering from a hook).
      if (problem === 'nul' && isPageLoad(request) && app.sendNotFoundPage) {
        app.sendNotFoundPage(request, reply).catch(done);
        return;
      }
      done(errors.badRequest(HTTP_ERROR_MESSAGES.malformedRequest, 'INVALID_URL'));
    });

    // JSON bodies: refused when nested too deep or carrying a NUL, then parsed as Fastify does
    // (refusing __proto__ and constructor poisoning). /api/auth/* has its own parser.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (jsonBodyProblem(body as string)) {
        done(errors.badRequest(HTTP_ERROR_MESSAGES.malformedRequest, 'INVALID_BODY'), undefined);
        return;
      }
      parseJson(request, body as string, done);
    });

    // A route the default limit never counts gets no limiter at all, decided as the route is added
    // (the limiter's hook is 8 promises per request, reads included; docs/perf/README.md 'Promises
    // per request'). Added before the limiter, so its own onRoute hook sees the `false`. Routes
    // with some safe methods keep it and are exempted per request by the allow-list.
    app.addHook('onRoute', (route) => {
      if (route.config?.rateLimit === undefined && exemptRoute(route.method, route.url)) {
        route.config = { ...route.config, rateLimit: false };
      }
    });
    await app.register(rateLimit, {
      global: true,
      max: WRITE_RATE_LIMIT.max,
      timeWindow: WRITE_RATE_LIMIT.windowMs,
      keyGenerator: rateLimitKey,
      allowList: (request) => exemptFromDefaultLimit(request),
      errorResponseBuilder: () => errors.tooManyRequests(),
    });
  },
  { name: 'security' },
);
