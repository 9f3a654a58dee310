import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, keepScreenshot, test } from './fixtures.ts';
import {
  badgeNav,
  bubble,
  inboxRow,
  messageBox,
  messagesLink,
  sendInChat,
  startChatFromPost,
} from './support/chat-screen.ts';
import { createPost, freshMember, PNG, signIn } from './support/members.ts';

/**
 * Messages, live (docs/product/messages.md#inbox-and-chat, docs/product/messages.md#starting-a-chat, docs/product/messages.md#hearts-on-messages, docs/product/messages.md#chat-rules; docs/decisions/015-chats-notifications-blocks.md, docs/decisions/014-events-and-jobs.md): Avery
 * (1280×800, the test's page) writes to Jordan (390×844, a second browser context) from
 * Jordan's post. Both projects would share one chat between the same two demo accounts, so
 * the two-person journey runs once (tagged @desktop) and covers both viewports itself.
 */

const AVERY = 'avery@ou.edu';
const JORDAN = 'jordan@ou.edu';

// Two people, live, on a machine that may be busy: generous, never a fixed wait.
test.describe.configure({ timeout: 180_000 });

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
  await signIn(page.context(), origin, AVERY);
  const phone = await openPhone(browser, origin, [{ status: 404, path: '/api/chats/' }]);
  await signIn(phone.context, origin, JORDAN);
  const jordan = phone.page;
  const stamp = Date.now().toString(36);
  const first = `Is the drone still available? ${stamp}`;
  const second = `Can you meet at the union today? ${stamp}`;

  // Jordan waits on the feed of his phone.
  await jordan.goto('/home');
  await expect(messagesLink(jordan)).toBeVisible();

  // Avery opens Send Message on Jordan's post: a new conversation opens.
  const postId = await findPostId(page, 'DJI Mini 2 drone');
  await page.goto(`/post/${postId}`);
  await recordAlerts(page);
  const chatUrl = await startChatFromPost(page, 'Jordan Brooks');
  await expect.poll(() => shownAlerts(page)).toContain('New Conversation Started');

  // The 500 rule: 'n / 500', and typing past it is blocked with the danger alert.
  const box = messageBox(page);
  await box.fill('a'.repeat(500));
  await expect(page.getByText('500 / 500')).toBeVisible();
  await box.press('b');
  await expect(alertWith(page, 'Error: Too many characters!')).toBeVisible();
  await expect(box).toHaveValue('a'.repeat(500));
  // Shift+Enter breaks a line (worth 2), Enter sends.
  await box.fill('line one');
  await box.press('Shift+Enter');
  await expect(page.getByText('10 / 500')).toBeVisible();
  await sendInChat(page, first);
  await expect(bubble(page, first).getByText('Delivered')).toBeVisible();

  // Jordan's Messages badge counts the chat, without a reload.
  await expect(tabs(jordan).getByText('1 unread messages')).toBeVisible();
  await keepScreenshot(jordan, 'messages-badge-phone');
  await messagesLink(jordan).click();
  await expect(jordan).toHaveURL(/\/messages$/);
  const row = inboxRow(jordan, /Avery Carter/);
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
  await sendInChat(page, second);
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
  await signIn(page.context(), baseURL ?? '', AVERY);
  await page.goto('/messages/does-not-exist');
  await expect(page.getByText("This conversation doesn't exist")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go To Messages' })).toBeVisible();
  await keepScreenshot(page, 'messages-not-found');
  await expectAccessible(page);
});

test('New Message: keyboard rules of the user search and Start Conversation?', async ({ page, baseURL }) => {
  await signIn(page.context(), baseURL ?? '', AVERY);
  await page.goto('/messages');
  await page.getByRole('link', { name: 'New message' }).click();
  // Phones get New Message as a page of its own (/create/message, below); wide screens the pane.
  await expect(page).toHaveURL(/\/(messages\/new|create\/message\?goBack=%2Fmessages)$/);
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
  // The keys alone move the highlight: the pointer (left where 'New message' was) hovers nothing.
  await page.mouse.move(0, 0);
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

// ---------------------------------------------------------------------------------------------
// Fresh members, unique per test and project, so both viewports run the whole journey without
// sharing a chat with another test (demo accounts are shared by every spec).

/** Keeps the text of every alert the page shows from now on (until it navigates away by a load). */
async function recordAlerts(page: Page): Promise<void> {
  await page.locator('[data-alert-region]').waitFor({ state: 'attached' });
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __alerts: string[] }).__alerts = seen;
    const region = document.querySelector('[data-alert-region]');
    if (!region) throw new Error('no alert region');
    new MutationObserver(() => {
      const text = region.textContent?.trim();
      if (text) seen.push(text);
    }).observe(region, { childList: true, subtree: true, characterData: true });
  });
}

