import { WRITE_RATE_LIMIT } from '@campus/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { createPostAs, member } from '../../test/posts.ts';

/**
 * One route, one set of checks, however its URL is spelled. Fastify matches `/%61pi/posts` to
 * the `/api/posts` route, so a check that reads the raw URL instead of the route that matched
 * can be walked around (docs/security.md 'Hostile input').
 */
const { app, db } = await createTestApp();

/** Every way of writing `path` that a check on the raw URL could read differently. */
function spellingsOf(path: string): Record<string, string> {
  const rest = path.slice('/api/'.length);
  const hex = (ch: string) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`;
  return {
    canonical: path,
    'first letter percent-encoded': `/${hex('a')}pi/${rest}`,
    'a later letter percent-encoded': `/api/${hex(rest[0] ?? 'x')}${rest.slice(1)}`,
    'slash percent-encoded': `/api%2F${rest}`,
    'doubled leading slash': `/${path}`,
    'upper case': `/API/${rest}`,
    'trailing slash': `${path}/`,
    'semicolon parameter': `/api;v=1/${rest}`,
    'dot-dot segment': `/x/..${path}`,
    'dot segment': `/api/./${rest}`,
    'absolute URL in the request line': `http://evil.example${path}`,
  };
}

/** Row counts of every table: a refused request must change none of them. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await db.execute<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`);
    counts[name] = result.rows[0]?.n ?? 0;
  }
  return counts;
}

/**
 * Writes a mail provider makes from its own site by design: the one-click unsubscribe link, whose
 * signed token is its authority and which reads no cookie (docs/decisions/040-saved-searches-and-notification-settings.md).
 */
const CROSS_SITE_ON_PURPOSE = new Set(['/api/unsubscribe']);

/** The state-changing routes the app serves: its documented API and the auth endpoints. */
function writeRoutes(): Array<{ method: string; path: string }> {
  const document = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const routes: Array<{ method: string; path: string }> = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    if (CROSS_SITE_ON_PURPOSE.has(path)) continue;
    for (const method of Object.keys(operations)) {
      if (['post', 'put', 'patch', 'delete'].includes(method)) routes.push({ method: method.toUpperCase(), path });
    }
  }
  for (const path of ['/api/auth/sign-up/email', '/api/auth/sign-in/email', '/api/auth/sign-out']) {
    routes.push({ method: 'POST', path });
  }
  return routes;
}

describe('one spelling of a path, one set of checks', () => {
  it('refuses a cross-site write to every route through every spelling alike, storing nothing', async () => {
    const { browser } = await member(app, db);
    const created = await createPostAs(browser, { plainText: 'Desk lamp', priceCents: 1200, category: 'furniture' });
    expect(created.statusCode).toBe(201);
    const postId = created.json().id as string;

    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const before = await rowCounts();
    const answers: string[] = [];
    for (const { method, path } of routes) {
      const concrete = path.replace(/\{[^}]+\}/g, postId);
      for (const [spelling, url] of Object.entries(spellingsOf(concrete))) {
        const res = await app.inject({
          method: method as 'POST',
          url,
          headers: {
            host: 'ou.localhost:3000',
            origin: 'http://evil.example',
            cookie: browser.cookieHeader(),
            'content-type': 'application/json',
          },
          payload: '{}',
        });
        answers.push(`${method} ${path} (${spelling}): ${res.statusCode} ${res.json().code}`);
      }
    }
    expect(answers.filter((line) => !line.endsWith(': 403 CROSS_SITE_REQUEST'))).toEqual([]);
    expect(answers.length).toBeGreaterThanOrEqual(routes.length * 6);
    expect(await rowCounts()).toEqual(before);
  });

  it('counts every spelling of a route toward its write limit', async () => {
    const { browser } = await member(app, db);
    const created = await createPostAs(browser, { plainText: 'Bike lock', priceCents: 900 });
    const postId = created.json().id as string;
    const spellings = Object.values(spellingsOf(`/api/posts/${postId}/like`));
    expect(created.statusCode).toBe(201);
    // Creating a post has a limit of its own; the likes below are the account's first default-limited writes.
    let counted = 0;
    let i = 0;
    while (counted < WRITE_RATE_LIMIT.max) {
      const url = spellings[i++ % 3] as string; // canonical, %61pi, %70osts
      const res = await browser.request('POST', url);
      expect(res.statusCode).toBe(200);
      counted++;
    }
    const limited = await browser.request('POST', `/%61pi/posts/${postId}/like`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await browser.request('POST', `/api/posts/${postId}/like`)).statusCode).toBe(429);
  });

  it('keeps every spelling of an /api answer out of caches', async () => {
    const { browser } = await member(app, db);
    const res = await browser.get('/%61pi/me');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('origins compared whole: scheme, host and port', () => {
  it.each([
    ['another scheme', 'https://ou.localhost:3000'],
    ['another port', 'http://ou.localhost:4000'],
    ['no port', 'http://ou.localhost'],
    ['another campus', 'http://ut.localhost:3000'],
    ['a look-alike', 'http://ou.localhost:3000.evil.example'],
    ['not a URL', 'null'],
  ])('refuses a write whose Origin is %s, storing nothing', async (_name, origin) => {
    const { browser } = await member(app, db);
    const bioBefore = (await browser.get('/api/me')).json().bio;
    const res = await app.inject({
      method: 'PUT',
      url: '/api/me/bio',
      headers: {
        host: 'ou.localhost:3000',
        origin,
        cookie: browser.cookieHeader(),
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ bio: 'written cross-site' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CROSS_SITE_REQUEST');
    expect((await browser.get('/api/me')).json().bio).toBe(bioBefore);
  });

  it('accepts the same origin exactly', async () => {
    const { browser } = await member(app, db);
    const res = await browser.request('PUT', '/api/me/bio', { bio: 'same site' });
    expect(res.statusCode).toBe(200);
  });
});
