import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, keepScreenshot, test } from './fixtures.ts';
import { isMobile, PASSWORD } from './support/members.ts';

/**
 * The post composer (docs/product/community.md#narrow-screen-pages, docs/product/community.md#posting, docs/product/community.md#post-files): a dialog at
 * 1280×800, a page at 390×844. Signed in as the demo member Avery (OU, profile set up).
 */

const EMAIL = 'avery@ou.edu';
/** A real 64×64 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAT0lEQVRo3u3PQQkAAAgEsGtkILPY3Qi+hcEKLDX9WgQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQELgutvnDxcohaQQAAAABJRU5ErkJggg==',
  'base64',
);

/** A 24-bit BMP of width × height (3 bytes a pixel: 1280 × 1280 is ~4.9 MB). */
function bmp(width: number, height: number): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const file = Buffer.alloc(54 + row * height, 0x80);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(0, 6);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(0, 30);
  file.writeUInt32LE(row * height, 34);
  file.fill(0, 38, 54);
  return file;
}

const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
/** Text no other test or run has typed. */
const marker = (label: string) => `${label} ${test.info().project.name} ${Date.now().toString(36)}`;

interface ApiPost {
  id: string;
  plainText: string;
  category: string | null;
  priceCents: number | null;
  parentId: string | null;
  rootId: string | null;
  media: unknown[];
}

test.beforeEach(async ({ page, baseURL }) => {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: EMAIL, password: PASSWORD },
    headers: { origin: baseURL ?? '' },
  });
  expect(res.ok(), await res.text()).toBe(true);
});

/** Opens the composer from Create Post: a dialog on desktop, /create/post on mobile. */
async function openComposer(page: Page): Promise<{ editor: Locator; scope: Locator }> {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Create Post' }).click();
  let scope: Locator;
  if (isMobile()) {
    await expect(page).toHaveURL(/\/create\/post\?goBack=%2Fhome$/);
    scope = page.getByRole('main');
  } else {
    scope = page.getByRole('dialog', { name: 'Create Post' });
    await expect(scope).toBeVisible();
  }
  const editor = scope.getByRole('textbox', { name: 'Post text' });
  await expect(editor).toBeFocused();
  return { editor, scope };
}

/**
 * Starts watching the alert region for `text` and resolves with the alert's link, if any.
 * Alerts leave after 2.6 s; watching from inside the page, started before the action, sees
 * them even when a busy machine makes the test runner slow to look.
 */
async function watchAlert(page: Page, text: string): Promise<{ href: string | null }> {
  const handle = await page.waitForFunction(
    (wanted) => {
      const region = document.querySelector('[role="status"][data-alert-region]');
      if (!region?.textContent?.includes(wanted)) return null;
      return { href: region.querySelector('a')?.getAttribute('href') ?? null };
    },
    text,
    { polling: 50, timeout: 20_000 },
  );
  return (await handle.jsonValue()) as { href: string | null };
}

async function postsFeed(page: Page): Promise<ApiPost[]> {
  const res = await page.request.get('/api/posts');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { posts: ApiPost[] }).posts;
}

