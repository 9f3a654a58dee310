import type { Page } from '@playwright/test';
import { expect, expectAccessible, keepScreenshot, test } from './fixtures.ts';
import { isMobile, PASSWORD, randomVisitorIp } from './support/members.ts';

/**
 * Search (docs/decisions/017-search-in-postgres.md; docs/product/search.md#search-page, docs/product/search.md#search-box): the demo members of OU,
 * Avery on the desktop project and Jordan on the mobile one, so the two projects never share
 * recent searches. Demo listings: 'Mini fridge, 3.2 cu ft…' (with a photo) and 'Calc II
 * tutoring…' (no photo).
 */

// One demo member per project: its tests share that member's recent searches, so they run in turn.
test.describe.configure({ mode: 'serial', timeout: 90_000 });
const account = () => (isMobile() ? 'jordan@ou.edu' : 'avery@ou.edu');

/** Signs the demo member in and starts from an empty 'My Recent'. */
async function signIn(page: Page, baseURL: string): Promise<void> {
  const headers = { origin: baseURL, 'x-forwarded-for': randomVisitorIp() };
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account(), password: PASSWORD },
    headers,
  });
  expect(res.ok(), await res.text()).toBe(true);
  const cleared = await page.request.delete('/api/search/recent', { headers: { origin: baseURL } });
  expect(cleared.ok(), await cleared.text()).toBe(true);
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search OU Buy / Sell' });
/** The Latest hits (the dropdown may hold the same text, hidden). */
const latest = (page: Page) => page.getByRole('region', { name: /^Posts matching/ });

/** Types a query into the header box and presses Enter. */
async function search(page: Page, text: string): Promise<void> {
  const box = searchBox(page);
  await box.fill(text);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

test('a misspelling in the header box suggests the right post; arrow keys and Enter open it', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL ?? '');
  await page.goto('/home');
  const box = searchBox(page);
  await box.click();
  // Nothing typed and no recent searches yet.
  await expect(page.getByText('Try searching for keywords')).toBeVisible();
  // Enter on an empty box does nothing.
  await box.press('Enter');
  await expect(page).toHaveURL(/\/home$/);

  // A listing no other spec posts (many post mini fridges, which would crowd it out of the five).
  await box.fill('campbel biolgy');
  const suggestion = page.getByRole('option', { name: /Campbell Biology 12th edition/ });
  await expect(suggestion).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await keepScreenshot(page, 'search-suggestions');
  // Other specs post too: the textbook need not be the first suggestion, so count the steps to it.
  const suggestionId = (await suggestion.getAttribute('id')) ?? '';
  const steps =
    (await page.getByRole('option').evaluateAll((options, id) => options.findIndex((o) => o.id === id), suggestionId)) +
    1;
  for (let i = 0; i < steps; i += 1) await box.press('ArrowDown');
  await expect(suggestion).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', suggestionId);
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  // The first ArrowDown opens the list again, the next ones move.
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  for (let i = 0; i < steps; i += 1) await box.press('ArrowDown');
  await expect(suggestion).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/post\//);
  await expect(page.getByText(/Campbell Biology 12th edition/).first()).toBeVisible();
});

test('results: a misspelling and a prefix find posts, Media holds only posts with photos, People finds a member', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL ?? '');
  await page.goto('/home');

  await search(page, 'mini frige');
  await expect(latest(page).getByText(/Mini fridge, 3\.2 cu ft\. Works/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Latest' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);
  await keepScreenshot(page, 'search-latest');

  await page.getByRole('link', { name: 'Media' }).click();
  await expect(page).toHaveURL(/show=media/);
  const tiles = page.getByRole('region', { name: /Media matching/ }).getByRole('link');
  await expect(tiles).toHaveCount(1);
  await expect(tiles.first().locator('img')).toBeVisible();
  await keepScreenshot(page, 'search-media');

  await search(page, 'calc');
  await expect(latest(page).getByText(/Calc II tutoring/)).toBeVisible();
  await page.getByRole('link', { name: 'Media' }).click();
  // The tutoring post has no photo: Media has nothing for it.
  await expect(page.getByRole('heading', { name: 'No results for "calc"' })).toBeVisible();
  await expect(page.getByText('Try searching for something else')).toBeVisible();

  await search(page, 'jordn');
  await page.getByRole('link', { name: 'People' }).click();
  await expect(page).toHaveURL(/show=people/);
  const person = page.getByRole('link', { name: /Jordan Brooks/ });
  await expect(person).toBeVisible();
  await expect(person).toHaveAttribute('href', /\/jordan/);
  await expectAccessible(page);
  await keepScreenshot(page, 'search-people');

  await search(page, 'zzqxv');
  await expect(page.getByRole('heading', { name: 'No results for "zzqxv"' })).toBeVisible();
  await keepScreenshot(page, 'search-no-results');
});

