import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { TestBrowser, unverifiedUser, verifiedUser } from '../../test/auth.ts';
import { createPostAs, member, testPhoto } from '../../test/posts.ts';
import { users } from '../db/schema/index.ts';
import { themeStyleFor } from './campus-theme.ts';
import { filesOf, firstScreenPlan, renderDocument, type ViteManifest } from './first-screen.ts';

const TEMPLATE = `<!doctype html><html><head><title>Campus Buy / Sell</title>
<!-- boot-reads: preloads -->
<link rel="preload" href="/api/campus" as="fetch" crossorigin="anonymous" />
<link rel="preload" href="/api/me" as="fetch" crossorigin="anonymous" />
<!-- /boot-reads -->
<script type="module" crossorigin src="/assets/index-1.js"></script>
</head><body><div id="root"><p class="boot-shell">Loading…</p></div><!-- /root --></body></html>`;

// As Vite builds it: the entry is a boot that imports the app dynamically (apps/web/src/main.tsx).
const MANIFEST: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', dynamicImports: ['_app-1.js'], css: ['assets/index-1.css'] },
  '_app-1.js': { file: 'assets/app-1.js', imports: ['index.html', '_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_card-1.js': { file: 'assets/card-1.js', imports: ['_react-1.js'], css: ['assets/card-1.css'] },
  'src/app/routes/home.tsx': { file: 'assets/home-1.js', imports: ['_card-1.js', 'index.html'] },
  'src/features/posts/components/home-feed.tsx': { file: 'assets/home-feed-1.js', imports: ['_card-1.js'] },
  'src/app/routes/post.tsx': { file: 'assets/post-1.js', imports: ['_card-1.js'], css: ['assets/post-1.css'] },
};

const webDist = await mkdtemp(path.join(os.tmpdir(), 'campus-web-'));
await mkdir(path.join(webDist, '.vite'), { recursive: true });
await writeFile(path.join(webDist, 'index.html'), TEMPLATE);
await writeFile(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));

const { app, db } = await createTestApp({ WEB_DIST: webDist });

/** The answers the document carries, parsed back from its JSON block. */
function answersIn(html: string): Record<string, unknown> {
  const block = /<script type="application\/json" id="boot-answers">([\s\S]*?)<\/script>/.exec(html);
  expect(block, 'the document has no boot-answers block').not.toBeNull();
  return JSON.parse(block?.[1] ?? '{}') as Record<string, unknown>;
}

const photoPreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"/g)].map((m) => m[1]);

