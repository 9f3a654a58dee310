import { deflateSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, keepScreenshot, test } from './fixtures.ts';
import { freshMember, isMobile, uniqueTag } from './support/members.ts';

/**
 * Selling (docs/product/selling.md): editing a listing with its photos reordered, a price drop
 * seen by the person who saved it, and a listing that goes stale, expires and is renewed. Each
 * journey makes its own members and listings; the stale one moves time for its own seller's
 * listings only (POST /api/dev/stale-listings, decision 034), never the shared server's clock.
 */

test.describe.configure({ timeout: 120_000 });

/** CRC-32 of PNG chunks. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of one colour ('#rrggbb'), 480×360: each listing's photos differ by their bytes. */
function photo(color: string): Buffer {
  const [width, height] = [480, 360];
  const rgb = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16));
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A listing of the member signed in on `page`, with photos, through the API; answers its id. */
async function createListing(
  page: Page,
  baseURL: string,
  fields: { plainText: string; priceCents?: number; condition?: string },
  colors: string[] = [],
): Promise<string> {
  const form = new FormData();
  form.append('post', JSON.stringify(fields));
  for (const [i, color] of colors.entries()) {
    form.append('files', new Blob([new Uint8Array(photo(color))], { type: 'image/png' }), `p${i}.png`);
  }
  const res = await page.request.post('/api/posts', { multipart: form, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The listing's media ids in order, as its owner's edit form gets them. */
async function mediaOrder(page: Page, postId: string): Promise<string[]> {
  const res = await page.request.get(`/api/posts/${postId}/edit`);
  return ((await res.json()) as { media: { id: string }[] }).media.map((m) => m.id);
}

/** Opens the editor from the post page: the dialog on desktop, /post/{id}/edit on phones. */
async function openEditor(page: Page, postId: string) {
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  if (isMobile()) await expect(page).toHaveURL(new RegExp(`/post/${postId}/edit`));
  else await expect(page.getByRole('dialog', { name: 'Edit listing' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Edit listing' });
  await expect(form.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  return form;
}

/** A second person in a browser context of their own, at the other size. */
async function secondPerson(browser: Browser, baseURL: string) {
  const context = await browser.newContext(
    isMobile()
      ? { baseURL, viewport: { width: 1280, height: 800 } }
      : { baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

test.describe('editing a listing', () => {
  test('changes the text and condition and reorders the photos; the post says Edited', async ({ page, baseURL }) => {
    const base = baseURL ?? '';
    await freshMember(page, base, { first: 'Sela' });
    const title = `Study lamp ${uniqueTag()}`;
    const postId = await createListing(page, base, { plainText: `${title}\nWarm light`, priceCents: 2500 }, [
      '#c62828',
      '#1d4ed8',
    ]);
    const before = await mediaOrder(page, postId);
    expect(before).toHaveLength(2);

    await page.goto(`/post/${postId}`);
    const form = await openEditor(page, postId);
    await expect(form.getByRole('img', { name: 'Photo 1 of 2' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Move earlier: Photo 1 of 2' })).toBeDisabled();
    await keepScreenshot(page, isMobile() ? 'edit-page-390x844' : 'edit-modal-1280x800');
    await expectAccessible(page);

    // By keyboard: the second photo moves to the front.
    await form.getByRole('button', { name: 'Move earlier: Photo 2 of 2' }).focus();
    await page.keyboard.press('Enter');
    await form.getByRole('combobox', { name: 'Condition' }).selectOption('like new');
    const editor = form.getByRole('textbox', { name: 'Post text' });
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(', dimmable');
    await form.getByRole('button', { name: 'Save changes' }).click();

    await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));
    const post = page.getByRole('article', { name: /^Post by / });
    await expect(post.getByText('Warm light, dimmable')).toBeVisible();
    await expect(post.getByText('Edited', { exact: true })).toBeVisible();
    await expect(post.getByText('Like new')).toBeVisible();
    expect(await mediaOrder(page, postId)).toEqual([before[1], before[0]]);
  });
});

test.describe('price drops', () => {
  test('the saver sees $45 with $60 struck through on the open page, and is notified', async ({
    page,
    baseURL,
    browser,
  }) => {
    const base = baseURL ?? '';
    await freshMember(page, base, { first: 'Pia' });
    const title = `Bookshelf ${uniqueTag()}`;
    const postId = await createListing(
      page,
      base,
      { plainText: `${title}\nFive shelves`, priceCents: 6000, condition: 'good' },
      ['#0f7a4a'],
    );

    const saver = await secondPerson(browser, base);
    try {
      await freshMember(saver.page, base, { first: 'Sami' });
      const saved = await saver.page.request.post(`/api/posts/${postId}/like`, { headers: { origin: base } });
      expect(((await saved.json()) as { liked: boolean }).liked).toBe(true);
      await saver.page.goto(`/post/${postId}`);
      await saver.page.locator('html[data-live]').waitFor({ state: 'attached' });
      const seen = saver.page.getByRole('article', { name: /^Post by / });
      await expect(seen.getByText('$60')).toBeVisible();

      await page.goto(`/post/${postId}`);
      const form = await openEditor(page, postId);
      await form.getByRole('textbox', { name: 'Price in US dollars' }).fill('45');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));

      // Live, without reload: the new price with the old one struck through.
      await expect(seen.getByText('$45')).toBeVisible({ timeout: 15_000 });
      await expect(seen.locator('s')).toHaveText('Was $60');
      // Moved to the top of the feed: the card carries the drop and the condition.
      await saver.page.goto('/home');
      const card = saver.page.getByRole('article').filter({ hasText: title });
      await expect(card.locator('s')).toHaveText('Was $60');
      await expect(card.getByText('Condition: Good')).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await keepScreenshot(saver.page, 'card-condition-price-drop');

      await saver.page.goto('/notifications');
      await expect(saver.page.getByRole('link', { name: `Price dropped on ${title}: $60 → $45` })).toBeVisible();
      expect(saver.errors, saver.errors.join('\n')).toEqual([]);
    } finally {
      await saver.context.close();
    }
  });
});

test.describe('stale listings', () => {
  test('asked after 30 days, expired 14 days later, renewed from the post page, once a week', async ({
    page,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const seller = await freshMember(page, base, { first: 'Tove' });
    const title = `Bean bag ${uniqueTag()}`;
    const postId = await createListing(page, base, { plainText: `${title}\nBlue`, priceCents: 1500 }, ['#7a4100']);
    const moveTime = async (daysAhead: number) => {
      const res = await page.request.post('/api/dev/stale-listings', {
        data: { daysAhead },
        headers: { origin: base },
      });
      expect(res.status(), await res.text()).toBe(200);
      return res.json();
    };

    expect(await moveTime(31)).toEqual({ asked: 1, expired: 0 });
    await page.goto('/notifications');
    const question = page.getByRole('link', { name: `Is ${title} still available?` });
    await expect(question).toBeVisible();
    const row = page.getByRole('listitem').filter({ has: question });
    await expect(row.getByRole('button', { name: 'Renew' })).toBeVisible();
    await expect(row.getByRole('link', { name: 'Mark sold' })).toHaveAttribute('href', `/post/${postId}?mark=sold`);
    await expect(row.getByRole('button', { name: 'Delete' })).toBeVisible();
    await keepScreenshot(page, 'still-available-notification');

    expect(await moveTime(45)).toEqual({ asked: 0, expired: 1 });
    await page.goto(`/${seller.username}`);
    const card = page.getByRole('article').filter({ hasText: title });
    await expect(card.getByText('Expired', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Renew' })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'expired-profile-card');
    await page.goto(`/post/${postId}`);
    const post = page.getByRole('article', { name: /^Post by / });
    await expect(post.getByText('Expired', { exact: true })).toBeVisible();
    await keepScreenshot(page, 'expired-listing');

    await post.getByRole('button', { name: 'Renew' }).click();
    await expect(page.getByText('Renewed: your listing is back at the top of the feed.')).toBeVisible();
    await expect(post.getByText('Expired', { exact: true })).toHaveCount(0);
    await page.goto('/home');
    await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();

    // Once a week: a second renewal now is refused, saying when.
    const again = await page.request.post(`/api/posts/${postId}/renew`, { headers: { origin: base } });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { message: string }).message).toContain('once a week');
  });
});