test.describe('post composer', () => {
  test('posts text with a category, a price and two photos', async ({ page }) => {
    // The longest journey here: two composer openings, an axe scan, an upload.
    test.slow();
    const title = marker('Desk lamp, barely used');
    const { editor, scope } = await openComposer(page);
    await expect(scope.getByText('0 / 500')).toBeVisible();
    await expect(scope.getByRole('button', { name: 'Post', exact: true })).toBeDisabled();

    await page.keyboard.type(title);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Pick up near the library.');
    const count = title.length + 2 + 'Pick up near the library.'.length;
    await expect(scope.getByText(`${count} / 500`)).toBeVisible();

    if (isMobile()) {
      // Narrow screens choose on a page of their own; the draft waits in the composer.
      await scope.getByRole('link', { name: 'Category' }).click();
      await expect(page).toHaveURL(/\/create\/categories\?goBack=/);
      await expect(page.getByRole('button', { name: 'Audio & Speakers' })).toBeVisible();
      await expectAccessible(page);
      await keepScreenshot(page, 'composer-categories');
      await page.getByRole('button', { name: 'Furniture' }).click();
      await expect(page).toHaveURL(/\/create\/post\?goBack=%2Fhome$/);
      await expect(editor).toContainText(title);
      await expect(scope.getByRole('link', { name: 'Category: Furniture' })).toBeVisible();
    } else {
      await scope.getByRole('button', { name: 'Category' }).click();
      await expect(page.getByRole('menuitemradio', { name: 'Audio & Speakers' })).toBeVisible();
      await keepScreenshot(page, 'composer-categories');
      await page.getByRole('menuitemradio', { name: 'Furniture' }).click();
      await expect(scope.getByRole('button', { name: 'Category: Furniture' })).toBeVisible();
    }

    await scope.getByRole('textbox', { name: 'Price in US dollars' }).fill('$1,250.99');
    await expect(scope.getByRole('textbox', { name: 'Price in US dollars' })).toHaveValue('1,250');

    await scope.locator('input[type="file"]').setInputFiles([png('lamp-1.png'), png('lamp-2.png')]);
    await expect(scope.getByRole('img', { name: 'Photo 1 of 2' })).toBeVisible();
    await expect(scope.getByRole('img', { name: 'Photo 2 of 2' })).toBeVisible();

    await expectAccessible(page);
    await keepScreenshot(page, 'composer-filled');

    // Hold the upload back a little, so the progress modal can be seen before it finishes.
    await page.route('**/api/posts', async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const posted = isMobile() ? null : watchAlert(page, 'Posted! Your post was sent.');
    // Phones go home 1 s after sending (the home page may then tidy its address).
    const redirected = isMobile() ? page.waitForURL(/\/home\?filter=notify-posted$/) : null;
    await scope.getByRole('button', { name: 'Post', exact: true }).click();
    const progress = page.getByRole('dialog', { name: 'Uploading Photos...' });
    await expect(progress).toBeVisible();
    await expect(progress.getByRole('progressbar', { name: 'Uploading Photos...' })).toBeVisible();
    // Behind the progress modal (hidden from assistive technology meanwhile).
    await expect(scope.getByRole('button', { name: 'Processing...', includeHidden: true })).toBeDisabled();
    await keepScreenshot(page, 'composer-uploading');

    let viewHref: string | null = null;
    if (isMobile()) {
      await redirected;
    } else {
      // The alert's View link goes to the new post (checked against the feed below).
      viewHref = (await posted)?.href ?? null;
      await keepScreenshot(page, 'composer-posted');
      await expect(scope).toBeHidden();
      // Focus goes back to the button that opened the composer.
      await expect(page.getByRole('button', { name: 'Create Post' })).toBeFocused();
    }

    const post = (await postsFeed(page)).find((p) => p.plainText.startsWith(title));
    expect(post).toMatchObject({
      plainText: `${title}\nPick up near the library.`,
      category: 'furniture',
      priceCents: 125_000,
      parentId: null,
    });
    expect(post?.media).toHaveLength(2);
    if (!isMobile()) expect(viewHref).toBe(`/post/${post?.id}`);

    // Sent: the next composer starts empty.
    const again = await openComposer(page);
    await expect(again.editor).toHaveText('');
    await expect(again.scope.getByRole('img')).toHaveCount(0);
  });

  test('counts to 500 with +2 per line break and blocks the 501st character', async ({ page }) => {
    test.slow();
    const { editor, scope } = await openComposer(page);
    // The bulk goes in as text input (as an IME or dictation would); the edges are keystrokes.
    await page.keyboard.insertText('a'.repeat(248));
    await page.keyboard.type('a');
    await expect(scope.getByText('249 / 500')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(scope.getByText('251 / 500')).toBeVisible();
    await page.keyboard.insertText('b'.repeat(248));
    await page.keyboard.type('b');
    await expect(scope.getByText('500 / 500')).toBeVisible();
    // Near the limit the counter speaks up, politely.
    await expect(scope.getByText('0 characters left')).toHaveAttribute('aria-live', 'polite');

    const tooMany = watchAlert(page, 'Error: Too many characters!');
    await page.keyboard.type('c');
    await tooMany;
    await expect(scope.getByText('500 / 500')).toBeVisible();
    await expect(editor).not.toContainText('c');
    await page.keyboard.insertText('dd');
    await expect(scope.getByText('500 / 500')).toBeVisible();
    await expect(editor).not.toContainText('d');
    // Enter would add a break worth 2: refused as well.
    await page.keyboard.press('Enter');
    await expect(scope.getByText('500 / 500')).toBeVisible();
    await keepScreenshot(page, 'composer-limit');

    // Still a valid post: 500 is allowed.
    await expect(scope.getByRole('button', { name: 'Post', exact: true })).toBeEnabled();
  });

  test('keeps ten of eleven photos and refuses other files', async ({ page }) => {
    const { scope } = await openComposer(page);
    const input = scope.locator('input[type="file"]');
    const tooManyFiles = watchAlert(page, 'Please choose up to 10 photos.');
    await input.setInputFiles(Array.from({ length: 11 }, (_, i) => png(`photo-${i + 1}.png`)));
    await tooManyFiles;
    await expect(scope.getByRole('img', { name: /^Photo \d+ of 10$/ })).toHaveCount(10);

    await scope.getByRole('button', { name: 'Remove photo 10' }).click();
    await expect(scope.getByRole('img', { name: /^Photo \d+ of 9$/ })).toHaveCount(9);

    const onlyMedia = watchAlert(page, 'Only photos & videos are allowed!');
    await input.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await onlyMedia;
    await expect(scope.getByRole('img', { name: /^Photo \d+ of 9$/ })).toHaveCount(9);
    // Photos alone make a post.
    await expect(scope.getByRole('button', { name: 'Post', exact: true })).toBeEnabled();
    await keepScreenshot(page, 'composer-files');
  });

  test('a refused file shows its message at once and the next post goes through at once', async ({
    page,
    expectFailedRequest,
  }) => {
    // docs/security.md#profile-pictures-and-uploads: the server refused this in 29 ms, but the browser stayed at 'Uploading Photos...'
    // for 73 s, and the next post waited behind the unread body. Both must take well under 2 s.
    expectFailedRequest(400, '/api/posts');
    const { scope } = await openComposer(page);
    await page.keyboard.type(marker('Not really a photo'));
    const input = scope.locator('input[type="file"]');
    // 5 MB that is not a photo, though it starts like a JPEG (the composer leaves out files whose
    // first bytes are no photo's, docs/decisions/030-feed-ads-and-rough-edges.md): the composer shows its name instead of a
    // preview and sends it; the server cannot decode it and refuses it.
    const notReallyJpeg = bmp(1280, 1280);
    notReallyJpeg.set([0xff, 0xd8, 0xff, 0xe0], 0);
    await input.setInputFiles([{ name: 'x.jpg', mimeType: 'image/jpeg', buffer: notReallyJpeg }]);
    await expect(scope.getByRole('img', { name: 'Photo 1 of 1: x.jpg' })).toBeVisible();
    const post = scope.getByRole('button', { name: 'Post', exact: true });
    const isCreate = (r: { url(): string; request(): { method(): string } }) =>
      r.url().endsWith('/api/posts') && r.request().method() === 'POST';

    const refused = page.waitForResponse(isCreate, { timeout: 2000 });
    await post.click();
    expect((await refused).status()).toBe(400);
    await expect(page.locator('[data-alert-region]').getByText('Only photos & videos are allowed!')).toBeVisible({
      timeout: 2000,
    });
    await expect(page.getByRole('dialog', { name: 'Uploading Photos...' })).toBeHidden({ timeout: 2000 });
    await keepScreenshot(page, 'composer-refused-file');

    // The draft is kept; swap the file for a real photo and send again, on the same connection.
    await scope.getByRole('button', { name: 'Remove photo 1' }).click();
    await input.setInputFiles([png('real.png')]);
    const created = page.waitForResponse(isCreate, { timeout: 2000 });
    await post.click();
    expect((await created).status()).toBe(201);
  });

  test('a failed send keeps the whole draft', async ({ page, expectFailedRequest }) => {
    expectFailedRequest(500, '/api/posts');
    const text = marker('Bike lock');
    const { editor, scope } = await openComposer(page);
    await page.keyboard.type(text);
    await scope.locator('input[type="file"]').setInputFiles([png('lock.png')]);
    await page.route('**/api/posts', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ statusCode: 500, code: 'INTERNAL', message: 'Internal server error.' }),
          })
        : route.continue(),
    );
    const failed = watchAlert(page, 'Something went wrong.');
    await scope.getByRole('button', { name: 'Post', exact: true }).click();
    await failed;
    await expect(page.getByRole('dialog', { name: 'Uploading Photos...' })).toBeHidden();
    await expect(editor).toContainText(text);
    await expect(scope.getByRole('img', { name: 'Photo 1 of 1' })).toBeVisible();
    await expect(scope.getByRole('button', { name: 'Post', exact: true })).toBeEnabled();
    if (isMobile()) await expect(page).toHaveURL(/\/create\/post/);
  });

  test('Discard Post? clears the draft', async ({ page }) => {
    const text = marker('Mini fridge');
    const { editor, scope } = await openComposer(page);
    await page.keyboard.type(text);
    await scope.locator('input[type="file"]').setInputFiles([png('fridge.png')]);

    if (isMobile()) {
      await page.getByRole('link', { name: 'Back' }).click();
    } else {
      await page.keyboard.press('Escape');
    }
    const confirm = page.getByRole('alertdialog', { name: 'Discard Post?' });
    await expect(confirm).toBeVisible();
    await keepScreenshot(page, 'composer-discard');

    // Keep Editing: nothing is lost.
    await confirm.getByRole('button', { name: 'Keep Editing' }).click();
    await expect(confirm).toBeHidden();
    await expect(editor).toContainText(text);

    if (isMobile()) {
      await page.getByRole('link', { name: 'Back' }).click();
    } else {
      await scope.getByRole('button', { name: 'Close' }).click();
    }
    await page.getByRole('alertdialog', { name: 'Discard Post?' }).getByRole('button', { name: 'Discard' }).click();
    if (isMobile()) {
      await expect(page).toHaveURL(/\/home$/);
    } else {
      await expect(scope).toBeHidden();
      await expect(page.getByRole('button', { name: 'Create Post' })).toBeFocused();
    }

    const again = await openComposer(page);
    await expect(again.editor).toHaveText('');
    await expect(again.scope.getByRole('img')).toHaveCount(0);
    await expect(again.scope.getByText('0 / 500')).toBeVisible();
  });

  test('comments from /create/comment/{id}', async ({ page }) => {
    const [parent] = await postsFeed(page);
    if (!parent) throw new Error('the demo feed has no posts');
    const text = marker('Is this still available?');

    await page.goto(`/create/comment/${parent.id}?goBack=${encodeURIComponent(`/post/${parent.id}`)}`);
    let scope: Locator;
    if (isMobile()) {
      scope = page.getByRole('main');
      await expect(page.getByRole('heading', { name: 'Create Comment' })).toBeVisible();
    } else {
      // Wide screens: the page hands over to the dialog on the post's page.
      await expect(page).toHaveURL(new RegExp(`/post/${parent.id}$`));
      scope = page.getByRole('dialog', { name: 'Create Comment' });
    }
    // The original post sits above the editor.
    await expect(scope.getByText('Replying to')).toBeVisible();
    await expect(scope.getByText((parent.plainText.split('\n')[0] ?? '').slice(0, 40)).first()).toBeVisible();
    const editor = scope.getByRole('textbox', { name: 'Comment text' });
    await expect(editor).toBeFocused();
    await expect(scope.getByText('Write a comment')).toBeVisible();
    await page.keyboard.type(text);
    await expectAccessible(page);
    await keepScreenshot(page, 'composer-comment');

    const replySent = watchAlert(page, 'Your reply was sent');
    await scope.getByRole('button', { name: 'Reply' }).click();
    if (isMobile()) await expect(page).toHaveURL(new RegExp(`/post/${parent.id}$`));
    await replySent;

    const res = await page.request.get(`/api/posts/${parent.id}`);
    expect(res.ok()).toBe(true);
    const thread = (await res.json()) as { comments: ApiPost[] };
    expect(thread.comments.some((c) => c.plainText === text && c.parentId === parent.id)).toBe(true);
  });
});
