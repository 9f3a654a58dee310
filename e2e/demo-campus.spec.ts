import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, keepScreenshot, test } from './fixtures.ts';
import { PASSWORD, randomVisitorIp } from './support/members.ts';

/**
 * The demo campus a newcomer sees first (docs/decisions/033-previews-liked-by-and-a-real-looking-demo.md):
 * listings with product photos (not labelled colour gradients), written with a condition, a
 * pick-up place and a reason, by members with profile pictures. Read-only: both projects look at
 * the same demo posts.
 */

/** Demo sellers no other spec signs in as, so their posts are the seeded ones only. */
const DEMO_SELLERS = ['priyapatel', 'marcusjohnson', 'emilychen', 'diegoramirez'];

interface ApiPost {
  id: string;
  plainText: string;
  author: { username: string; img: string | null };
  media: { url: string; fullUrl: string; width: number; height: number }[];
}

test.beforeEach(async ({ page, baseURL }) => {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: 'avery@ou.edu', password: PASSWORD },
    headers: { origin: baseURL ?? '', 'x-forwarded-for': randomVisitorIp() },
  });
  expect(res.ok(), await res.text()).toBe(true);
});

/** Every top-level post of the OU feed written by those sellers, through the API. */
async function demoPosts(page: Page): Promise<ApiPost[]> {
  const found: ApiPost[] = [];
  let cursor: string | null = null;
  do {
    const res = await page.request.get(`/api/posts${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.ok()).toBe(true);
    const body = (await res.json()) as { posts: ApiPost[]; nextCursor: string | null };
    found.push(...body.posts.filter((p) => DEMO_SELLERS.includes(p.author.username)));
    cursor = body.nextCursor;
  } while (cursor);
  return found;
}

/**
 * Brings each of the first `count` of `images` into view (they load lazily), waits until it has
 * loaded and returns the natural widths.
 */
async function loadedWidths(images: Locator, count = 12): Promise<number[]> {
  await expect(images.first()).toBeVisible();
  const widths: number[] = [];
  for (const image of (await images.all()).slice(0, count)) {
    await image.scrollIntoViewIfNeeded();
    const width = () => image.evaluate((img) => (img as HTMLImageElement).naturalWidth);
    await expect.poll(width).toBeGreaterThan(0);
    widths.push(await width());
  }
  return widths;
}

const POST_PHOTO = 'img[src*="/media/images/posts/"]';

test('the demo listings carry photos, several angles each, and the details students give', async ({ page }) => {
  const posts = await demoPosts(page);
  const withPhotos = posts.filter((p) => p.media.length > 0);
  expect(withPhotos.length).toBeGreaterThanOrEqual(15);
  expect(withPhotos.filter((p) => p.media.length > 1).length).toBeGreaterThanOrEqual(8);
  // Photo-sized pictures (a phone's shape), not thumbnails.
  for (const post of withPhotos) {
    for (const photo of post.media)
      expect(Math.max(photo.width, photo.height), post.plainText).toBeGreaterThanOrEqual(1000);
  }
  // Each of them has a profile picture, not initials.
  for (const post of posts) expect(post.author.img, post.author.username).toBeTruthy();

  const bike = posts.find((p) => p.plainText.startsWith('Road bike, medium frame'));
  expect(bike?.media).toHaveLength(3);
  await page.goto(`/post/${bike?.id}`);
  const article = page.getByRole('article', { name: 'Post by Diego Ramirez' });
  // Condition, why it is sold, where to pick it up.
  await expect(article).toContainText('new tires and chain this fall');
  await expect(article).toContainText('Selling because I got a scooter');
  await expect(article).toContainText('Cross Village');
  const widths = await loadedWidths(article.locator(POST_PHOTO));
  expect(widths).toHaveLength(3);
  for (const width of widths) expect(width).toBeGreaterThanOrEqual(750);
  await expectAccessible(page);
  await keepScreenshot(page, 'demo-post');
});

test('the feed and Media open on the listings’ photos', async ({ page }) => {
  // A category the other specs never post in, so their text posts do not push the listings down.
  await page.goto(`/home?${new URLSearchParams({ category: 'computers & laptops' })}`);
  await expect(page.getByRole('article').first()).toBeVisible();
  const feedPhotos = await loadedWidths(page.getByRole('article').locator(POST_PHOTO));
  // The printer, the MacBook and the keyboard each open on a photo.
  expect(feedPhotos.length).toBeGreaterThanOrEqual(3);
  await expect(page.getByText('Demo photo')).toHaveCount(0);
  await keepScreenshot(page, 'demo-home');

  await page.goto('/media');
  const tiles = await loadedWidths(page.locator(POST_PHOTO));
  expect(tiles.length).toBeGreaterThan(6);
  await keepScreenshot(page, 'demo-media');
});

test('a demo member’s profile has a profile picture', async ({ page }) => {
  await page.goto('/marcusjohnson');
  const header = page.getByRole('region', { name: 'Marcus Johnson’s profile' });
  await expect(header).toBeVisible();
  const pictures = await loadedWidths(header.locator('img[src*="/profilePics/"]'));
  expect(pictures.length).toBeGreaterThanOrEqual(1);
  await expect(header).toContainText('Music major (jazz guitar)');
  await keepScreenshot(page, 'demo-profile');
});