async function shownAlerts(page: Page): Promise<string> {
  return page.evaluate(() => ((window as unknown as { __alerts?: string[] }).__alerts ?? []).join('\n'));
}

/** The number on a badge ('3 unread notifications'), 0 when it is not shown. */
async function badgeCount(page: Page, label: 'unread notifications' | 'unread messages'): Promise<number> {
  const badge = badgeNav(page).getByText(new RegExp(`^\\d+\\+? ${label}$`));
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.first().textContent())?.match(/\d+/)?.[0] ?? 0);
}

test('share a post by message, notifications of a comment and a save, mentions, never to oneself; a block hides both ways', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two fresh members and a long journey on a machine that may be busy.
  test.setTimeout(180_000);
  const origin = baseURL ?? '';
  const phoneProject = test.info().project.name === 'mobile';
  // The seller uses the other size of screen than the buyer.
  const seller = await openPhone(browser, origin, []);
  if (phoneProject) await seller.page.setViewportSize({ width: 1280, height: 800 });
  const buyer = await freshMember(page.context(), origin, {
    first: 'Sam',
    last: 'Tester',
    bio: 'Buying and selling at OU.',
  });
  const sellerMember = await freshMember(seller.context, origin, {
    first: 'Bea',
    last: 'Tester',
    bio: 'Buying and selling at OU.',
  });
  const bea = seller.page;
  const stamp = Date.now().toString(36);

  const lampId = await createPost(seller.context, origin, `Desk lamp, barely used ${stamp}`, { priceCents: 1500 });
  const mentionId = await createPost(
    page.context(),
    origin,
    `Anyone selling a lamp? @${sellerMember.username} ${stamp}`,
  );

  // The seller waits on the feed; her badges start clear.
  await bea.goto('/home');
  await expect(messagesLink(bea)).toBeVisible();
  expect(await badgeCount(bea, 'unread messages')).toBe(0);

  // The buyer shares the lamp by message from its post page: Share > Send in a message.
  await page.goto(`/post/${lampId}`);
  await page
    .getByRole('article', { name: `Post by ${sellerMember.name}` })
    .getByRole('button', { name: 'Share' })
    .click();
  await page
    .getByRole('dialog', { name: 'Share' })
    .getByRole('button', { name: /Send in a message/ })
    .click();
  const picker = page.getByRole('dialog', { name: 'Send in a message' });
  await expect(picker).toContainText('No chats yet.');
  // Oneself is never offered.
  await picker.getByRole('searchbox', { name: 'Search people' }).fill(buyer.firstName);
  await expect(picker.getByText('No Users')).toBeVisible();
  await picker.getByRole('searchbox', { name: 'Search people' }).fill(sellerMember.firstName);
  await keepScreenshot(page, 'messages-share-picker');
  await expectAccessible(page);
  // The alert lasts 2.6 s; on a busy machine the chat's first load can take longer, so the
  // page records every alert it shows and the test reads that record.
  await recordAlerts(page);
  await picker.getByRole('button', { name: `Send to ${sellerMember.name}` }).click();
  await expect(page).toHaveURL(/\/messages\/[A-Za-z0-9_-]+$/);
  const chatUrl = new URL(page.url()).pathname;
  await expect.poll(() => shownAlerts(page)).toContain('New Conversation Started');
  const card = page.getByRole('list', { name: 'Messages' }).getByRole('link', { name: /Desk lamp, barely used/ });
  await expect(card).toBeVisible();
  await expect(card).toContainText(sellerMember.name);
  await expect(card).toContainText('$15');

  // The seller's Messages badge counts it without a reload; her inbox says a post was shared.
  await expect(badgeNav(bea).getByText('1 unread messages')).toBeVisible();
  await bea.goto(chatUrl);
  const sellerCard = bea.getByRole('list', { name: 'Messages' }).getByRole('link', { name: /Desk lamp, barely used/ });
  await expect(sellerCard).toBeVisible();
  await expect(badgeNav(bea).getByText(/unread messages/)).toHaveCount(0);
  await keepScreenshot(page, 'messages-shared-post');
  await keepScreenshot(bea, 'messages-shared-post-seller');
  await expectAccessible(bea);

  // A comment and a save from the buyer: the seller's Notifications badge counts both, live.
  const before = await badgeCount(bea, 'unread notifications');
  await createPost(page.context(), origin, `Would you take $10? ${stamp}`, { parentId: lampId });
  await page.goto(`/post/${lampId}`);
  await page
    .getByRole('article', { name: `Post by ${sellerMember.name}` })
    .getByRole('button', { name: /^Save/ })
    .first()
    .click();
  await expect(alertWith(page, 'Post saved.')).toBeVisible();
  await expect
    .poll(() => badgeCount(bea, 'unread notifications'), { message: 'comment and save counted' })
    .toBe(before + 2);
  await badgeNav(bea)
    .getByRole('link', { name: /Notifications/ })
    .click();
  await expect(bea).toHaveURL(/\/notifications$/);
  const list = bea.getByRole('region', { name: 'Notifications' });
  await expect(list.getByRole('link', { name: `${buyer.name} commented on your post` }).first()).toBeVisible();
  await expect(list.getByRole('link', { name: `${buyer.name} saved your post` }).first()).toBeVisible();
  await expect(badgeNav(bea).getByText(/unread notifications/)).toHaveCount(0);
  await keepScreenshot(bea, 'notifications-list');

  // Mentions: the buyer's post naming @seller, as a card.
  await bea.getByRole('link', { name: 'Mentions', exact: true }).click();
  await expect(bea).toHaveURL(/\/notifications\/mentions$/);
  const mentions = bea.getByRole('region', { name: 'Mentions' });
  await expect(mentions.getByRole('article', { name: `Post by ${buyer.name}` })).toContainText(
    `@${sellerMember.username}`,
  );
  await keepScreenshot(bea, 'notifications-mentions');
  await expectAccessible(bea);
  // The buyer is named nowhere.
  await page.goto('/notifications/mentions');
  await expect(page.getByText('No mentions yet')).toBeVisible();

  // Nothing reaches oneself: the buyer comments on and saves his own post; his badge stays clear.
  await createPost(page.context(), origin, `Still looking ${stamp}`, { parentId: mentionId });
  await page.goto(`/post/${mentionId}`);
  await page
    .getByRole('article', { name: `Post by ${buyer.name}` })
    .getByRole('button', { name: /^Save/ })
    .first()
    .click();
  await expect(alertWith(page, 'Post saved.')).toBeVisible();
  await page.goto('/notifications');
  const own = page.getByRole('region', { name: 'Notifications' });
  await expect(own.getByRole('link', { name: new RegExp(`^${buyer.name}`) })).toHaveCount(0);
  expect(await badgeCount(page, 'unread notifications')).toBe(0);
  const self = await page.request.post('/api/chats', { data: { userId: buyer.id }, headers: { origin } });
  expect(self.status()).toBe(400);

  // A block hides both ways: the seller blocks the buyer from the chat menu.
  await page.goto('/home');
  // The feed's first load can be slow on a busy machine.
  await expect(page.getByRole('article', { name: `Post by ${sellerMember.name}` }).first()).toBeVisible({
    timeout: 20_000,
  });
  await bea.goto(chatUrl);
  await bea.getByRole('button', { name: `Block ${buyer.name}` }).click();
  await bea
    .getByRole('alertdialog', { name: `Block ${buyer.name}` })
    .getByRole('button', { name: 'Block', exact: true })
    .click();
  await expect(bea.getByText("You can't message this user.")).toBeVisible();
  // The buyer's open feed no longer shows her posts once reloaded, nor does his search find her.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Feed' }).getByRole('article').first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('article', { name: `Post by ${sellerMember.name}` })).toHaveCount(0);
  await page.goto('/messages/new');
  const search = page.getByRole('combobox', { name: 'Search people' });
  await search.fill(sellerMember.firstName);
  await expect(page.getByText('No Users')).toBeVisible();
  await page.goto(chatUrl);
  await expect(page.getByText("You can't message this user.")).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Write a message' })).toHaveCount(0);
  // … and she no longer finds him either.
  await bea.goto('/messages/new');
  await bea.getByRole('combobox', { name: 'Search people' }).fill(buyer.firstName);
  await expect(bea.getByText('No Users')).toBeVisible();

  // Unblocked, the seller deletes the lamp: the card in the chat says so.
  await bea.goto(chatUrl);
  await bea.getByRole('button', { name: `Unblock ${buyer.name}` }).click();
  await expect(bea.getByRole('textbox', { name: 'Write a message' })).toBeVisible();
  const removed = await seller.context.request.delete(`/api/posts/${lampId}`, { headers: { origin } });
  expect(removed.ok()).toBe(true);
  await page.goto(chatUrl);
  await expect(page.getByText('* Post deleted **')).toBeVisible();

  expect(seller.errors, 'the second page logged errors').toEqual([]);
  await seller.context.close();
});

