import { createECDH, randomBytes } from 'node:crypto';
import { type BrowserContext, type CDPSession, chromium, type Page, type Worker } from '@playwright/test';
import { expect, keepScreenshot, test } from './fixtures.ts';
import { createPost, freshMember, isMobile } from './support/members.ts';

/**
 * Push notifications and the installable app (docs/product/push-and-app.md, decision 041): the
 * prompt after a first message, the browser's subscription, a push delivered to the service
 * worker through the DevTools Protocol (what a push service would hand the browser), its
 * notification and the chat it opens; the offline page with the last feed; Chromium's own
 * installability check of the campus's manifest and worker.
 */

// The site's service worker is the subject here (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** The site's service worker once it runs and controls the page. */
async function activeWorker(context: BrowserContext, page: Page): Promise<Worker> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
  });
  const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'));
  return worker ?? context.waitForEvent('serviceworker', (w) => w.url().endsWith('/sw.js'));
}

/** The DevTools Protocol's id of the site's service worker registration. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** What the tests use of the service worker's global scope (the e2e code has no WebWorker types). */
interface WorkerScope extends EventTarget {
  registration: ServiceWorkerRegistration;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
}

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  url: string;
}

const shownNotifications = (worker: Worker) =>
  worker.evaluate(async () => {
    const list = await (self as unknown as WorkerScope).registration.getNotifications();
    return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url }));
  }) as Promise<ShownNotification[]>;

/**
 * A browser with a profile of its own, the size of the test's project: Chromium offers neither
 * push nor installing in an incognito profile (every test context is one). Its page reports its
 * errors like the fixture's page does, and `open` waits until a page of the app is live.
 */
async function ownProfile(origin: string) {
  const info = test.info();
  const { launchOptions, viewport, isMobile: mobile } = info.project.use;
  const context = await chromium.launchPersistentContext(info.outputPath('profile'), {
    ...launchOptions,
    viewport,
    isMobile: mobile,
    hasTouch: mobile,
    baseURL: origin,
    serviceWorkers: 'allow',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  const open = async (path: string) => {
    await page.goto(path);
    await page.locator('html[data-live]').waitFor({ state: 'attached' });
  };
  return { context, page, errors, open };
}

test('after a first message the app offers push; a push shows a notification and a tap opens the chat', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL as string;
  const { context, page, errors, open } = await ownProfile(origin);
  // This machine has no route to Chromium's push service (Google's, on the internet), so the
  // browser's PushManager.subscribe is stood in for: it answers a subscription as Chromium would
  // (an FCM address and the browser's keys). Delivery through a push service and its encryption
  // are the server tests' (apps/server/src/modules/push/push.test.ts); here the push reaches the
  // worker through the DevTools Protocol.
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const fakeSubscription = {
    endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(8).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
  await context.addInitScript((json) => {
    let current: PushSubscription | null = null;
    PushManager.prototype.subscribe = async function subscribe() {
      current = { endpoint: json.endpoint, toJSON: () => json } as unknown as PushSubscription;
      return current;
    };
    PushManager.prototype.getSubscription = async () => current;
  }, fakeSubscription);
  const seller = await freshMember(page, origin, { first: 'Sasha', last: 'Seller' });
  const buyerContext = await browser.newContext({ baseURL: origin });
  const buyer = await freshMember(buyerContext, origin, { first: 'Bailey', last: 'Buyer' });

  // The buyer writes first (through the API), the seller answers in the chat.
  const opened = await buyerContext.request.post('/api/chats', { data: { userId: seller.id }, headers: { origin } });
  expect(opened.ok()).toBe(true);
  const chatId = ((await opened.json()) as { chat: { id: string } }).chat.id;
  const sent = await buyerContext.request.post(`/api/chats/${chatId}/messages`, {
    multipart: { message: JSON.stringify({ plainText: 'Is the lamp still there?' }) },
    headers: { origin },
  });
  expect(sent.ok()).toBe(true);

  await open(`/messages/${chatId}`);
  // No prompt on a page load.
  const prompt = page.getByRole('region', { name: 'Get notified on this device?' });
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages.getByText('Is the lamp still there?')).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await activeWorker(context, page);

  const box = page.getByRole('textbox', { name: 'Write a message' });
  await box.fill('Yes, come by at 5');
  await box.press('Enter');
  await expect(prompt).toBeVisible();
  await keepScreenshot(page, 'push-prompt');
  // The browser's own question, which 'Turn on' asks, answered yes.
  await context.grantPermissions(['notifications'], { origin });
  const subscribed = page.waitForResponse((r) => r.url().endsWith('/api/push/subscriptions'));
  await prompt.getByRole('button', { name: 'Turn on' }).click();
  const stored = await subscribed;
  expect(stored.status()).toBe(200);
  expect(((await stored.json()) as { endpoint: string }).endpoint).toBe(fakeSubscription.endpoint);
  await expect(prompt).toHaveCount(0);

  // The seller moves on; a push arrives for a new message (what the push service hands the browser).
  await open('/home');
  const cdp = await context.newCDPSession(page);
  const id = await registrationId(cdp, origin);
  const payload = {
    title: buyer.name,
    body: 'Sent you a message: Great, see you then',
    url: `/messages/${chatId}`,
    tag: `chat:${chatId}`,
    icon: '/favicon.svg',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(payload) });
  // The worker that handles it may be a new run of it (an idle worker is stopped): asked each time.
  let worker = await activeWorker(context, page);
  await expect
    .poll(
      async () => {
        worker = await activeWorker(context, page);
        return shownNotifications(worker).catch(() => []);
      },
      { timeout: 15_000 },
    )
    .toEqual([{ title: buyer.name, body: payload.body, tag: payload.tag, url: payload.url }]);

  // A tap on it (the worker's notificationclick) opens the chat in the open tab.
  await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    if (notification) scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  });
  await expect(page).toHaveURL(new RegExp(`/messages/${chatId}$`));
  await expect(messages.getByText('Is the lamp still there?')).toBeVisible();
  await expect.poll(() => shownNotifications(worker)).toEqual([]);
  await keepScreenshot(page, 'push-opened-chat');
  expect(errors, 'the page logged errors').toEqual([]);
  await buyerContext.close();
  await context.close();
});