describe('the document of /home', () => {
  it('carries a member’s campus, viewer and first feed page exactly as the API answers them, with the first photo and the route’s code', async () => {
    const { browser, user } = await member(app, db);
    const created = await createPostAs(browser, { plainText: 'Mini fridge, works fine', priceCents: 4000 }, [
      { name: 'fridge.jpg', type: 'image/jpeg', bytes: await testPhoto() },
    ]);
    expect(created.statusCode).toBe(201);

    const page = await browser.get('/home');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    const answers = answersIn(page.body);
    expect(Object.keys(answers)).toEqual(['/api/campus', '/api/me', '/api/unread-counts', '/api/posts']);
    for (const url of Object.keys(answers)) expect(answers[url]).toEqual((await browser.get(url)).json());
    expect((answers['/api/me'] as { viewer: { id: string } }).viewer.id).toBe(user.id);

    const feed = answers['/api/posts'] as { posts: { media: { url: string }[] }[] };
    expect(photoPreloads(page.body)).toEqual([feed.posts[0]?.media[0]?.url]);
    // The preloads of the boot reads are gone (their answers are here); the app's and the
    // route's chunks and CSS come with the document, the entry's own files are not repeated.
    expect(page.body).not.toContain('as="fetch"');
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/app-1.js">');
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-1.js">');
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-feed-1.js">');
    expect(page.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/card-1.css">');
    expect(page.body.match(/react-1\.js/g)).toHaveLength(1);
    expect(page.body.match(/index-1\.js/g)).toHaveLength(1);
    expect(page.body).not.toContain('code-after-paint');
  });

  it('is compressed for a browser that accepts it (the answers make it tens of KB)', async () => {
    const { browser } = await member(app, db);
    for (let i = 0; i < 3; i++) await createPostAs(browser, { plainText: `Compressible listing ${i}` });
    for (const url of ['/media', '/home']) {
      const page = await app.inject({
        method: 'GET',
        url,
        headers: { host: browser.host, cookie: browser.cookieHeader(), 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding'], url).toMatch(/gzip|br|deflate/);
    }
  });

  it('asks for the category the address names, the way the web app does', async () => {
    const { browser } = await member(app, db);
    const answers = answersIn((await browser.get('/home?category=home+%26+kitchen&x=1')).body);
    expect(Object.keys(answers)).toEqual([
      '/api/campus',
      '/api/me',
      '/api/unread-counts',
      '/api/posts?category=home+%26+kitchen',
    ]);
    // 'all', or not a category: the web app shows (and asks for) every category.
    for (const url of ['/home?category=all', '/home?category=%3Cb%3E', '/home?category='])
      expect(Object.keys(answersIn((await browser.get(url)).body)), url).toContain('/api/posts');
  });

  it('keeps text people wrote inside the JSON block: a post cannot end the script element', async () => {
    const { browser } = await member(app, db);
    const hostile = '</script><script>alert(1)</script><!-- & "quotes"';
    expect((await createPostAs(browser, { plainText: hostile })).statusCode).toBe(201);
    const html = (await browser.get('/home')).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the JSON block's and the entry's
    const feed = answersIn(html)['/api/posts'] as { posts: { plainText: string }[] };
    expect(feed.posts[0]?.plainText).toBe(hostile);
  });

  it('gives a visitor, an unverified account, one without a campus and one of another campus only what the API gives them', async () => {
    const visitor = new TestBrowser(app);
    const visitorAnswers = answersIn((await visitor.get('/home')).body);
    // No unread counts and no feed: the API refuses both to a visitor.
    expect(Object.keys(visitorAnswers)).toEqual(['/api/campus', '/api/me']);
    expect(visitorAnswers['/api/me']).toEqual({ viewer: null });

    const { browser: unverified } = await unverifiedUser(app, db);
    expect(Object.keys(answersIn((await unverified.get('/home')).body))).not.toContain('/api/posts');

    // Email verified, no campus yet: no feed either.
    const { browser: noCampus } = await verifiedUser(app, db);
    expect(Object.keys(answersIn((await noCampus.get('/home')).body))).not.toContain('/api/posts');

    // An account of another campus whose school email is no longer verified, on its own site and on OU's.
    const { browser: utMember, user } = await member(app, db, 'ut');
    await db.update(users).set({ schoolVerified: false }).where(eq(users.id, user.id));
    const onOu = new TestBrowser(app);
    await onOu.post('/api/auth/sign-in/email', { email: user.email, password: 'secret123' });
    for (const browser of [utMember, onOu]) {
      const html = (await browser.get('/home')).body;
      expect(Object.keys(answersIn(html))).not.toContain('/api/posts');
      expect(photoPreloads(html)).toEqual([]);
    }
  });
});

describe('the campus colour in the document', () => {
  it('is a style the CSP allows by its hash, in each campus’s own colour', async () => {
    const { browser: ou } = await member(app, db);
    const { browser: ut } = await member(app, db, 'ut');
    for (const [browser, color] of [
      [ou, '#841617'],
      [ut, '#9a4500'],
      [new TestBrowser(app), '#841617'],
    ] as const) {
      const page = await browser.get('/home');
      const style = `:root{--campus-color:${color}}`;
      expect(page.body).toContain(`<style>${style}</style>`);
      const hash = createHash('sha256').update(style).digest('base64');
      // Its own campus's hash, and no other.
      expect(String(page.headers['content-security-policy']).match(/style-src [^;]*/)?.[0]).toBe(
        `style-src 'self' 'sha256-${hash}'`,
      );
    }
    // Any other answer allows no inline style at all.
    for (const url of ['/api/campus', '/api/me', '/api/health', '/api/nothing']) {
      const res = await ou.get(url);
      expect(String(res.headers['content-security-policy']).match(/style-src [^;]*/)?.[0], url).toBe(
        "style-src 'self'",
      );
    }
  });

  it('is left out for a colour the CSP does not know', () => {
    expect(themeStyleFor('#123456')).toBeUndefined();
    expect(themeStyleFor('red}</style><script>')).toBeUndefined();
    expect(themeStyleFor(undefined)).toBeUndefined();
    const html = renderDocument(TEMPLATE, { answers: new Map(), scripts: [], styles: [] });
    expect(html).not.toContain('<style>');
  });
});

describe('the document of /post/{id}', () => {
  it('carries the post page and its first full-size photo', async () => {
    const { browser } = await member(app, db);
    const created = await createPostAs(browser, { plainText: 'Desk lamp' }, [
      { name: 'lamp.jpg', type: 'image/jpeg', bytes: await testPhoto('#aa3300') },
    ]);
    const { id } = created.json() as { id: string };
    // Another member of the campus sees the same post page in their document.
    const { browser: other } = await member(app, db, 'ou', 'Other Member');
    expect(answersIn((await other.get(`/post/${id}`)).body)[`/api/posts/${id}`]).toEqual(
      (await other.get(`/api/posts/${id}`)).json(),
    );
    const html = (await browser.get(`/post/${id}`)).body;
    const answers = answersIn(html);
    const read = `/api/posts/${id}`;
    expect(answers[read]).toEqual((await browser.get(read)).json());
    const { post } = answers[read] as { post: { media: { fullUrl: string }[] } };
    expect(photoPreloads(html)).toEqual([post.media[0]?.fullUrl]);
    expect(html).toContain('href="/assets/post-1.js"');
    expect(html).toContain('href="/assets/post-1.css"');
  });

  it('writes nothing for a post the viewer may not see or that does not exist, and survives hostile ids', async () => {
    const { browser: utMember } = await member(app, db, 'ut');
    const created = await createPostAs(utMember, { plainText: 'UT only' });
    const { id } = created.json() as { id: string };
    const { browser } = await member(app, db);
    for (const url of [`/post/${id}`, '/post/00000000-0000-0000-0000-000000000000', `/post/${'x'.repeat(5000)}`]) {
      const page = await browser.get(url);
      expect(page.statusCode, url).toBe(200);
      expect(Object.keys(answersIn(page.body)), url).toEqual(['/api/campus', '/api/me', '/api/unread-counts']);
    }
    for (const url of ['/post/%3Cscript%3E', '/post/a%2Fb', "/post/'%20OR%201=1--"]) {
      const page = await browser.get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).not.toContain('<script>');
    }
    // Addresses no page has: refused before any read.
    for (const url of ['/post/%00', '/post/%E0%A4%A']) expect((await browser.get(url)).statusCode, url).toBe(400);
  });
});

// A web build with a render of its own (`.ssr/entry-server.js`), standing in for the real one
// (apps/web/src/entry-server.tsx, proven by its own tests and the end-to-end suite): it records
// what it is asked, and fails or declines when a test says so.
const drawingDist = await mkdtemp(path.join(os.tmpdir(), 'campus-web-drawn-'));
await mkdir(path.join(drawingDist, '.vite'), { recursive: true });
await mkdir(path.join(drawingDist, '.ssr'), { recursive: true });
await writeFile(path.join(drawingDist, 'index.html'), TEMPLATE);
await writeFile(path.join(drawingDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
await writeFile(
  path.join(drawingDist, '.ssr', 'entry-server.js'),
  `export async function renderFirstScreen(url, answers) {
    const renderer = globalThis.firstScreenTest;
    renderer.calls.push({ url, answers });
    if (renderer.mode === 'fail') throw new Error('the render broke');
    if (renderer.mode === 'decline') return undefined;
    if (renderer.mode === 'hold') await renderer.held;
    return '<main>drawn ' + url + '</main>';
  }`,
);
const renderer = {
  calls: [] as { url: string; answers: Record<string, unknown> }[],
  mode: 'draw',
  /** In mode 'hold', renders wait for this. */
  held: Promise.resolve(),
};
(globalThis as { firstScreenTest?: typeof renderer }).firstScreenTest = renderer;
const drawing = await createTestApp({ WEB_DIST: drawingDist });
const drawnRoot = (html: string) => /<div id="root" data-server-rendered>([\s\S]*?)<\/div>/.exec(html)?.[1];

describe('a first screen the web build draws (decision 026)', () => {
  it('draws a member’s /home and /post/{id} from the answers the document carries', async () => {
    const { browser } = await member(drawing.app, drawing.db);
    const created = await createPostAs(browser, { plainText: 'Bike lock' });
    const { id } = created.json() as { id: string };
    renderer.mode = 'draw';
    for (const url of ['/home', `/post/${id}`, '/home?category=textbooks']) {
      renderer.calls.length = 0;
      const html = (await browser.get(url)).body;
      expect(renderer.calls.map((call) => call.url)).toEqual([url]);
      expect(renderer.calls[0]?.answers).toEqual(answersIn(html));
      expect(drawnRoot(html), url).toBe(`<main>drawn ${url.replace(/&/g, '&amp;')}</main>`);
      expect(html).not.toContain('boot-shell');
    }
    // The drawn page's styles block its first paint. Its code waits for that paint (decision
    // 027): the entry (the boot) comes last, and the app's and route's code is listed inert, in
    // a <template> the boot moves into the head after the first paint.
    const html = (await browser.get(`/post/${id}`)).body;
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/post-1.css">');
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">');
    const afterPaint = /<template id="code-after-paint">(.*?)<\/template>/.exec(html)?.[1];
    expect(afterPaint?.match(/<link rel="modulepreload" crossorigin href="[^"]+">/g)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/app-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/post-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/card-1.js">',
    ]);
    expect(html.replace(/<template[\s\S]*?<\/template>/, '')).not.toContain('modulepreload');
  });

  it('draws nothing for a visitor, an unverified account, one without a campus, another campus’s member, or another page', async () => {
    renderer.mode = 'draw';
    renderer.calls.length = 0;
    const { browser: utMember, user: utUser } = await member(drawing.app, drawing.db, 'ut');
    const utPost = (await createPostAs(utMember, { plainText: 'UT only' })).json() as { id: string };
    const { browser: ouMember } = await member(drawing.app, drawing.db);
    const { browser: unverified } = await unverifiedUser(drawing.app, drawing.db);
    const { browser: noCampus } = await verifiedUser(drawing.app, drawing.db);
    const pages: [TestBrowser, string][] = [
      [new TestBrowser(drawing.app), '/home'],
      [unverified, '/home'],
      [noCampus, '/home'],
      [ouMember, `/post/${utPost.id}`],
      [ouMember, '/post/00000000-0000-0000-0000-000000000000'],
      [ouMember, '/messages'],
      [ouMember, '/settings'],
    ];
    for (const [browser, url] of pages) {
      const html = (await browser.get(url)).body;
      expect(drawnRoot(html), url).toBeUndefined();
      expect(html, url).toContain('<p class="boot-shell">Loading…</p>');
      expect(html, url).not.toContain('fetchpriority="low"');
      expect(html, url).not.toContain('code-after-paint');
      expect(html, url).toContain('<link rel="modulepreload" crossorigin href="/assets/app-1.js">');
    }
    // UT's member on OU's site: OU's /api/posts refuses them, so nothing to draw.
    const onOu = new TestBrowser(drawing.app);
    await onOu.post('/api/auth/sign-in/email', { email: utUser.email, password: 'secret123' });
    expect(drawnRoot((await onOu.get('/home')).body)).toBeUndefined();
    expect(renderer.calls).toEqual([]);
  });

  it('serves the page for the browser to draw when the render fails or declines', async () => {
    const { browser } = await member(drawing.app, drawing.db);
    for (const mode of ['fail', 'decline']) {
      renderer.mode = mode;
      const page = await browser.get('/home');
      expect(page.statusCode, mode).toBe(200);
      expect(drawnRoot(page.body), mode).toBeUndefined();
      expect(page.body, mode).toContain('<p class="boot-shell">Loading…</p>');
      expect(Object.keys(answersIn(page.body)), mode).toContain('/api/posts');
    }
    renderer.mode = 'draw';
  });

  it('leaves a page to the browser while four renders are under way', async () => {
    const { browser } = await member(drawing.app, drawing.db);
    let release = () => {};
    renderer.held = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderer.mode = 'hold';
    renderer.calls.length = 0;
    const held = Array.from({ length: 4 }, () => browser.get('/home'));
    await vi.waitFor(() => expect(renderer.calls).toHaveLength(4));
    // A fifth page load while those four wait: served at once, for the browser to draw.
    const fifth = await browser.get('/home');
    expect(drawnRoot(fifth.body)).toBeUndefined();
    expect(fifth.body).toContain('<p class="boot-shell">Loading…</p>');
    release();
    for (const page of await Promise.all(held)) expect(drawnRoot(page.body)).toBe('<main>drawn /home</main>');
    // Once they are done, pages are drawn again.
    renderer.mode = 'draw';
    expect(drawnRoot((await browser.get('/home')).body)).toBe('<main>drawn /home</main>');
  });

  it('never serves the render’s own code', async () => {
    for (const url of ['/.ssr/entry-server.js', '/.ssr/', '/%2Essr/entry-server.js']) {
      const res = await new TestBrowser(drawing.app).get(url);
      expect(res.body, url).not.toContain('renderFirstScreen');
    }
  });
});

describe('the build manifest', () => {
  it('is read by the server, not served', async () => {
    const res = await new TestBrowser(app).get('/.vite/manifest.json');
    expect(res.body).not.toContain('home-feed-1.js');
  });
});

describe('first-screen helpers', () => {
  it('plans the shell reads for every other page', () => {
    const shell = ['/api/campus', '/api/me', '/api/unread-counts'];
    expect(firstScreenPlan('/messages').reads).toEqual(shell);
    expect(firstScreenPlan('/post/abc/boost').reads).toEqual(shell);
    expect(firstScreenPlan('/post/a%20b').reads).toContain('/api/posts/a%20b');
  });

  it('lists a module’s chunks and CSS, without what index.html loads and without looping', () => {
    const looping: ViteManifest = {
      ...MANIFEST,
      '_card-1.js': { file: 'assets/card-1.js', imports: ['src/app/routes/home.tsx'] },
    };
    expect(filesOf(looping, ['src/app/routes/home.tsx'])).toEqual({
      scripts: ['assets/home-1.js', 'assets/card-1.js'],
      styles: [],
    });
    expect(filesOf({}, ['src/app/routes/home.tsx'])).toEqual({ scripts: [], styles: [] });
  });

  it('serves a template without the boot-reads block unchanged', () => {
    const plain = '<!doctype html><head></head>';
    expect(renderDocument(plain, { answers: new Map([['/api/me', '{}']]), scripts: ['a.js'], styles: [] })).toBe(plain);
  });
});
