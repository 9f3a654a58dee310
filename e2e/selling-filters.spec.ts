import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, keepScreenshot, test } from './fixtures.ts';
import { freshMember, isMobile, uniqueTag } from './support/members.ts';

/**
 * Filters and sorting (docs/product/selling.md#filters-and-sorting; decision 036), at both sizes: each
 * filter and sort through the Filters panel, the filters in the address (a new browser opens the
 * same list, drawn by the server), and together with a category. Each test posts its own
 * listings with a random word and searches for it, so other specs' posts never interfere.
 */
test.describe.configure({ timeout: 120_000 });

interface Listings {
  word: string;
  /** The short names of the listings, as their text ends. */
  names: readonly string[];
}

/** Five listings of a fresh member, each text `{word} {name}`. */
async function postListings(page: Page, baseURL: string): Promise<Listings> {
  await freshMember(page, baseURL, { first: 'Fia', last: 'Filters' });
  const word = `zq${uniqueTag()}`;
  const listings = [
    { name: 'lamp', priceCents: 500, condition: 'good' },
    { name: 'desk', priceCents: 2500, condition: 'like new', category: 'furniture' },
    { name: 'chair', priceCents: 0, condition: 'fair', category: 'furniture' },
    { name: 'poster', condition: 'new' },
    { name: 'bike', priceCents: 12_000, condition: 'new' },
  ];
  for (const { name, ...fields } of listings) {
    const res = await page.request.post('/api/posts', {
      multipart: { post: JSON.stringify({ plainText: `${word} ${name}`, ...fields }) },
      headers: { origin: baseURL },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return { word, names: listings.map((l) => l.name) };
}

/** The names of this test's listings on the page, top to bottom. */
async function shown(page: Page, word: string): Promise<string[]> {
  const texts = await page.getByRole('article').filter({ hasText: word }).allInnerTexts();
  return texts.map((t) => t.match(new RegExp(`${word} (\\w+)`))?.[1] ?? '?');
}

const filtersButton = (page: Page) => page.getByRole('button', { name: /^Filters( \(\d\))?$/ });

/** Opens the panel, lets `change` set it, and applies. */
async function applyFilters(page: Page, change: (panel: Locator) => Promise<void>): Promise<void> {
  await filtersButton(page).click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await expect(panel).toBeVisible();
  await change(panel);
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel).toBeHidden();
}

test('each filter and sort narrows and orders the search hits', async ({ page, baseURL }) => {
  const { word } = await postListings(page, baseURL ?? '');
  await page.goto(`/search?q=${word}`);
  await expect.poll(() => shown(page, word)).toEqual(['bike', 'poster', 'chair', 'desk', 'lamp']);
  await expect(filtersButton(page)).toHaveText('Filters');

  // Min price, in dollars.
  await applyFilters(page, (panel) => panel.getByRole('textbox', { name: /Min/ }).fill('10'));
  await expect(page).toHaveURL(/minPrice=10/);
  await expect.poll(() => shown(page, word)).toEqual(['bike', 'desk']);
  await expect(filtersButton(page)).toHaveText('Filters (1)');

  // Max price instead.
  await applyFilters(page, async (panel) => {
    await panel.getByRole('textbox', { name: /Min/ }).fill('');
    await panel.getByRole('textbox', { name: /Max/ }).fill('30');
  });
  await expect.poll(() => shown(page, word)).toEqual(['chair', 'desk', 'lamp']);

  // Free only (the price range steps aside).
  await applyFilters(page, (panel) => panel.getByRole('checkbox', { name: 'Free only' }).check());
  await expect(page).toHaveURL(/free=1/);
  await expect(page).not.toHaveURL(/maxPrice/);
  await expect.poll(() => shown(page, word)).toEqual(['chair']);

  // Conditions, one and then two.
  await applyFilters(page, async (panel) => {
    await panel.getByRole('checkbox', { name: 'Free only' }).uncheck();
    await panel.getByRole('checkbox', { name: 'New', exact: true }).check();
  });
  await expect.poll(() => shown(page, word)).toEqual(['bike', 'poster']);
  await applyFilters(page, (panel) => panel.getByRole('checkbox', { name: 'Like new' }).check());
  await expect.poll(() => shown(page, word)).toEqual(['bike', 'poster', 'desk']);

  // The sorts: listings without a price are left out of them.
  await applyFilters(page, async (panel) => {
    await panel.getByRole('checkbox', { name: 'New', exact: true }).uncheck();
    await panel.getByRole('checkbox', { name: 'Like new' }).uncheck();
    await panel.getByRole('radio', { name: 'Price: low to high' }).check();
  });
  await expect.poll(() => shown(page, word)).toEqual(['chair', 'lamp', 'desk', 'bike']);
  await applyFilters(page, (panel) => panel.getByRole('radio', { name: 'Price: high to low' }).check());
  await expect(page).toHaveURL(/sort=price_desc/);
  await expect.poll(() => shown(page, word)).toEqual(['bike', 'desk', 'lamp', 'chair']);

  // Show sold: none of these is sold, so nothing leaves; two filters apply now.
  await applyFilters(page, (panel) => panel.getByRole('checkbox', { name: 'Show sold' }).check());
  await expect(page).toHaveURL(/sold=1/);
  await expect(filtersButton(page)).toHaveText('Filters (2)');
  await expect.poll(() => shown(page, word)).toEqual(['bike', 'desk', 'lamp', 'chair']);

  // Nothing matches: the empty state clears the filters, the search stays.
  await applyFilters(page, (panel) => panel.getByRole('textbox', { name: /Min/ }).fill('5000'));
  await expect(page.getByRole('heading', { name: 'No listings match these filters' })).toBeVisible();
  await keepScreenshot(page, 'filters-empty');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
  await expect.poll(() => shown(page, word)).toEqual(['bike', 'poster', 'chair', 'desk', 'lamp']);
});

test('the panel: keyboard, Escape, a minimum above the maximum', async ({ page, baseURL }) => {
  const { word } = await postListings(page, baseURL ?? '');
  await page.goto(`/search?q=${word}`);
  await expect.poll(() => shown(page, word)).toHaveLength(5);
  await filtersButton(page).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await expect(panel).toBeVisible();
  // Phones get a sheet from the bottom edge; wide screens a popover under the button.
  // (The sheet slides up: its resting place is read once it has arrived.)
  const viewport = page.viewportSize();
  const bottom = async () => {
    const box = await panel.boundingBox();
    return Math.round((box?.y ?? 0) + (box?.height ?? 0));
  };
  if (isMobile()) await expect.poll(bottom).toBe(viewport?.height);
  else expect((await panel.boundingBox())?.width).toBeLessThan(400);
  await expectAccessible(page);
  await keepScreenshot(page, 'filters-panel-search');
  await panel.getByRole('textbox', { name: /Min/ }).fill('80');
  await panel.getByRole('textbox', { name: /Max/ }).fill('20');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByRole('alert')).toHaveText("The minimum price can't be above the maximum.");
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(filtersButton(page)).toBeFocused();
});

test('filters live in the address: another browser opens the same list, drawn by the server; they combine with a category', async ({
  page,
  browser,
  baseURL,
}) => {
  const { word } = await postListings(page, baseURL ?? '');
  // The feed with a category, then filters on top of it.
  await page.goto('/home?category=furniture');
  await applyFilters(page, async (panel) => {
    await panel.getByRole('checkbox', { name: 'Like new' }).check();
    await panel.getByRole('checkbox', { name: 'Fair' }).check();
    await panel.getByRole('radio', { name: 'Price: high to low' }).check();
  });
  await expect(page).toHaveURL(/category=furniture/);
  await expect(filtersButton(page)).toHaveText('Filters (2)');
  await expect.poll(async () => (await shown(page, word)).slice(0, 2)).toEqual(['desk', 'chair']);
  await expect(page.getByRole('button', { name: 'Furniture' })).toHaveAttribute('aria-pressed', 'true');
  await keepScreenshot(page, 'filters-feed-two');
  if (!isMobile()) {
    await filtersButton(page).click();
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
    await keepScreenshot(page, 'filters-panel');
    await page.keyboard.press('Escape');
  }
  const shared = page.url();

  // Someone else opens the link in a browser of their own.
  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  try {
    const otherPage = await other.newPage();
    await freshMember(otherPage, baseURL ?? '', { first: 'Sam', last: 'Shared' });
    // The document itself already holds the filtered list (the server's render).
    const documentHtml = await (await otherPage.request.get(shared)).text();
    expect(documentHtml).toContain(`${word} desk`);
    expect(documentHtml).toContain(`${word} chair`);
    expect(documentHtml).not.toContain(`${word} lamp`);
    await otherPage.goto(shared);
    await expect(filtersButton(otherPage)).toHaveText('Filters (2)');
    await expect.poll(async () => (await shown(otherPage, word)).slice(0, 2)).toEqual(['desk', 'chair']);
    // Reload keeps them; another category keeps them too.
    await otherPage.reload();
    await expect(filtersButton(otherPage)).toHaveText('Filters (2)');
    await otherPage.getByRole('button', { name: 'Textbooks' }).click();
    await expect(otherPage).toHaveURL(/category=textbooks/);
    await expect(otherPage).toHaveURL(/sort=price_desc/);
    await expect(filtersButton(otherPage)).toHaveText('Filters (2)');
    // The furniture of this test is gone from the textbooks (the demo's own textbooks may match).
    await expect.poll(async () => shown(otherPage, word)).toEqual([]);
  } finally {
    await other.close();
  }

  // The media feed takes the same filters (none of these listings has a photo).
  await page.goto(`/media?free=1&condition=fair`);
  await expect(filtersButton(page)).toHaveText('Filters (2)');
});
