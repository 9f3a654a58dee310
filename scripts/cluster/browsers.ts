import fs from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from '@playwright/test';

/**
 * Real browsers on the cluster (scripts/cluster/cluster.spec.ts): Playwright contexts that reach
 * the site through nginx, each optionally pinned to one instance by the test configuration's
 * `cluster_pin` cookie (withTestPinning in topology.ts), and that record which instance answered
 * every request they made (X-Cluster-Upstream) with nginx's request id (X-Request-Id).
 */

/** One answer the browser received from the site. */
export interface Answered {
  path: string;
  /** The instance nginx sent it to (`127.0.0.1:<port>`), from X-Cluster-Upstream. */
  upstream: string;
  requestId: string;
}

interface SiteBrowser {
  context: BrowserContext;
  page: Page;
  /** Page errors and console errors (as e2e/fixtures.ts fails a test on them). */
  errors: string[];
  answers: Answered[];
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** A Cookie header value (`name=value`, as clients.ts makes sessions) as a browser cookie. */
function browserCookie(header: string, site: string) {
  const at = header.indexOf('=');
  const { hostname } = new URL(site);
  // The production session cookie is `__Secure-…`: Chromium keeps and sends Secure cookies on
  // http://127.0.0.1 (a potentially trustworthy origin), as it would on https.
  return {
    name: header.slice(0, at),
    value: header.slice(at + 1),
    domain: hostname,
    path: '/',
    secure: true,
    httpOnly: true,
    sameSite: 'Lax' as const,
  };
}

/**
 * A browser context on `site`: signed in with `session` (a Cookie header value) when given,
 * pinned to instance `pin` (1…N) when given, phone-sized when `viewport` is PHONE.
 */
export async function openSiteBrowser(
  browser: Browser,
  site: string,
  {
    session,
    pin,
    viewport = DESKTOP,
  }: { session?: string; pin?: number; viewport?: { width: number; height: number } },
): Promise<SiteBrowser> {
  const phone = viewport.width < 700;
  const context = await browser.newContext({
    baseURL: site,
    viewport,
    isMobile: phone,
    hasTouch: phone,
    // As in playwright.config.ts: the site's service worker would answer some requests itself.
    serviceWorkers: 'block',
  });
  const cookies = [];
  if (session) cookies.push(browserCookie(session, site));
  if (pin) cookies.push({ name: 'cluster_pin', value: String(pin), domain: new URL(site).hostname, path: '/' });
  if (cookies.length > 0) await context.addCookies(cookies);
  const answers: Answered[] = [];
  context.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== site) return;
    const headers = response.headers();
    answers.push({
      path: url.pathname,
      upstream: headers['x-cluster-upstream'] ?? '',
      requestId: headers['x-request-id'] ?? '',
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => {
    // React's recoverable hydration mismatch (#418), and only it, is not the journey's failure:
    // on this shared 2-core machine, with a browser drawing, an instance's database health
    // probe can miss its 400 ms (apps/server/src/db/client.ts) and answer a page's reads 503
    // for a moment. The server then draws the loading shell instead of the page, and the
    // browser, which reads again, draws the page itself. What the person sees is asserted.
    if (/Minified React error #418\b/.test(error.message)) {
      console.log(`${site}: the drawn page was the loading shell; the browser drew it (React #418)`);
      return;
    }
    errors.push(`pageerror: ${error.message}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  return { context, page, errors, answers };
}

/** Opens `path` and waits until the page is live (hydrated: `html[data-live]`, as e2e/fixtures.ts does). */
export async function gotoLive(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-live]').waitFor({ state: 'attached' });
}

/**
 * Marks the page's document; `sameDocument` answers whether it is still the one marked, i.e.
 * what the page shows since came without a reload or a full navigation.
 */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (globalThis as unknown as { clusterMark?: boolean }).clusterMark = true;
  });
}

export async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (globalThis as unknown as { clusterMark?: boolean }).clusterMark === true);
}

/**
 * nginx's own record of which instance served each request id (its access log: `id=… upstream=…`),
 * for the ids asked for. The log is buffered (flushed every second), so this answers what is
 * written so far; the caller waits until every id is there.
 */
export async function upstreamsInAccessLog(accessLog: string, ids: Set<string>): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const text = await fs.readFile(accessLog, 'utf8').catch(() => '');
  for (const match of text.matchAll(/ id=([0-9a-f]+) upstream=(\S+)/g)) {
    const [, id, upstream] = match;
    if (id && upstream && ids.has(id)) found.set(id, upstream);
  }
  return found;
}
