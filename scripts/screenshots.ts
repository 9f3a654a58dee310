import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';

/**
 * `npm run screenshots`: the demo campus as a newcomer first sees it, for docs/screenshots/ and
 * the README's docs/screenshot.png. It starts a server of its own in development mode (the demo
 * accounts and listings, embedded PostgreSQL) on a fresh data folder and a free port, so no other
 * run's posts or ads show; it needs the web app built (`npm run build`). Signed in as Avery, it
 * photographs /home, /media, a post (Diego's road bike) and a profile (Marcus) at 1280×800 and
 * 390×844 in Debian's Chromium, then puts the desktop feed and the phone's post side by side for
 * the README.
 */

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs/screenshots');
const SIZES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  mobile: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;
const GAP = 24;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // The first start creates the database and the demo campus: up to a couple of minutes here.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const up = await fetch(`http://localhost:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return server;
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 3 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** What `settle` reads of the page (this folder is compiled without the DOM's types). */
interface Picture {
  complete: boolean;
  naturalWidth: number;
  checkVisibility(): boolean;
  getBoundingClientRect(): { top: number; bottom: number; left: number; right: number };
  closest(selector: string): { getBoundingClientRect(): { left: number; right: number } } | null;
}
interface PageWindow {
  innerHeight: number;
  innerWidth: number;
  document: { images: ArrayLike<Picture>; fonts: { status: string } };
}

/** Waits until the web fonts and every picture inside the screen have been drawn. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const win = globalThis as unknown as PageWindow;
    return (
      win.document.fonts.status === 'loaded' &&
      Array.from(win.document.images)
        .filter((img) => {
          const box = img.getBoundingClientRect();
          // A carousel's later photos sit beside their card, clipped, and load lazily when swiped to.
          const card = img.closest('article')?.getBoundingClientRect() ?? { left: 0, right: win.innerWidth };
          const onScreen =
            box.bottom > 0 && box.top < win.innerHeight && box.right > card.left && box.left < card.right;
          return img.checkVisibility() && onScreen;
        })
        .every((img) => img.complete && img.naturalWidth > 0)
    );
  });
}

async function shoot(browser: Browser, origin: string, paths: Record<string, string>): Promise<void> {
  for (const [size, options] of Object.entries(SIZES)) {
    const context = await browser.newContext({ ...options, baseURL: origin });
    const signIn = await context.request.post('/api/auth/sign-in/email', {
      data: { email: 'avery@ou.edu', password: 'buysell123' },
      headers: { origin },
    });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
    const page = await context.newPage();
    for (const [name, address] of Object.entries(paths)) {
      await page.goto(address);
      await settle(page);
      const file = path.join(outDir, `${name}-${size}.png`);
      await page.screenshot({ path: file });
      console.log(path.relative(root, file));
    }
    await context.close();
  }
}

/** The README's picture: the desktop feed and the phone's post page side by side. */
async function composeReadme(browser: Browser): Promise<void> {
  const data = async (file: string) =>
    `data:image/png;base64,${(await readFile(path.join(outDir, file))).toString('base64')}`;
  const { desktop, mobile } = SIZES;
  const width = GAP * 3 + desktop.viewport.width + mobile.viewport.width;
  const height = GAP * 2 + mobile.viewport.height;
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(`<!doctype html>
    <body style="margin:0;background:#e5e7eb;display:flex;gap:${GAP}px;padding:${GAP}px;align-items:flex-start">
      <img src="${await data('home-desktop.png')}" alt="" style="box-shadow:0 4px 16px rgb(0 0 0 / .12)">
      <img src="${await data('post-mobile.png')}" alt="" style="box-shadow:0 4px 16px rgb(0 0 0 / .12)">
    </body>`);
  await settle(page);
  await page.screenshot({ path: path.join(root, 'docs/screenshot.png') });
  await page.close();
  console.log('docs/screenshot.png');
}

const port = await freePort();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campus-screenshots-'));
const server = await startServer(port, dataDir);
const origin = `http://localhost:${port}`;
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  // Diego's road bike: a listing with three photos, a condition, a reason and a pick-up place.
  const feed = await browser.newContext({ baseURL: origin });
  await feed.request.post('/api/auth/sign-in/email', {
    data: { email: 'avery@ou.edu', password: 'buysell123' },
    headers: { origin },
  });
  let bike: string | undefined;
  let cursor: string | null = null;
  do {
    const res = await feed.request.get(`/api/posts${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
    const body = (await res.json()) as { posts: { id: string; plainText: string }[]; nextCursor: string | null };
    bike = body.posts.find((p) => p.plainText.startsWith('Road bike, medium frame'))?.id;
    cursor = body.nextCursor;
  } while (!bike && cursor);
  await feed.close();
  if (!bike) throw new Error('the demo road bike is not in the feed');

  await shoot(browser, origin, { home: '/home', media: '/media', post: `/post/${bike}`, profile: '/marcusjohnson' });
  await composeReadme(browser);
} finally {
  await browser.close();
  // SIGTERM lets the server stop its embedded PostgreSQL cleanly before the folder goes.
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
}
