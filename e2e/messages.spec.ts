import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, expectAccessible, keepScreenshot, test } from './fixtures.ts';

/**
 * Messages, live (spec 1 §2 'Messaging', §4 'Chat', 'Like', §5; issue 9 items 2–7): Avery
 * (1280×800, the test's page) writes to Jordan (390×844, a second browser context) from
 * Jordan's post. Both projects would share one chat between the same two demo accounts, so
 * the two-person journey runs once (tagged @desktop) and covers both viewports itself.
 */

const PASSWORD = 'buysell123';
const AVERY = 'avery@ou.edu';
const JORDAN = 'jordan@ou.edu';
/** A real 64×64 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAT0lEQVRo3u3PQQkAAAgEsGtkILPY3Qi+hcEKLDX9WgQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQELgutvnDxcohaQQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe.configure({ timeout: 90_000 });

function randomVisitorIp(): string {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

async function signIn(context: BrowserContext, email: string, baseURL: string): Promise<void> {
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers: { origin: baseURL, 'x-forwarded-for': randomVisitorIp() },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The first feed post whose text starts with `text`. */
async function findPostId(page: Page, text: string): Promise<string> {
  let cursor: string | null = null;
  do {
    const res = await page.request.get(`/api/posts${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
    const body = (await res.json()) as { posts: { id: string; plainText: string }[]; nextCursor: string | null };
    const found = body.posts.find((p) => p.plainText.startsWith(text));
    if (found) return found.id;
    cursor = body.nextCursor;
  } while (cursor);
  throw new Error(`no post starts with "${text}"`);
}

/**
 * A phone-sized second person. The fixture only watches the test's own page, so this page
 * collects its errors itself; `allowed` excuses answers the journey provokes on purpose.
 */
async function openPhone(browser: Browser, baseURL: string, allowed: { status: number; path: string }[]) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const status = Number(message.text().match(/status of (\d{3})/)?.[1]);
    const url = message.location().url;
    const path = url ? new URL(url).pathname : '';
    if (status && allowed.some((a) => a.status === status && path.startsWith(a.path))) return;
    errors.push(`console.error: ${message.text()}`);
  });
  return { context, page, errors };
}

const bubble = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text });
const alertWith = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const tabs = (page: Page) => page.getByRole('navigation', { name: 'Tabs' });

test('Send Message on a post opens the chat; messages, badges, Seen, hearts, photos and delete are live @desktop', async ({
  page,
  browser,
  baseURL,
  expectFailedRequest,
}) => {
  const origin = baseURL ?? '';
  // Once the chat is deleted, the open chat's refetch answers 404 (then 'This conversation doesn't exist').
  expectFailedRequest(404, '/api/chats/');
  await signIn(page.context(), AVERY, origin);
  const phone = await openPhone(browser, origin, [{ status: 404, path: '/api/chats/' }]);
  await signIn(phone.context, JORDAN, origin);
  const jordan = phone.page;
  const stamp = Date.now().toString(36);
  const first = `Is the drone still available? ${stamp}`;
  const second = `Can you meet at the union today? ${stamp}`;

  // Jordan waits on the feed of his phone.
  await jordan.goto('/home');
  await expect(tabs(jordan).getByRole('link', { name: /Messages/ })).toBeVisible();

  // Avery opens Send Message on Jordan's post: a new conversation opens.
  const postId = await findPostId(page, 'DJI Mini 2 drone');
  await page.goto(`/post/${postId}`);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/messages\/[A-Za-z0-9_-]+$/);
  const chatUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('region', { name: 'Conversation with Jordan Brooks' })).toBeVisible();
  await expect(alertWith(page, 'New Conversation Started')).toBeVisible();

  // The 500 rule: 'n / 500', and typing past it is blocked with the danger alert.
  const box = page.getByRole('textbox', { name: 'Write a message' });
  await box.fill('a'.repeat(500));
  await expect(page.getByText('500 / 500')).toBeVisible();
  await box.press('b');
  await expect(alertWith(page, 'Error: Too many characters!')).toBeVisible();
  await expect(box).toHaveValue('a'.repeat(500));
  // Shift+Enter breaks a line (worth 2), Enter sends.
  await box.fill('line one');
  await box.press('Shift+Enter');
  await expect(page.getByText('10 / 500')).toBeVisible();
  await box.fill(first);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(bubble(page, first)).toBeVisible();
  await expect(bubble(page, first).getByText('Delivered')).toBeVisible();

  // Jordan's Messages badge counts the chat, without a reload.
  await expect(tabs(jordan).getByText('1 unread messages')).toBeVisible();
  await keepScreenshot(jordan, 'messages-badge-phone');
  await tabs(jordan)
    .getByRole('link', { name: /Messages/ })
    .click();
  await expect(jordan).toHaveURL(/\/messages$/);
  const row = jordan.getByRole('link', { name: /Avery Carter/ });
  await expect(row).toContainText(first);
  await expect(row.getByText('Unread')).toBeVisible();
  await keepScreenshot(jordan, 'messages-inbox-phone');
  await expectAccessible(jordan);
  await row.click();
  await expect(jordan).toHaveURL(chatUrl);
  await expect(bubble(jordan, first)).toBeVisible();
  // Opened: the badge clears for Jordan and Avery sees Seen.
  await expect(tabs(jordan).getByText(/unread messages/)).toHaveCount(0);
  await expect(bubble(page, first).getByText('Seen')).toBeVisible();

  // A message appears in Jordan's open chat without a reload, and is Seen at once.
  await box.fill(second);
  await box.press('Enter');
  await expect(bubble(jordan, second)).toBeVisible();
  await expect(bubble(page, second).getByText('Seen')).toBeVisible();

  // Jordan hearts it: 'Reaction sent.', and Avery's inbox shows the heart line.
  await bubble(jordan, second).getByRole('button', { name: 'Heart this message' }).click();
  await expect(alertWith(jordan, 'Reaction sent.')).toBeVisible();
  await expect(bubble(jordan, second).getByRole('button', { name: 'Remove heart' })).toBeVisible();
  const averyInbox = page.getByRole('region', { name: 'Conversations' });
  await expect(averyInbox.getByRole('link', { name: /Jordan Brooks/ })).toContainText(
    `Jordan reacted with a heart: ${second}`,
  );

  // A photo: it shows in both chats.
  await page.getByTestId('chat-file').setInputFiles({ name: 'drone.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Attachment to send' })).toBeVisible();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('img', { name: 'Sent attachment' })).toBeVisible();
  await expect(jordan.getByRole('img', { name: 'Sent attachment' })).toBeVisible();

  await keepScreenshot(page, 'messages-chat');
  await keepScreenshot(jordan, 'messages-chat-phone');
  await expectAccessible(page);
  await expectAccessible(jordan);

  // The heart reached Avery's Notifications badge; the list shows it, marks it read and opens the chat.
  const mainNav = page.getByRole('navigation', { name: 'Main' });
  await expect(mainNav.getByText(/\d+ unread notifications/)).toBeVisible();
  await mainNav.getByRole('link', { name: /Notifications/ }).click();
  const notification = page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('link', { name: /Jordan Brooks/ })
    .first();
  await expect(notification).toBeVisible();
  await expect(mainNav.getByText(/unread notifications/)).toHaveCount(0);
  await keepScreenshot(page, 'notifications');
  await expectAccessible(page);
  await notification.click();
  await expect(page).toHaveURL(chatUrl);

  // Avery blocks Jordan from the chat: neither can write any more (live on Jordan's phone); then unblocks.
  await page.getByRole('button', { name: 'Block Jordan Brooks' }).click();
  const blockDialog = page.getByRole('alertdialog', { name: 'Block Jordan Brooks' });
  await expect(blockDialog).toContainText("They won't be able to message you");
  await blockDialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText("You can't message this user.")).toBeVisible();
  await expect(jordan.getByText("You can't message this user.")).toBeVisible();
  await expect(jordan.getByRole('textbox', { name: 'Write a message' })).toHaveCount(0);
  await keepScreenshot(jordan, 'messages-blocked-phone');
  await page.getByRole('button', { name: 'Unblock Jordan Brooks' }).click();
  await expect(page.getByRole('textbox', { name: 'Write a message' })).toBeVisible();
  await expect(jordan.getByRole('textbox', { name: 'Write a message' })).toBeVisible();

  // Avery deletes the conversation: gone for both.
  await page.getByRole('button', { name: 'Delete conversation' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(alertWith(page, 'Chat deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(averyInbox.getByRole('link', { name: /Jordan Brooks/ })).toHaveCount(0);
  await expect(jordan.getByText("This conversation doesn't exist")).toBeVisible();

  expect(phone.errors, 'the phone page logged errors').toEqual([]);
  await phone.context.close();
});

test("a chat that does not exist says so; a visitor is sent to '/'", async ({ page, baseURL, expectFailedRequest }) => {
  expectFailedRequest(404, '/api/chats/');
  await page.goto('/messages');
  await expect(page).toHaveURL(/\/home$/);
  await signIn(page.context(), AVERY, baseURL ?? '');
  await page.goto('/messages/does-not-exist');
  await expect(page.getByText("This conversation doesn't exist")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go To Messages' })).toBeVisible();
  await keepScreenshot(page, 'messages-not-found');
  await expectAccessible(page);
});

test('New Message: keyboard rules of the user search and Start Conversation?', async ({ page, baseURL }) => {
  await signIn(page.context(), AVERY, baseURL ?? '');
  await page.goto('/messages');
  await page.getByRole('link', { name: 'New message' }).click();
  await expect(page).toHaveURL(/\/messages\/new$/);
  const search = page.getByRole('combobox', { name: 'Search people' });
  await expect(search).toBeFocused();
  await search.press('Enter');
  await expect(alertWith(page, 'Please select a user!')).toBeVisible();
  await search.fill('zzqqxx');
  await expect(page.getByText('No Users')).toBeVisible();
  await search.fill('Jordan');
  const options = page.getByRole('option');
  await expect(options.filter({ hasText: 'Jordan Brooks' })).toBeVisible();
  const count = await options.count();
  // Arrow keys move the highlight and wrap around.
  await search.press('ArrowDown');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await search.press('ArrowUp');
  await expect(options.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  await search.press('ArrowDown');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await keepScreenshot(page, 'messages-new');
  await expectAccessible(page);
  await search.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Start Conversation?' });
  await expect(dialog).toContainText('Start a private conversation with Jordan Brooks');
  await expect(dialog.getByRole('button', { name: 'Start Conversation' })).toBeVisible();
  // Starting it is covered by Send Message above (both would share one chat); leave it here.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});
