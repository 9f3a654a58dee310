import AxeBuilder from '@axe-core/playwright';
import { type Browser, test as base, expect, type Page } from '@playwright/test';

interface ExpectedFailure {
  status: number;
  pathPrefix: string;
}

/**
 * Every test fails on an uncaught page error or a console error: a screen that logs errors
 * is broken even when it looks right. Chromium also logs every 4xx/5xx answer to a fetch as a
 * console error; a journey that provokes one on purpose (a wrong password answers 401) says
 * so with `expectFailedRequest(status, pathPrefix)`, which excuses exactly those answers.
 */
export const test = base.extend<{
  expectedFailures: ExpectedFailure[];
  expectFailedRequest: (status: number, pathPrefix: string) => void;
  pageErrors: string[];
  liveAfterGoto: undefined;
}>({
  /**
   * `page.goto` of one of the app's pages returns once the page is live (hydrated, `html[data-live]`,
   * app/start.tsx): a journey then acts as a person does after the page has become usable. The
   * document's script holds presses, clicks, forms and typing made before that (decision 031),
   * but a journey that clicks within milliseconds of the load races the replay on a busy machine.
   * Pages loaded with JavaScript off (drawn-pages.spec.ts), other servers' pages, and a goto that
   * asks for no more than `waitUntil: 'commit'` (a journey acting before the page is live,
   * held-actions.spec.ts) are not waited on.
   */
  liveAfterGoto: [
    async ({ page, javaScriptEnabled }, use) => {
      if (javaScriptEnabled !== false) {
        const goto = page.goto.bind(page);
        page.goto = async (url, options) => {
          const response = await goto(url, options);
          const html = response?.headers()['content-type']?.startsWith('text/html') ?? false;
          const ours = new URL(page.url()).port === (process.env.E2E_PORT ?? '3100');
          if (html && ours && options?.waitUntil !== 'commit')
            await page.locator('html[data-live]').waitFor({ state: 'attached' });
          return response;
        };
      }
      await use(undefined);
    },
    { auto: true },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  expectedFailures: async ({}, use) => {
    await use([]);
  },
  expectFailedRequest: async ({ expectedFailures }, use) => {
    await use((status, pathPrefix) => {
      expectedFailures.push({ status, pathPrefix });
    });
  },
  pageErrors: [
    async ({ page, expectedFailures }, use) => {
      const errors: string[] = [];
      const isExpected = (text: string, url: string) => {
        const status = Number(text.match(/responded with a status of (\d{3})/)?.[1]);
        if (!status || !url) return false;
        const path = new URL(url).pathname;
        return expectedFailures.some((e) => e.status === status && path.startsWith(e.pathPrefix));
      };
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error' || isExpected(message.text(), message.location().url)) return;
        // The dev mailbox shows each mail in a frame sandboxed without scripts, and the mails hold
        // none (modules/mail/mail.presenter.ts); Chromium sometimes reports a script of its own,
        // injected into such a frame, as blocked there. That is the sandbox working.
        if (
          message.text().startsWith("Blocked script execution in 'about:srcdoc'") &&
          page.url().includes('/dev/mailbox')
        )
          return;
        errors.push(`console.error: ${message.text()}`);
      });
      await use(errors);
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Runs axe on the current page and fails on any serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, 'serious or critical accessibility violations').toEqual([]);
}

/**
 * A second person in a browser context of their own, the size of the test's project. The fixture
 * only watches the test's own page, so this page collects its errors itself.
 */
export async function secondPerson(browser: Browser, baseURL: string) {
  const { viewport, isMobile } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch: isMobile });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  return { context, page, errors };
}

/** Keeps a screenshot of the journey's end state under test-results/screens/. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  const project = test.info().project.name;
  await page.screenshot({ path: `test-results/screens/${name}-${project}.png`, fullPage: false });
}

/** The address of a campus's site on the e2e server (`ut.localhost:3100`). */
export function campusUrl(slug: string, path = '/'): string {
  const port = process.env.E2E_PORT ?? '3100';
  return `http://${slug}.localhost:${port}${path}`;
}
