import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { freshMember, PASSWORD } from './support/members.ts';

/**
 * A drawn page is on screen before its code has arrived. The document's one inline script holds
 * what a person does meanwhile, and the app makes it again once the page is live (app/document.ts,
 * app/start.tsx, decision 031). Here the entry's code is held back on purpose until the journey
 * has acted, so the actions surely come before the page is live.
 */

/** Holds the app's entry script until `release()`: the page stays drawn but not live. */
async function holdTheCode(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a sign-in sent before the page is live is sent by the app, never as a URL', async ({
  page,
  request,
  baseURL,
}) => {
  const member = await freshMember({ request }, baseURL ?? '', { first: 'Held' });
  const release = await holdTheCode(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  // Held: the form did not leave natively (which would put the password in the address).
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.locator('html[data-live]').count()).toBe(0);

  release();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  expect(page.url()).not.toContain(PASSWORD);
});

test('text typed into the drawn search box before the page is live reaches the app', async ({ page, baseURL }) => {
  await freshMember(page, baseURL ?? '', { first: 'Typed' });
  const release = await holdTheCode(page);
  await page.goto('/home', { waitUntil: 'commit' });
  const box = page.getByRole('combobox', { name: /search/i }).first();
  await box.fill('desk');
  expect(await page.locator('html[data-live]').count()).toBe(0);

  release();
  await page.locator('html[data-live]').waitFor({ state: 'attached' });
  // The app's state has the held text: Enter searches for it.
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=desk/);
});
