import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { TestBrowser, unverifiedUser } from '../../test/auth.ts';
import { createPostAs, member, testPhoto } from '../../test/posts.ts';
import { securityPlugin } from './security.ts';
import { type PageRenderer, webPlugin } from './web.ts';

/**
 * The pages as the app serves them: the web build's own render (apps/web/src/entry-server.tsx,
 * decision 031) hosted by the web plugin, calling this app's API in-process. These tests use
 * the real build (`npm run build`, which CI runs first); without one they make it.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const webDist = path.join(repoRoot, 'apps/web/dist');
if (!existsSync(path.join(webDist, '.ssr', 'entry-server.js'))) {
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}

const { app, db } = await createTestApp({ WEB_DIST: webDist });

const meta = (html: string, name: string) =>
  new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)">`).exec(html)?.[1];

/** The nonce of a document's CSP: the one every inline script and style of it must carry. */
function nonceOf(policy: unknown): string {
  const nonce = /'nonce-([^']+)'/.exec(String(policy))?.[1];
  expect(nonce, 'the CSP has no nonce').toBeDefined();
  const directives = String(policy).split(';');
  for (const name of ['script-src', 'style-src']) {
    expect(directives.find((d) => d.startsWith(`${name} `))).toContain(`'nonce-${nonce}'`);
  }
  return nonce as string;
}