test('offline, a page load shows the offline page with the last feed the member opened', async ({ page, baseURL }) => {
  const origin = baseURL as string;
  const context = page.context();
  await freshMember(page, origin, { first: 'Olive', last: 'Offline' });
  const text = `Desk lamp, barely used ${Date.now()}`;
  await createPost(page, origin, text, { priceCents: 1500 });

  await page.goto('/home');
  await activeWorker(context, page);
  // A visit of /home under the worker keeps the feed's first page.
  await page.reload();
  await expect
    .poll(() => page.evaluate(async () => Boolean(await caches.match('/api/posts', { cacheName: 'feed' }))))
    .toBe(true);

  // What the worker keeps: the shell's files and the one feed page, never another API answer
  // (every other one is no-store), even after pages that read a member's own data.
  await page.goto('/notifications');
  await page.goto('/messages');
  await page.goto('/settings/notifications');
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(kept).toContain('/api/posts');
  expect(kept.filter((p) => p.startsWith('/api/'))).toEqual(['/api/posts']);

  // The tab is closed (its live stream would fail loudly); another one loads a page offline.
  await page.goto('about:blank');
  await context.setOffline(true);
  const offline = await context.newPage();
  const errors: string[] = [];
  offline.on('pageerror', (error) => errors.push(error.message));
  offline.on('console', (message) => {
    // A load that finds no network says so in the console (ERR_FAILED when it went through the
    // worker, which has no copy of that route's code); nothing else may.
    if (message.type() === 'error' && !/ERR_INTERNET_DISCONNECTED|net::ERR_FAILED/.test(message.text()))
      errors.push(message.text());
  });
  await offline.goto(isMobile() ? '/messages' : '/search', { waitUntil: 'commit' });
  await expect(offline.getByRole('heading', { name: 'You’re offline' })).toBeVisible();
  await expect(offline.getByRole('heading', { name: 'What works offline' })).toBeVisible();
  const feed = offline.getByRole('region', { name: 'The last feed you opened' });
  const item = feed.getByRole('listitem').filter({ hasText: text });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Olive');
  await expect(item).toContainText('$15');
  await keepScreenshot(offline, 'push-offline');

  // Back online: the page goes back by itself.
  await context.setOffline(false);
  await expect(offline.getByRole('heading', { name: 'You’re offline' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the campus's manifest and service worker pass Chromium's installability check", async ({ baseURL }, testInfo) => {
  const origin = baseURL as string;
  const { context, page, open } = await ownProfile(origin);
  try {
    await open('/home');
    await activeWorker(context, page);
    const cdp = await context.newCDPSession(page);
    // What Lighthouse's installable-manifest audit asked (up to Lighthouse 11; 12 dropped the PWA audits).
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const manifest = await cdp.send('Page.getAppManifest');
    console.log(
      `installability (${testInfo.project.name}): ${installabilityErrors.length === 0 ? 'installable' : JSON.stringify(installabilityErrors)}; manifest ${manifest.url}, parse errors ${manifest.errors.length}`,
    );
    expect(manifest.url).toBe(`${origin}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    expect(installabilityErrors).toEqual([]);

    // The rest of Lighthouse 11's PWA category, checked as its audits checked them.
    const app = (await (await context.request.get('/manifest.webmanifest')).json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    const doc = await page.evaluate(() => ({
      themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? null,
      viewport: document.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? '',
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      controlled: navigator.serviceWorker.controller?.scriptURL ?? null,
    }));
    // themed-omnibox: the page's theme colour is the manifest's.
    expect(doc.themeColor).toBe(app.theme_color);
    // viewport and content-width: a mobile viewport, nothing wider than the window.
    expect(doc.viewport).toMatch(/width=device-width/);
    expect(doc.overflow).toBeLessThanOrEqual(0);
    // splash-screen: name, colours and a 512 px icon; maskable-icon: a maskable one.
    expect(app).toMatchObject({ display: 'standalone', start_url: '/home?source=app' });
    expect(app.name).toMatch(/^\S.* Buy \/ Sell$/);
    expect(app.short_name.length).toBeGreaterThan(0);
    expect(app.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(app.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(doc.controlled).toBe(`${origin}/sw.js`);
    const drawn: string[] = [];
    for (const icon of app.icons) {
      const res = await context.request.get(icon.src);
      expect(res.headers()['content-type']).toBe('image/png');
      const png = await res.body();
      // The PNG header's width and height (IHDR) are the size the manifest states.
      drawn.push(`${icon.purpose} ${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`);
    }
    expect(drawn.sort()).toEqual(['any 192x192', 'any 512x512', 'maskable 192x192', 'maskable 512x512']);
    expect(app.icons.map((i) => `${i.purpose} ${i.sizes}`).sort()).toEqual(drawn);
  } finally {
    await context.close();
  }
});
