import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, expectAccessible, keepScreenshot, secondPerson, test } from './fixtures.ts';
import { createPost, freshMember, isMobile, PASSWORD, randomVisitorIp, signIn, uniqueTag } from './support/members.ts';

/**
 * Campus moderators (docs/product/moderation.md; docs/decisions/039-campus-moderators.md), each
 * person in a browser context of the project's size: three members report a post, which is hidden
 * from a fourth member's open feed at once, and a moderator restores it from /moderation (back in
 * that feed, live); the fourth member's report then shows up in the moderator's open queue and
 * Remove takes the post out of their feed, both without a reload; a moderator suspends a member whose open tab is signed out onto the suspension
 * page, and once the suspension has run out (ended for that member only through their own
 * session, POST /api/dev/suspension/elapse, never the shared server's clock) the member signs in again.
 * The moderator is the demo's (jordan@ou.edu moderates OU; the command cannot reach the e2e
 * server's database while it runs). The shared campus's queue holds other tests' reports too:
 * every check is scoped to this test's own people and posts.
 */

test.describe.configure({ timeout: 180_000 });

/** The demo's OU moderator (granted with the demo accounts, as `npm run moderators -- grant` would). */
const MODERATOR = 'jordan@ou.edu';

/** A member whose only part is to exist or act through the API, in a context of their own. */
async function apiMember(browser: Browser, origin: string, first: string) {
  const context = await browser.newContext({ baseURL: origin });
  const member = await freshMember(context, origin, { first });
  return { context, member };
}

