import { expect, expectAccessible, keepScreenshot, secondPerson, test } from './fixtures.ts';
import { freshMember, uniqueTag } from './support/members.ts';

/**
 * Trust between strangers in a chat (docs/product/safety.md; docs/decisions/038-meetups-and-scam-warnings.md),
 * two people in two browser contexts of the project's size: one suggests a meet-up at one of the
 * campus's safe spots, the other accepts it and it is pinned on top for both, live; then a
 * message asking for money on Zelle first shows the quiet warning to its recipient only.
 */

test.describe.configure({ timeout: 180_000 });

/** Tomorrow on OU's clock (America/Chicago), as the date field takes it. */
function tomorrowOnCampus(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);
}

const WARNING = 'Never pay before you see the item. Keep the conversation here.';

test('a meet-up is suggested and accepted (pinned for both, live); a Zelle-first message warns its recipient only', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const seller = await freshMember(page.context(), origin, { first: 'Mika' });
  const other = await secondPerson(browser, origin);
  await freshMember(other.context, origin, { first: 'Jules' });
  const buyerPage = other.page;
  const opened = await buyerPage.request.post('/api/chats', { data: { userId: seller.id }, headers: { origin } });
  expect(opened.ok()).toBe(true);
  const chatId = ((await opened.json()) as { chat: { id: string } }).chat.id;

  // The buyer suggests a meet-up from the composer, with the keyboard.
  await buyerPage.goto(`/messages/${chatId}`);
  const suggest = buyerPage.getByRole('button', { name: 'Suggest a meet-up' });
  await suggest.focus();
  await buyerPage.keyboard.press('Enter');
  const dialog = buyerPage.getByRole('dialog', { name: 'Suggest a meet-up' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(4);
  await dialog.getByRole('radio', { name: /Bizzell Memorial Library/ }).check();
  const day = tomorrowOnCampus();
  await dialog.getByLabel('Day', { exact: true }).fill(day);
  await dialog.getByLabel('Time', { exact: true }).fill('15:30');
  await keepScreenshot(buyerPage, 'suggest-dialog');
  await expectAccessible(buyerPage);
  await dialog.getByRole('button', { name: 'Send suggestion' }).click();
  await expect(dialog).toBeHidden();
  const mine = buyerPage.getByRole('region', { name: /^You suggested a meet-up: Bizzell Memorial Library/ });
  await expect(mine.getByRole('status')).toHaveText('Waiting for an answer');
  await expect(mine.getByRole('button')).toHaveCount(0);
  await expect(mine).toContainText('3:30 PM');

  // The seller sees the card with Accept and Suggest another, and accepts.
  await page.goto(`/messages/${chatId}`);
  const theirs = page.getByRole('region', { name: /^Meet-up suggested: Bizzell Memorial Library/ });
  await expect(theirs.getByRole('button', { name: 'Suggest another' })).toBeVisible();
  await keepScreenshot(page, 'card-recipient');
  await keepScreenshot(buyerPage, 'card-suggester');
  await theirs.getByRole('button', { name: 'Accept' }).click();
  await expect(theirs.getByRole('status')).toHaveText('Accepted');
  const pinned = page.getByRole('complementary', { name: 'Upcoming meet-up' });
  await expect(pinned).toContainText('Bizzell Memorial Library, south entrance');
  await keepScreenshot(page, 'pinned-recipient');

  // Live on the buyer's side, without a reload.
  await expect(mine.getByRole('status')).toHaveText('Accepted');
  await expect(buyerPage.getByRole('complementary', { name: 'Upcoming meet-up' })).toContainText('3:30 PM');
  await keepScreenshot(buyerPage, 'pinned-suggester');

  // A scam sign: the seller asks for the money first on Zelle. Sent as any message; only the
  // buyer reads the warning under it.
  const text = `send me the money on Zelle first ${uniqueTag()}`;
  const composer = page.getByRole('textbox', { name: 'Write a message' });
  await composer.fill(text);
  await composer.press('Enter');
  await expect(page.getByRole('list', { name: 'Messages' }).getByText(text)).toBeVisible();
  const received = buyerPage.getByRole('listitem').filter({ hasText: text });
  await expect(received.getByText(WARNING)).toBeVisible();
  await expect(received.getByRole('link', { name: 'Safety tips' })).toHaveAttribute(
    'href',
    '/settings/trust_and_safety',
  );
  await keepScreenshot(buyerPage, 'scam-warning');
  await expect(page.getByRole('listitem').filter({ hasText: text }).getByText(WARNING)).toHaveCount(0);
  await expect(page.getByText(WARNING)).toHaveCount(0);
  await expectAccessible(buyerPage);

  // Trust & Safety lists the campus's spots.
  await buyerPage.goto('/settings/trust_and_safety');
  await expect(buyerPage.getByRole('heading', { name: 'Safe meet-up spots' })).toBeVisible();
  await expect(buyerPage.getByText('OU Police Department lobby')).toBeVisible();
  await buyerPage.getByRole('heading', { name: 'Safe meet-up spots' }).scrollIntoViewIfNeeded();
  await keepScreenshot(buyerPage, 'trust-and-safety');

  expect(other.errors, 'the buyer’s page logged errors').toEqual([]);
  await other.context.close();
});
