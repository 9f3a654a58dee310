import type { Page } from '@playwright/test';
import { expect, expectAccessible, keepScreenshot, secondPerson, test } from './fixtures.ts';
import { freshMember, isMobile, PNG, uniqueTag } from './support/members.ts';
import { watchStream } from './support/stream.ts';

/**
 * The live feed (docs/product/community.md#live-feed, docs/decisions/042-live-feed.md), two people
 * in two browser contexts of the project's size. The reader scrolls down a feed; the other person
 * posts two listings; a pill says '2 new posts' while the reader's place stays where it was; a
 * click shows them at the top. Then an open post page counts the other person's save and comment.
 *
 * Each project reads a category of its own that the other specs never post in, so posts of the
 * other project (or of other specs) running at the same time never reach the count.
 */
test.describe.configure({ timeout: 150_000 });

async function postListing(page: Page, origin: string, plainText: string, category: string, priceCents: number) {
  const res = await page.request.post('/api/posts', {
    multipart: { post: JSON.stringify({ plainText, category, priceCents, condition: 'good' }) },
    headers: { origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test("'2 new posts' while the reader is down the feed: their place stays; a click shows the new posts at the top", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const category = isMobile() ? 'outdoor & camping' : 'sporting goods';
  const tag = uniqueTag();
  await freshMember(page.context(), origin, { first: 'Rhea', last: 'Reader' });
  const other = await secondPerson(browser, origin);
  await freshMember(other.context, origin, { first: 'Paco', last: 'Poster' });

  // A list long enough to be down it: eight listings from before.
  const older: string[] = [];
  for (let i = 1; i <= 8; i += 1) {
    const text = `Older listing ${i} ${tag}\nStill available, pick up on campus.`;
    await postListing(other.page, origin, text, category, 1000 + i * 100);
    older.push(`Older listing ${i} ${tag}`);
  }

  const stream = await watchStream(page);
  await page.goto(`/home?${new URLSearchParams({ category })}`);
  const feed = page.getByRole('region', { name: 'Feed' });
  await expect(feed.getByText(older[7] as string)).toBeVisible();
  await expect.poll(stream.readies).toBe(1);

  // Down the feed: the fifth newest listing in the middle of the screen.
  const reading = feed.getByRole('article').filter({ hasText: older[3] as string });
  await reading.evaluate((card) => card.scrollIntoView({ block: 'center' }));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  const scrolledTo = await page.evaluate(() => window.scrollY);
  const placeBefore = (await reading.boundingBox())?.y;

  const fresh = [`Camping stove ${tag}`, `Trekking poles ${tag}`];
  await postListing(other.page, origin, `${fresh[0]}\nBarely used.`, category, 3500);
  await postListing(other.page, origin, `${fresh[1]}\nA pair, adjustable.`, category, 2000);

  const pill = page.getByRole('button', { name: '2 new posts' });
  await expect(pill).toBeVisible();
  // The reader's place was kept: the card they read has not moved, and nothing new is in the list yet.
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
  expect((await reading.boundingBox())?.y).toBe(placeBefore);
  await expect(reading).toBeInViewport();
  await expect(feed.getByText(fresh[0] as string)).toHaveCount(0);
  await keepScreenshot(page, 'live-feed-pill');
  await expectAccessible(page);

  await pill.click();
  await expect(pill).toBeHidden();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  const cards = feed.getByRole('article');
  await expect(cards.nth(0)).toContainText(fresh[1] as string);
  await expect(cards.nth(1)).toContainText(fresh[0] as string);
  await expect(cards.nth(0)).toBeInViewport();
  // The rest of the list is still there below, the card the reader was at among it.
  await expect(reading).toHaveCount(1);
  // Nothing of the place was lost: below the new posts the old ones follow in their order (all
  // eight, the reader's fifth of them), so scrolling down comes back to it.
  const texts = await cards.evaluateAll((all) => all.map((card) => card.textContent ?? ''));
  const at = [fresh[1], fresh[0], ...[...older].reverse()].map((t) => texts.findIndex((x) => x.includes(t as string)));
  expect(at).not.toContain(-1);
  expect(at).toEqual([...at].sort((a, b) => a - b));
  await keepScreenshot(page, 'live-feed-shown');

  expect(other.errors, 'the other person’s page logged errors').toEqual([]);
  await other.context.close();
});

test("an open post page counts the other person's save and comment as they happen", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const tag = uniqueTag();
  await freshMember(page.context(), origin, { first: 'Sela', last: 'Seller' });
  const other = await secondPerson(browser, origin);
  await freshMember(other.context, origin, { first: 'Bo', last: 'Buyer' });
  const postId = await postListing(page, origin, `Road bike, 54 cm ${tag}\nNew tyres.`, 'bikes & scooters', 18_000);

  const stream = await watchStream(page);
  await page.goto(`/post/${postId}`);
  const post = page.getByRole('article', { name: /^Post by Sela/ });
  await expect(post.getByText(`Road bike, 54 cm ${tag}`)).toBeVisible();
  await expect(post.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expect(post.getByRole('button', { name: 'Comment', exact: true })).toBeVisible();
  await expect.poll(stream.readies).toBe(1);

  const headers = { origin };
  const saved = await other.page.request.post(`/api/posts/${postId}/like`, { headers });
  expect(saved.status(), await saved.text()).toBe(200);
  await expect(post.getByRole('link', { name: '1 Save' })).toBeVisible();
  await expect(post.getByRole('button', { name: 'Save 1' })).toBeVisible();

  const comment = `Does it come with lights? ${tag}`;
  const commented = await other.page.request.post('/api/posts', {
    multipart: { post: JSON.stringify({ plainText: comment, parentId: postId }) },
    headers,
  });
  expect(commented.status(), await commented.text()).toBe(201);
  await expect(post.getByRole('button', { name: 'Comment 1' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Comments' }).getByText(comment)).toBeVisible();
  // Both came over the page's one stream: the page was never loaded again.
  expect(stream.readies()).toBe(1);
  await keepScreenshot(page, 'live-post-counts');

  expect(other.errors, 'the other person’s page logged errors').toEqual([]);
  await other.context.close();
});

test('the media feed counts a new post with a photo that its filters show', async ({ page, browser, baseURL }) => {
  const origin = baseURL ?? '';
  const tag = uniqueTag();
  // A price nobody else asks: only this test's posts pass the filter.
  const dollars = 20_000 + Math.floor(Math.random() * 70_000);
  await freshMember(page.context(), origin, { first: 'Mia', last: 'Media' });
  const other = await secondPerson(browser, origin);
  await freshMember(other.context, origin, { first: 'Pim', last: 'Photos' });

  const stream = await watchStream(page);
  await page.goto(`/media?minPrice=${dollars}&maxPrice=${dollars}`);
  await expect(page.getByText('No listings match these filters')).toBeVisible();
  await expect.poll(stream.readies).toBe(1);

  const post = (plainText: string, withPhoto: boolean) =>
    other.page.request.post('/api/posts', {
      multipart: {
        post: JSON.stringify({ plainText, priceCents: dollars * 100 }),
        ...(withPhoto ? { files: { name: 'tent.png', mimeType: 'image/png', buffer: PNG } } : {}),
      },
      headers: { origin },
    });
  // Text only: not for the media feed. With a photo: counted.
  expect((await post(`Tent, text only ${tag}`, false)).status()).toBe(201);
  expect((await post(`Tent with a photo ${tag}`, true)).status()).toBe(201);
  const pill = page.getByRole('button', { name: '1 new post' });
  await expect(pill).toBeVisible();
  // At the top of the list the pill has a row of its own: it covers nothing of the list below it.
  // The empty state as a whole (its icon above its heading).
  const empty = page.getByRole('heading', { name: 'No listings match these filters' }).locator('..');
  await expect
    .poll(async () => {
      const [p, e] = [await pill.boundingBox(), await empty.boundingBox()];
      return p && e ? Math.round(p.y + p.height) <= Math.round(e.y) : false;
    })
    .toBe(true);
  await keepScreenshot(page, 'live-media-pill');

  await pill.click();
  await expect(pill).toBeHidden();
  const tiles = page.getByRole('region', { name: 'Photos and videos' }).getByRole('link');
  await expect(tiles).toHaveCount(1);
  await expect(tiles.first()).toHaveAccessibleName(new RegExp(`Tent with a photo ${tag}`));

  expect(other.errors, 'the other person’s page logged errors').toEqual([]);
  await other.context.close();
});