async function report(request: APIRequestContext, origin: string, target: { type: string; id: string }) {
  const res = await request.post('/api/reports', { data: { target, reason: 'scam' }, headers: { origin } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The moderator's group for one target, by its author's unique name. */
const groupOf = (page: Page, kind: 'Post' | 'Member', name: string) =>
  page.getByRole('article', { name: `${kind} by ${name}` });

test('three reports hide a post from a fourth member’s open feed; a moderator restores it and it is back, live; a new report shows in the open queue and Remove takes it out of the feed, live', async ({
  page,
  browser,
  baseURL,
  expectFailedRequest,
}) => {
  const origin = baseURL ?? '';
  // The first reporter's post page stays open: once hidden, its post is not found any more (live).
  expectFailedRequest(404, '/api/posts/');
  const tag = uniqueTag();
  const text = `TI-84 calculator ${tag}, gift card payment only`;

  const author = await apiMember(browser, origin, 'Dana');
  const postId = await createPost(author.context, origin, text, { priceCents: 4000 });

  // A fourth member has the feed open.
  const watcher = await secondPerson(browser, origin);
  await freshMember(watcher.context, origin, { first: 'Wren' });
  await watcher.page.goto('/home');
  const card = watcher.page.getByRole('article').filter({ hasText: text });
  await expect(card).toBeVisible();

  // The first report through the sheet on the post page, with a reason and a note.
  await freshMember(page.context(), origin, { first: 'Remy' });
  await page.goto(`/post/${postId}`);
  const reportButton = page.getByRole('button', { name: 'Report', exact: true });
  await reportButton.click();
  const sheet = page.getByRole('dialog', { name: 'Report post' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('radio', { name: 'Scam or fraud' }).check();
  await sheet.getByLabel('Anything the moderators should know? (optional)').fill('Wants a gift card code up front.');
  await keepScreenshot(page, 'moderation-report-sheet');
  await expectAccessible(page);
  await sheet.getByRole('button', { name: 'Send report' }).click();
  await expect(sheet.getByText('Thanks. The moderators will look at this.')).toBeVisible();
  await keepScreenshot(page, 'moderation-report-sent');
  await sheet.getByRole('button', { name: 'Done' }).click();
  await expect(sheet).toBeHidden();
  await expect(reportButton).toBeFocused();
  // Once is enough: a second report says so.
  await reportButton.click();
  await sheet.getByRole('radio', { name: 'Spam' }).check();
  await sheet.getByRole('button', { name: 'Send report' }).click();
  await expect(sheet.getByText('You already reported this. The moderators will look at it.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(card, 'one report hides nothing').toBeVisible();

  // Two more members report it: the third hides it from the open feed without a reload.
  const second = await apiMember(browser, origin, 'Sol');
  const third = await apiMember(browser, origin, 'Tam');
  await report(second.context.request, origin, { type: 'post', id: postId });
  await expect(card).toBeVisible();
  await report(third.context.request, origin, { type: 'post', id: postId });
  await expect(card).toHaveCount(0);
  await keepScreenshot(watcher.page, 'moderation-feed-hidden');

  // A moderator finds it in the queue, hidden, with the three reports and the note.
  const mod = await secondPerson(browser, origin);
  await signIn(mod.context, origin, MODERATOR);
  await mod.page.goto('/home');
  if (isMobile()) {
    await mod.page.getByRole('button', { name: 'Account menu' }).click();
    await mod.page.getByRole('menuitem', { name: 'Moderation' }).click();
  } else {
    await mod.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moderation' }).click();
  }
  await expect(mod.page).toHaveURL(/\/moderation$/);
  const group = groupOf(mod.page, 'Post', author.member.name);
  await expect(group).toBeVisible();
  await expect(group.getByText('3 reports')).toBeVisible();
  await expect(group.getByText('Hidden pending review').first()).toBeVisible();
  await expect(group.getByText('Wants a gift card code up front.')).toBeVisible();
  await group.scrollIntoViewIfNeeded();
  await keepScreenshot(mod.page, 'moderation-queue');
  await expectAccessible(mod.page);

  await group.getByRole('button', { name: 'Restore' }).click();
  const restore = mod.page.getByRole('dialog', { name: 'Restore this?' });
  await restore.getByLabel('Reason (the member sees it)').fill('A calculator sale is fine; payment talk goes in chat.');
  await keepScreenshot(mod.page, 'moderation-action-dialog');
  await restore.getByRole('button', { name: 'Restore' }).click();
  await expect(mod.page.getByText('Restored.')).toBeVisible();
  await expect(group).toHaveCount(0);

  // Back in the fourth member's feed, live.
  await expect(card).toBeVisible();
  await keepScreenshot(watcher.page, 'moderation-feed-restored');

  // The moderator keeps the queue open: the fourth member's new report shows up in it without a
  // reload, and Remove takes the post out of that member's open feed at once.
  await report(watcher.context.request, origin, { type: 'post', id: postId });
  await expect(group).toBeVisible();
  await expect(group.getByText('1 report')).toBeVisible();
  await group.getByRole('button', { name: 'Remove' }).click();
  const remove = mod.page.getByRole('dialog', { name: 'Remove this?' });
  await remove.getByLabel('Reason (the member sees it)').fill('Payment by gift card only is a scam sign.');
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(mod.page.getByText('Removed. The author was told why.')).toBeVisible();
  await expect(group).toHaveCount(0);
  await expect(card).toHaveCount(0);

  // The audit log keeps who did it and why; nothing there can be changed.
  await mod.page.getByRole('link', { name: 'Audit log' }).click();
  const entry = mod.page.getByRole('listitem').filter({ hasText: `restored a post of ${author.member.name}` });
  await expect(entry).toContainText('Reason: A calculator sale is fine; payment talk goes in chat.');
  await expect(
    mod.page.getByRole('listitem').filter({ hasText: `removed a post of ${author.member.name}` }),
  ).toContainText('Reason: Payment by gift card only is a scam sign.');
  await expect(mod.page.getByRole('region', { name: 'Audit log' }).getByRole('button')).toHaveCount(0);
  await keepScreenshot(mod.page, 'moderation-audit-log');

  for (const person of [watcher, mod]) expect(person.errors).toEqual([]);
  await Promise.all([watcher, mod, author, second, third].map((p) => p.context.close()));
});

test('a suspended member’s open tab is signed out onto the suspension page; once it has run out they sign in again', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  // The moderator is this test's page; the member has a tab of their own, open on the feed.
  const member = await secondPerson(browser, origin);
  const suspended = await freshMember(member.context, origin, { first: 'Quinn' });
  await member.page.goto('/home');
  await expect(member.page.getByRole('heading', { name: 'Your account is suspended' })).toHaveCount(0);

  await signIn(page.context(), origin, MODERATOR);

  // Spec 2's 'Report {name}' from the profile menu, now with a reason.
  await page.goto(`/${suspended.username}`);
  await page.getByRole('button', { name: 'Profile options' }).click();
  await page.getByRole('menuitem', { name: `Report ${suspended.firstName}` }).click();
  const sheet = page.getByRole('dialog', { name: `Report ${suspended.firstName}` });
  await sheet.getByRole('radio', { name: 'Harassment or hate' }).check();
  await sheet.getByRole('button', { name: 'Send report' }).click();
  await expect(sheet.getByText('User Reported. Thanks for letting us know.')).toBeVisible();
  await sheet.getByRole('button', { name: 'Done' }).click();

  // The moderator suspends them for a day, and confirms.
  await page.goto('/moderation');
  const group = groupOf(page, 'Member', suspended.name);
  await expect(group).toBeVisible();
  await group.getByRole('button', { name: 'Suspend' }).click();
  // The title follows the length picked (7 days to begin with).
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Suspend ${suspended.name} for`) });
  await expect(dialog).toHaveAccessibleName(`Suspend ${suspended.name} for 7 days?`);
  await dialog.getByRole('radio', { name: '1 day' }).check();
  await expect(dialog).toHaveAccessibleName(`Suspend ${suspended.name} for 1 day?`);
  await dialog.getByLabel('Reason (the member sees it)').fill('Threatening messages to a buyer.');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Suspend ${suspended.name} for 1 day?` });
  await expect(confirm.getByText('Reason: Threatening messages to a buyer.')).toBeVisible();
  await keepScreenshot(page, 'moderation-suspend-confirm');
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('Member suspended.')).toBeVisible();

  // Their open tab is signed out at once and shows why, until when.
  await expect(member.page.getByRole('heading', { name: 'Your account is suspended' })).toBeVisible();
  await expect(member.page).toHaveURL(/\/suspended$/);
  await expect(member.page.getByText(/^You can use Campus Buy \/ Sell again on /)).toBeVisible();
  await expect(member.page.getByText('Reason: Threatening messages to a buyer.')).toBeVisible();
  await keepScreenshot(member.page, 'moderation-suspended-page');
  // Any page they open is the suspension page while it lasts.
  await member.page.goto('/messages');
  await expect(member.page).toHaveURL(/\/suspended$/);
  // Signing in elsewhere is refused while it lasts.
  const elsewhere = await browser.newContext({ baseURL: origin });
  const refused = await elsewhere.request.post('/api/auth/sign-in/email', {
    data: { email: suspended.email, password: PASSWORD },
    headers: { origin, 'x-forwarded-for': randomVisitorIp() },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('ACCOUNT_SUSPENDED');
  await elsewhere.close();

  // The suspension runs out (its end moved into the past for this member only, with their own
  // suspended session); they sign out of the page and sign in again.
  const elapsed = await member.page.request.post('/api/dev/suspension/elapse', { data: {}, headers: { origin } });
  expect(elapsed.ok(), await elapsed.text()).toBe(true);
  await member.page.getByRole('button', { name: 'Sign out' }).click();
  await expect(member.page).toHaveURL(/\/home$/);
  await member.page.goto('/login');
  await member.page.getByLabel('Email', { exact: true }).fill(suspended.email);
  await member.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await member.page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(member.page).toHaveURL(/\/home$/);
  await expect(member.page.getByRole('heading', { name: 'Your account is suspended' })).toHaveCount(0);

  // The log keeps the suspension and its length.
  await page.goto('/moderation?show=log');
  await expect(page.getByRole('listitem').filter({ hasText: `suspended ${suspended.name} (1 day)` })).toContainText(
    'Reason: Threatening messages to a buyer.',
  );

  expect(member.errors.filter((e) => !/status of 40[13]/.test(e))).toEqual([]);
  await member.context.close();
});

test('a message a moderator removes leaves the recipient’s open inbox at once: the line shows the message before it', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const headers = { origin };
  const sender = await apiMember(browser, origin, 'Cass');
  const reader = await freshMember(page.context(), origin, { first: 'Rory' });
  const opened = await sender.context.request.post('/api/chats', { data: { userId: reader.id }, headers });
  expect(opened.ok(), await opened.text()).toBe(true);
  const chatId = ((await opened.json()) as { chat: { id: string } }).chat.id;
  const send = async (plainText: string) => {
    const res = await sender.context.request.post(`/api/chats/${chatId}/messages`, {
      multipart: { message: JSON.stringify({ plainText }) },
      headers,
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  await send('Is the desk still for sale?');
  const scam = `Pay the deposit with a gift card ${uniqueTag()}`;
  const scamId = await send(scam);

  // The reader has Messages open: the line quotes the newest message.
  await page.goto('/messages');
  const line = page.getByRole('link').filter({ hasText: sender.member.name });
  await expect(line).toContainText(scam);

  // The moderator removes it; the open inbox re-reads the line at once, without the text.
  const mod = await browser.newContext({ baseURL: origin });
  await signIn(mod, origin, MODERATOR);
  const removed = await mod.request.post('/api/moderation/actions', {
    data: { action: 'remove', target: { type: 'message', id: scamId }, reason: 'Gift card payment is a scam sign.' },
    headers,
  });
  expect(removed.ok(), await removed.text()).toBe(true);
  await expect(line).toContainText('Is the desk still for sale?');
  await expect(page.getByText(scam)).toHaveCount(0);
  await keepScreenshot(page, 'moderation-inbox-line-withheld');
  // Nor does any notification quote it.
  const notifications = await page.request.get('/api/notifications');
  expect(await notifications.text()).not.toContain(scam);

  await Promise.all([mod.close(), sender.context.close()]);
});

test('a banned member’s open tab is told at once: it shows the ban page instead of the campus', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  // The member's tab is open on the feed with its live stream up; the moderator is this test's page.
  const member = await secondPerson(browser, origin);
  const banned = await freshMember(member.context, origin, { first: 'Bex' });
  const streamOpen = member.page.waitForResponse((res) => new URL(res.url()).pathname === '/api/events');
  await member.page.goto('/home');
  expect((await streamOpen).status()).toBe(200);

  await signIn(page.context(), origin, MODERATOR);
  await report(page.request, origin, { type: 'user', id: banned.id });
  await page.goto('/moderation');
  const group = groupOf(page, 'Member', banned.name);
  await expect(group).toBeVisible();
  await group.getByRole('button', { name: 'Ban' }).click();
  const dialog = page.getByRole('dialog', { name: `Ban ${banned.name}?` });
  await dialog.getByLabel('Reason (the member sees it)').fill('Sold counterfeit tickets again.');
  await dialog.getByRole('button', { name: 'Ban' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Ban ${banned.name}?` });
  await keepScreenshot(page, 'moderation-ban-confirm');
  await confirm.getByRole('button', { name: 'Ban' }).click();
  await expect(page.getByText('Member banned.')).toBeVisible();

  // Their open tab shows why at once, without a request of its own.
  await expect(member.page.getByRole('heading', { name: 'Your account has been banned' })).toBeVisible();
  await expect(member.page).toHaveURL(/\/suspended$/);
  await expect(member.page.getByText('You can no longer use Campus Buy / Sell with this account.')).toBeVisible();
  await expect(member.page.getByText('Reason: Sold counterfeit tickets again.')).toBeVisible();
  await keepScreenshot(member.page, 'moderation-banned-page');
  await expectAccessible(member.page);
  // Signing out leaves the page (the session is gone on the server already).
  await member.page.getByRole('button', { name: 'Sign out' }).click();
  await expect(member.page).toHaveURL(/\/home$/);

  expect(member.errors.filter((e) => !/status of 40[13]/.test(e))).toEqual([]);
  await member.context.close();
});