function expectEveryInlineScriptAndStyleNonced(html: string, nonce: string) {
  const inline = html.match(/<(script|style)(?![^>]*\bsrc=)[^>]*>/g) ?? [];
  expect(inline.length).toBeGreaterThan(0);
  for (const tag of inline) expect(tag).toContain(`nonce="${nonce}"`);
  // Style attributes cannot carry a nonce: the CSP would drop them.
  expect(html).not.toMatch(/<[^>]+\sstyle="/);
}

async function listing(browser: TestBrowser, plainText: string) {
  const created = await createPostAs(browser, { plainText, priceCents: 4000 }, [
    { name: 'fridge.jpg', type: 'image/jpeg', bytes: await testPhoto() },
  ]);
  expect(created.statusCode).toBe(201);
  return created.json() as { id: string; media: { url: string; fullUrl: string }[] };
}

describe('a page of the web app', () => {
  it('arrives drawn for a member: their feed, with a fresh nonce on every inline script and style, never stored', async () => {
    const { browser } = await member(app, db);
    await listing(browser, 'Mini fridge, works fine');

    const page = await browser.get('/home');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Mini fridge, works fine');
    expect(page.body).toContain('<title>OU Buy / Sell</title>');
    const nonce = nonceOf(page.headers['content-security-policy']);
    expectEveryInlineScriptAndStyleNonced(page.body, nonce);

    const again = await browser.get('/home');
    expect(nonceOf(again.headers['content-security-policy'])).not.toBe(nonce);
  });

  it('arrives drawn for a visitor: the private community, and none of its posts', async () => {
    const { browser } = await member(app, db);
    await listing(browser, 'A secret couch');
    const visitor = new TestBrowser(app);
    const page = await visitor.get('/home');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This community is private.');
    expect(page.body).not.toContain('A secret couch');
    expectEveryInlineScriptAndStyleNonced(page.body, nonceOf(page.headers['content-security-policy']));
  });

  it('answers the redirects of docs/product/accounts.md#redirects with a 302', async () => {
    const visitor = new TestBrowser(app);
    const { browser: unverified } = await unverifiedUser(app, db);
    const { browser: joined } = await member(app, db);
    const cases: [TestBrowser, string, string][] = [
      [visitor, '/', '/home'],
      [visitor, '/saved', '/'],
      [visitor, '/messages/whatever', '/'],
      [visitor, '/verify', '/user_registration'],
      [unverified, '/home', '/verify'],
      [unverified, '/post/whatever', '/verify'],
      [joined, '/login', '/home'],
      [joined, '/verify', '/home'],
    ];
    for (const [who, url, location] of cases) {
      const page = await who.get(url);
      expect([url, page.statusCode, page.headers.location]).toEqual([url, 302, location]);
      expect(page.body).toBe('');
    }
  });

  it('still arrives when the page’s own read fails', async () => {
    const { browser } = await member(app, db);
    for (const url of ['/post/no-such-post', '/post/%E2%9C%93', '/messages/not-a-chat']) {
      const page = await browser.get(url);
      expect([url, page.statusCode]).toEqual([url, 200]);
      expect(page.body).toContain('OU Buy / Sell');
    }
  });

  it('gives a listing’s link preview its title, price, campus and first photo at the feed size (a member’s view)', async () => {
    const { browser } = await member(app, db);
    const post = await listing(browser, 'Mini fridge, works fine\nPick up at the dorms');
    const page = await browser.get(`/post/${post.id}`);
    expect(meta(page.body, 'og:title')).toBe('Mini fridge, works fine · $40');
    expect(meta(page.body, 'og:description')).toBe(
      '$40 · OU Buy / Sell · Mini fridge, works fine Pick up at the dorms',
    );
    expect(meta(page.body, 'og:image')).toBe(`http://ou.localhost:3000${post.media[0]?.url}`);
    expect(meta(page.body, 'og:image')).not.toContain(post.media[0]?.fullUrl ?? '-');
    expect(meta(page.body, 'twitter:card')).toBe('summary_large_image');
    expect(meta(page.body, 'og:url')).toBe(`http://ou.localhost:3000/post/${post.id}`);
  });

  it('shows a signed-out visitor’s link preview only the campus: the listing stays hidden (decision 031)', async () => {
    const { browser } = await member(app, db);
    const post = await listing(browser, 'Hidden fridge');
    const visitor = new TestBrowser(app);
    const page = await visitor.get(`/post/${post.id}?redirect=true`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Hidden fridge');
    expect(page.body).not.toContain(post.id.length > 0 ? (post.media[0]?.url ?? '-') : '-');
    expect(page.body).not.toContain('$40');
    expect(meta(page.body, 'og:title')).toBe('OU Buy / Sell');
    expect(meta(page.body, 'og:image')).toMatch(/^http:\/\/ou\.localhost:3000\/api\/campuses\/[\w-]+\/logo/);
  });

  it('gives a profile’s link preview the name and avatar', async () => {
    const { browser, user } = await member(app, db);
    const profile = (await browser.get(`/api/profiles/${user.username}`)).json() as { img: string };
    const page = await browser.get(`/${user.username}`);
    expect(meta(page.body, 'og:title')).toBe(`Morgan Lee (@${user.username})`);
    expect(meta(page.body, 'og:image')).toBe(`http://ou.localhost:3000${profile.img}`);
    expect(meta(page.body, 'og:type')).toBe('profile');
  });

  it('never serves the render’s code', async () => {
    for (const url of ['/.ssr/entry-server.js', '/.ssr/', '/%2Essr/entry-server.js']) {
      const answer = await app.inject({ method: 'GET', url, headers: { host: 'ou.localhost:3000' } });
      expect(answer.body).not.toContain('renderToPipeableStream');
      expect(answer.body).not.toContain('createStaticHandler');
    }
  });

  it('answers a page address with a NUL byte with the not-found page, 404', async () => {
    const page = await app.inject({
      method: 'GET',
      url: '/home%00',
      headers: { host: 'ou.localhost:3000', accept: 'text/html' },
    });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This page doesn');
    expectEveryInlineScriptAndStyleNonced(page.body, nonceOf(page.headers['content-security-policy']));
  });
});

describe('the web plugin', () => {
  async function hosting(renderer: PageRenderer) {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'campus-web-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>App</title><div id="root"></div>');
    const host = Fastify();
    await host.register(securityPlugin);
    await host.register(webPlugin, { webDist: dist, renderer });
    return host;
  }

  it('hands the render the request, the viewer’s API and the nonce of the document’s CSP', async () => {
    let seen: { url: string; nonce: string; me: number } | undefined;
    const host = await hosting({
      async render(request, { api, nonce }) {
        const me = await api('/api/nothing-here', { method: 'GET' });
        seen = { url: request.url, nonce, me: me.status };
        return { status: 200, html: Readable.from(['<p>drawn</p>']) };
      },
    });
    const page = await host.inject({ method: 'GET', url: '/home?x=1', headers: { host: 'ou.localhost:3000' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('<p>drawn</p>');
    expect(seen?.url).toBe('http://ou.localhost:3000/home?x=1');
    expect(seen?.me).toBe(404);
    expect(nonceOf(page.headers['content-security-policy'])).toBe(seen?.nonce);
  });

  it('sends the app for the browser to draw when the render fails', async () => {
    const host = await hosting({
      async render() {
        throw new Error('render broke');
      },
    });
    const page = await host.inject({ method: 'GET', url: '/home' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.headers['cache-control']).toBe('no-store');
  });
});
