import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';

const webDist = await mkdtemp(path.join(os.tmpdir(), 'campus-web-'));
await mkdir(path.join(webDist, 'assets'));
await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Campus Buy / Sell</title>');
await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');

const { app } = await createTestApp({ WEB_DIST: webDist });

describe('health', () => {
  it('checks the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });
});

describe('unknown paths', () => {
  it('answers JSON 404 under /api', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'No route for GET /api/does-not-exist' });
  });

  it('answers a JSON 404 for other methods on unknown paths', async () => {
    const res = await app.inject({ method: 'POST', url: '/some/page' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves the web app for any page address (SPA fallback)', async () => {
    for (const url of ['/', '/home', '/settings/terms', '/no/such/page', '/media', '/media?tab=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('<title>Campus Buy / Sell</title>');
    }
  });

  it('answers a page load of an address with a NUL byte with the web app (its not-found page), API calls with JSON 400', async () => {
    const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    for (const url of ['/home%00', '/%00', '/search?q=lamp%00', '/post/abc%00def']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url, headers: html });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers['cache-control']).toBe('no-store');
        if (method === 'GET') expect(res.body).toContain('<title>Campus Buy / Sell</title>');
      }
    }
    const refused = [
      { method: 'GET', url: '/api/posts?cursor=%00', headers: html },
      { method: 'GET', url: '/API/posts%00', headers: html },
      { method: 'GET', url: '/home%00', headers: { accept: 'application/json' } },
      { method: 'GET', url: '/home%00', headers: {} },
      { method: 'POST', url: '/home%00', headers: html },
    ] as const;
    for (const request of refused) {
      const res = await app.inject(request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'INVALID_URL' });
    }
  });

  it('caches fingerprinted assets for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('security headers', () => {
  it('sends a strict CSP without inline scripts, and the usual hardening headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/home' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('applies them to API answers too', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('same-origin check', () => {
  it('refuses state-changing API requests from another site and allows the same site', async () => {
    const post = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/nothing-here', headers: { host: 'ou.localhost:3000', ...headers } });
    expect((await post({ origin: 'https://evil.example' })).json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
    expect((await post({ origin: 'http://ut.localhost:3000' })).statusCode).toBe(403);
    expect((await post({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    // Same origin reaches routing (here: an unknown route).
    expect((await post({ origin: 'http://ou.localhost:3000' })).statusCode).toBe(404);
    expect((await post({})).statusCode).toBe(404);
  });
});

describe('compression', () => {
  it('compresses large answers when the client accepts it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/campuses', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('OpenAPI', () => {
  it('documents the routes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/campus', '/api/campuses', '/api/health']));
  });
});
