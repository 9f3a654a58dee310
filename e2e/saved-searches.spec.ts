import { expect, expectAccessible, keepScreenshot, secondPerson, test } from './fixtures.ts';
import { createPost, freshMember, uniqueTag } from './support/members.ts';
import { watchStream } from './support/stream.ts';

/**
 * Saved searches and notification emails (docs/product/notifications.md, decision 040), two
 * people in two browser contexts of the project's size. One saves a search from the search
 * page; the other posts a match; the first is told in the app and, in the daily digest, by
 * email. The first journey waits for the matching job the post itself queues (the events
 * outbox and the job runner, within the minute); the daily digest runs through its dev route for
 * the member's own matches, since the e2e server and its clock are shared by every spec.
 */

test.describe.configure({ timeout: 120_000 });

interface DevMail {
  subject: string;
  text: string;
  headers: Record<string, string>;
}

async function mailsTo(request: import('@playwright/test').APIRequestContext, email: string): Promise<DevMail[]> {
  const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  return (await res.json()) as DevMail[];
}

test('saved search → the other person posts a match → a notification, then the daily digest', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const saver = await freshMember(page.context(), origin, { first: 'Sasha' });
  const other = await secondPerson(browser, origin);
  await freshMember(other.context, origin, { first: 'Pax' });
  // A word nobody else uses, so the search is this test's alone.
  const word = `${uniqueTag()}frig`;

  await page.goto(`/search?q=${encodeURIComponent(`${word} toaster oven`)}&maxPrice=60`);
  const save = page.getByRole('button', { name: 'Save this search' });
  await save.click();
  await expect(page.getByRole('button', { name: 'Search saved' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Search saved. We’ll tell you when something new matches.')).toBeVisible();
  await keepScreenshot(page, 'saved-search-button');

  // The saver reads their notifications while the other person posts one match and one over the price.
  const stream = await watchStream(page);
  await page.goto('/notifications');
  await expect.poll(stream.readies).toBe(1);
  const title = `Toaster oven ${word}, barely used`;
  const postId = await createPost(other.context, origin, `${title}\nPick up at Couch Tower.`, { priceCents: 4500 });
  const posted = Date.now();
  await createPost(other.context, origin, `Toaster oven ${word}, brand new`, { priceCents: 9000 });
  // No run on demand here: the post queues the matching job (the events outbox and the job
  // runner), and the notification reaches the open page over its stream within the minute.
  const notice = page.getByRole('link', { name: new RegExp(`New: ${title} — \\$45`) });
  await expect(notice).toBeVisible({ timeout: 60_000 });
  console.log(`saved-search notification (${test.info().project.name}): ${Date.now() - posted} ms after the post`);
  await expect(page.getByRole('link', { name: /brand new/ })).toHaveCount(0);
  await keepScreenshot(page, 'saved-search-notification');
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));

  // The daily digest, run now for this member.
  const digest = await page.request.post('/api/dev/saved-search-digest', { data: {}, headers: { origin } });
  expect(await digest.json()).toMatchObject({ mails: 1 });
  const [mail] = await mailsTo(page.request, saver.email);
  expect(mail?.subject).toBe('1 new match for your saved searches on OU Buy / Sell');
  expect(mail?.text).toContain(`${title} — $45`);
  expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  expect(mail?.headers['List-Unsubscribe']).toMatch(/^<http:\/\/ou\.localhost:\d+\/api\/unsubscribe\?token=/);
  // The dev mailbox is a server page, not the app's: nothing to wait for beyond its arrival.
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(saver.email)}`, { waitUntil: 'commit' });
  await expect(page.getByText('1 new match for your saved searches on OU Buy / Sell').first()).toBeVisible();
  await keepScreenshot(page, 'saved-search-digest');

  // Listed and deleted in Settings > Saved searches.
  await page.goto('/settings/saved-searches');
  const row = page.getByRole('link', { name: new RegExp(`${word} toaster oven`) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Up to $60')).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'saved-searches-settings');
  await page.getByRole('button', { name: `Delete saved search ${word} toaster oven` }).click();
  await expect(page.getByText('No saved searches yet')).toBeVisible();

  // Saved and deleted again from the search page itself: the button, then the list above popular searches.
  await page.goto(`/search?q=${encodeURIComponent(`${word} toaster oven`)}&maxPrice=60`);
  await page.getByRole('button', { name: 'Save this search' }).click();
  await expect(page.getByRole('button', { name: 'Search saved' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Search saved' }).click();
  await expect(page.getByText('Saved search removed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save this search' })).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: 'Save this search' }).click();
  await expect(page.getByRole('button', { name: 'Search saved' })).toBeVisible();
  await page.goto('/search');
  const yours = page.getByRole('region', { name: 'Your saved searches' });
  await expect(yours.getByRole('link', { name: new RegExp(`${word} toaster oven`) })).toBeVisible();
  await keepScreenshot(page, 'saved-searches-on-search');
  await yours.getByRole('button', { name: `Delete saved search ${word} toaster oven` }).click();
  await expect(page.getByRole('region', { name: 'Your saved searches' })).toHaveCount(0);
  expect(
    ((await (await page.request.get('/api/saved-searches')).json()) as { savedSearches: unknown[] }).savedSearches,
  ).toEqual([]);

  expect(other.errors).toEqual([]);
  await other.context.close();
});

test('unsubscribe from an email link turns off that email type only', async ({ page, browser, baseURL }) => {
  const origin = baseURL ?? '';
  const headers = { origin };
  const saver = await freshMember(page.context(), origin, { first: 'Uma' });
  const other = await secondPerson(browser, origin);
  await freshMember(other.context, origin, { first: 'Vic' });
  const word = `${uniqueTag()}lamp`;
  const saved = await page.request.post('/api/saved-searches', { data: { q: `${word} desk lamp` }, headers });
  expect(saved.status(), await saved.text()).toBe(201);
  await createPost(other.context, origin, `Desk lamp ${word}, warm light`, { priceCents: 1200 });
  expect((await page.request.post('/api/dev/saved-search-alerts', { data: {}, headers })).ok()).toBe(true);
  expect((await (await page.request.post('/api/dev/saved-search-digest', { data: {}, headers })).json()).mails).toBe(1);
  const [mail] = await mailsTo(page.request, saver.email);
  const link = mail?.text.match(/Unsubscribe from emails about saved searches: (\S+)/)?.[1] ?? '';
  expect(link).toMatch(/\/unsubscribe\?token=/);

  // The link, opened where nobody is signed in (another browser, the mail app's).
  const stranger = await secondPerson(browser, origin);
  const url = new URL(link);
  await stranger.page.goto(`${url.pathname}${url.search}`);
  await expect(stranger.page.getByRole('heading', { name: 'Stop emails about saved searches?' })).toBeVisible();
  await keepScreenshot(stranger.page, 'unsubscribe-ask');
  await stranger.page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(
    stranger.page.getByRole('heading', { name: "You won't get emails about saved searches any more." }),
  ).toBeVisible();
  await expect(stranger.page.getByText('Your other emails stay as they are.')).toBeVisible();
  await keepScreenshot(stranger.page, 'unsubscribe-done');

  // Only that type is off.
  await page.goto('/settings/notifications');
  const email = (kind: string) => page.getByRole('switch', { name: `Email: ${kind}` });
  await expect(email('Saved searches')).not.toBeChecked();
  for (const kind of ['Messages', 'Comments and replies', 'Saves', 'Offers', 'Moderation and reminders']) {
    await expect(email(kind)).toBeChecked();
  }
  await expect(page.getByRole('switch', { name: 'Email notifications' })).toBeChecked();
  await expectAccessible(page);
  await keepScreenshot(page, 'notification-settings');

  // Turning it back on from the page.
  await email('Saved searches').click();
  await expect(email('Saved searches')).toBeChecked();
  await page.reload();
  await expect(email('Saved searches')).toBeChecked();

  // The mail app's own button (RFC 8058): a POST of the List-Unsubscribe address with the
  // List-Unsubscribe-Post body, no cookie, from the mail provider's side.
  const oneClick = new URL(/^<(.+)>$/.exec(mail?.headers['List-Unsubscribe'] ?? '')?.[1] ?? 'http://invalid/');
  const posted = await stranger.context.request.post(`${oneClick.pathname}${oneClick.search}`, {
    form: { 'List-Unsubscribe': 'One-Click' },
    headers: { origin: 'https://mail.example.com' },
  });
  expect(posted.status(), await posted.text()).toBe(200);
  await page.reload();
  await expect(email('Saved searches')).not.toBeChecked();
  for (const kind of ['Messages', 'Comments and replies', 'Saves', 'Offers', 'Moderation and reminders']) {
    await expect(email(kind)).toBeChecked();
  }
  await expect(page.getByRole('switch', { name: 'Email notifications' })).toBeChecked();

  expect(stranger.errors).toEqual([]);
  expect(other.errors).toEqual([]);
  await stranger.context.close();
  await other.context.close();
});