test('recent searches: listed newest first, a duplicate is refused, one removed, all cleared', async ({
  page,
  baseURL,
  expectFailedRequest,
}) => {
  // Searching 'ikea' a second time: the server refuses the duplicate recent search (409).
  expectFailedRequest(409, '/api/search/recent');
  await signIn(page, baseURL ?? '');
  await page.goto('/home');
  // Words only the demo listings carry: other specs post 'Desk lamp …' and 'guitar' listings newer than them.
  await search(page, 'ikea');
  await expect(latest(page).getByText(/IKEA desk/)).toBeVisible();
  await search(page, 'yamaha');
  await expect(latest(page).getByText(/Yamaha acoustic guitar/)).toBeVisible();
  await search(page, 'ikea');
  await expect(page.getByText('That query has already been added.')).toBeVisible();

  const box = searchBox(page);
  await box.fill('');
  await box.click();
  const recent = page.getByRole('group', { name: 'My Recent' });
  await expect(recent.getByRole('option')).toHaveText(['yamaha', 'ikea']);
  // Popular searches (first 4) show on a results page.
  await expect(page.getByRole('group', { name: 'Popular searches' }).getByRole('option').first()).toBeVisible();
  await keepScreenshot(page, 'search-recent');

  await recent.getByRole('button', { name: 'Remove yamaha' }).click();
  await expect(page.getByText('Recent Search Removed')).toBeVisible();
  await expect(recent.getByRole('option')).toHaveText(['ikea']);

  await recent.getByRole('button', { name: 'Clear all' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Clear all recent searches?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(page.getByText('Search History Cleared')).toBeVisible();
  await box.click();
  await expect(page.getByRole('group', { name: 'My Recent' })).toHaveCount(0);
});

test("no popular searches yet: 'Start typing to search…' once, and no empty 'Popular searches' heading", async ({
  page,
  baseURL,
}) => {
  // docs/decisions/030-feed-ads-and-rough-edges.md. A campus nobody has searched yet: its answer is an empty list.
  await page.route('**/api/search/popular', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ searches: [] }) }),
  );
  await signIn(page, baseURL ?? '');
  // The server draws /search with the real list (decision 031): the page is opened from the
  // app's navigation, so its read is the browser's and meets the answer above.
  await page.goto('/settings/about');
  await page.getByRole('link', { name: 'Search', exact: true }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByText('Start typing to search…')).toHaveCount(1);
  await expect(page.getByText('Start typing to search…')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Popular searches' })).toHaveCount(0);
  await expectAccessible(page);
  await keepScreenshot(page, 'search-no-popular');
});

test('popular searches with their counts when there is no query; a visitor is asked to sign in', async ({
  page,
  baseURL,
  browser,
}) => {
  await signIn(page, baseURL ?? '');
  await page.goto('/search?q=speaker');
  await expect(latest(page).getByText(/JBL Flip 5 speaker/)).toBeVisible();
  await page.goto('/search');
  await expect(page.getByText('Start typing to search…')).toBeVisible();
  const popular = page.getByRole('link', { name: /^speaker \d+ views?$/ });
  await expect(popular).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'search-popular');
  await popular.click();
  await expect(page).toHaveURL(/\/search\?q=speaker/);

  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/search?q=fridge');
  // The login modal for 'search' (it opens once the geographic check has answered).
  await expect(visitorPage.getByRole('dialog').getByText('Sign up to search OU Buy / Sell')).toBeVisible({
    timeout: 20_000,
  });
  await visitor.close();
});