test('/create/message: New Message as a page on phones (back to where it opened); wide screens use /messages/new', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const phoneProject = test.info().project.name === 'mobile';
  const other = await browser.newContext({ baseURL: origin });
  const me = await freshMember(page.context(), origin, {
    first: 'Kim',
    last: 'Tester',
    bio: 'Buying and selling at OU.',
  });
  const them = await freshMember(other, origin, { first: 'Lou', last: 'Tester', bio: 'Buying and selling at OU.' });
  await other.close();

  await page.goto('/messages');
  await page.getByRole('link', { name: 'New message' }).click();
  if (!phoneProject) {
    await expect(page).toHaveURL(/\/messages\/new$/);
    await page.goto('/create/message?goBack=/messages');
    await expect(page).toHaveURL(/\/messages\/new$/);
    return;
  }
  await expect(page).toHaveURL(/\/create\/message\?goBack=%2Fmessages$/);
  await expect(page.getByRole('heading', { name: 'New Message' })).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Search people' });
  await expect(search).toBeFocused();
  await search.press('Enter');
  await expect(alertWith(page, 'Please select a user!')).toBeVisible();
  await search.fill(me.firstName);
  await expect(page.getByText('No Users')).toBeVisible();
  await search.fill(them.firstName);
  const option = page.getByRole('option', { name: new RegExp(them.name) });
  await expect(option).toBeVisible();
  // One result: down and up both wrap onto it.
  await search.press('ArrowUp');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await search.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await keepScreenshot(page, 'messages-create-message');
  await expectAccessible(page);
  await search.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Start Conversation?' });
  await expect(dialog).toContainText(`Start a private conversation with ${them.name}`);
  await dialog.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(alertWith(page, 'New Conversation Started')).toBeVisible();
  await expect(page).toHaveURL(/\/messages\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('region', { name: `Conversation with ${them.name}` })).toBeVisible();
  // The back button of the page goes where it was opened from.
  await page.goto('/create/message?goBack=/notifications');
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
});

test('a chat open on screen is read: hearts, un-hearts and messages in it raise no Unread and no badge; no heart on one’s own messages', async ({
  page,
  browser,
  baseURL,
}) => {
  // A chat on screen is read, and hearts are for the other person's messages (docs/decisions/030-feed-ads-and-rough-edges.md, docs/product/messages.md#reading-a-chat, docs/product/messages.md#hearts-on-messages).
  const origin = baseURL ?? '';
  const headers = { origin };
  const phoneProject = test.info().project.name === 'mobile';
  const me = await freshMember(page.context(), origin, { first: 'Avery', last: 'Reader' });
  const other = await browser.newContext({ baseURL: origin });
  const them = await freshMember(other, origin, { first: 'Priya', last: 'Hearts' });
  const tag = Date.now().toString(36);
  const question = `Is the desk lamp still available? ${tag}`;
  const answer = `Yes, pick-up at the union. ${tag}`;
  const later = `Great, see you at five. ${tag}`;

  // Priya writes first; Avery answers (both through the API), then Avery opens the chat.
  const opened = await other.request.post('/api/chats', { data: { userId: me.id }, headers });
  const chatId = ((await opened.json()) as { chat: { id: string } }).chat.id;
  const send = async (who: typeof other.request, plainText: string) => {
    const res = await who.post(`/api/chats/${chatId}/messages`, {
      multipart: { message: JSON.stringify({ plainText }) },
      headers,
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  await send(other.request, question);
  const answerId = await send(page.request, answer);
  await page.goto(`/messages/${chatId}`);
  await expect(page.getByRole('region', { name: `Conversation with ${them.name}` })).toBeVisible();

  // Hearts are for the other person's messages: none on Avery's own.
  await expect(bubble(page, question).getByRole('button', { name: 'Heart this message' })).toBeVisible();
  await expect(bubble(page, answer).getByRole('button')).toHaveCount(0);

  const counts = async () => (await (await page.request.get('/api/unread-counts')).json()) as Record<string, number>;
  const noBadges = async () => {
    await expect.poll(counts).toEqual({ messages: 0, notifications: 0 });
    await expect(page.getByText(/unread (messages|notifications)/)).toHaveCount(0);
  };
  await noBadges();

  // Priya hearts Avery's message while Avery looks at the chat: it shows, and stays read.
  const heart = () => other.request.post(`/api/chats/${chatId}/messages/${answerId}/heart`, { headers });
  expect((await heart()).status()).toBe(200);
  await expect(bubble(page, answer).getByRole('img', { name: '1 heart' })).toBeVisible();
  await noBadges();
  // Priya un-hearts it: on wide screens the inbox beside the chat says so ('{first name} removed a
  // heart', docs/product/messages.md#hearts-on-messages), and the row is not Unread.
  expect((await heart()).status()).toBe(200);
  await expect(bubble(page, answer).getByRole('img', { name: '1 heart' })).toHaveCount(0);
  await noBadges();
  if (!phoneProject) {
    const beside = page
      .getByRole('region', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(them.name) });
    await expect(beside).toContainText(`${them.firstName} removed a heart`);
    await expect(beside.getByText('Unread')).toHaveCount(0);
    await keepScreenshot(page, 'messages-open-chat-unhearted');
  }
  // And writes again.
  await send(other.request, later);
  await expect(bubble(page, later)).toBeVisible();
  await noBadges();

  // The inbox row reads the last event, and is not Unread.
  if (phoneProject) await page.goto('/messages');
  const row = page.getByRole('region', { name: 'Conversations' }).getByRole('link', { name: new RegExp(them.name) });
  await expect(row).toContainText(later);
  await expect(row.getByText('Unread')).toHaveCount(0);
  await keepScreenshot(page, 'messages-open-chat-read');
  await other.close();
});

test('New Message is never a blank pane: a hint at first, then the recent chats under the search box', async ({
  page,
  browser,
  baseURL,
}) => {
  // docs/decisions/030-feed-ads-and-rough-edges.md: /messages/new on wide screens, /create/message on phones.
  const origin = baseURL ?? '';
  const newMessage = test.info().project.name === 'mobile' ? '/create/message?goBack=/messages' : '/messages/new';
  await freshMember(page.context(), origin, { first: 'Noa', last: 'Newcomer' });
  const other = await browser.newContext({ baseURL: origin });
  const them = await freshMember(other, origin, { first: 'Remy', last: 'Recent' });
  await other.close();

  await page.goto(newMessage);
  await expect(page.getByRole('combobox', { name: 'Search people' })).toBeVisible();
  await expect(page.getByText('Search for a member of your campus by name or username.')).toBeVisible();

  const opened = await page.request.post('/api/chats', { data: { userId: them.id }, headers: { origin } });
  expect(opened.ok(), await opened.text()).toBe(true);
  const chatId = ((await opened.json()) as { chat: { id: string } }).chat.id;
  await page.goto(newMessage);
  const recent = page.getByRole('region', { name: 'Recent' });
  await expect(recent.getByRole('link', { name: new RegExp(them.name) })).toBeVisible();
  await expect(page.getByText('Search for a member of your campus by name or username.')).toHaveCount(0);
  await expectAccessible(page);
  await keepScreenshot(page, 'messages-new-recent');
  await recent.getByRole('link', { name: new RegExp(them.name) }).click();
  await expect(page).toHaveURL(new RegExp(`/messages/${chatId}$`));
});
