import type { Page } from '@playwright/test';
import { expect, expectAccessible, keepScreenshot, secondPerson, test } from './fixtures.ts';
import { createPost, freshMember, uniqueTag } from './support/members.ts';

/**
 * Closing a deal (docs/product/selling.md#offers, #available-pending-sold;
 * docs/decisions/035-deals-and-offers.md), two people in two browser contexts of the project's
 * size: the buyer makes an offer from the listing's page, the seller counters in the chat, the
 * buyer accepts (the listing turns Pending for them), and the seller marks it sold to them with
 * the buyer picker. Offer cards and the listing's status change live on the other side.
 */

// Two people, live, on a machine that may be busy: generous, never a fixed wait.
test.describe.configure({ timeout: 180_000 });

const offerCard = (page: Page, name: string) => page.getByRole('region', { name });

test('offer → counter → accept → pending → sold, live for both, then gone from the buyer’s feed', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const seller = await freshMember(page.context(), origin, { first: 'Sela' });
  const other = await secondPerson(browser, origin);
  const buyer = await freshMember(other.context, origin, { first: 'Bryn' });
  const buyerPage = other.page;
  const title = `Vintage brass desk lamp ${uniqueTag()}`;
  const postId = await createPost(page.context(), origin, `${title}\nWorks great, warm light.`, { priceCents: 6000 });

  // The buyer makes an offer from the listing's page (keyboard: type, Enter).
  await buyerPage.goto(`/post/${postId}`);
  await buyerPage.getByRole('button', { name: 'Make offer' }).click();
  const dialog = buyerPage.getByRole('dialog', { name: 'Make an offer' });
  const amount = dialog.getByLabel('Your offer');
  await expect(amount).toBeFocused();
  await expect(dialog.getByText('Asking $60')).toBeVisible();
  await amount.fill('0');
  await amount.press('Enter');
  await expect(dialog.getByText('An offer has to be more than $0.')).toBeVisible();
  await amount.fill('40');
  await keepScreenshot(buyerPage, 'offer-dialog');
  await amount.press('Enter');
  await expect(buyerPage).toHaveURL(/\/messages\/[^/]+$/);
  const chatPath = new URL(buyerPage.url()).pathname;
  const mine = offerCard(buyerPage, 'Your offer: $40');
  await expect(mine.getByRole('status')).toContainText('Expires');
  // No answers on one's own offer; only Withdraw offer (docs/product/selling.md#withdrawing-an-offer).
  await expect(mine.getByRole('button')).toHaveText(['Withdraw offer']);

  // The seller answers in the same chat with a counter.
  await page.goto(chatPath);
  const theirs = offerCard(page, 'Their offer: $40');
  await expect(theirs.getByRole('button', { name: 'Accept' })).toBeVisible();
  await expect(theirs.getByRole('button', { name: 'Decline' })).toBeVisible();
  await keepScreenshot(page, 'offer-card-seller');
  await expectAccessible(page);
  await theirs.getByRole('button', { name: 'Counter' }).click();
  const counter = page.getByRole('dialog', { name: 'Counter offer' });
  await counter.getByLabel('Your counter offer').fill('50');
  await counter.getByRole('button', { name: 'Send counter' }).click();
  await expect(counter).toBeHidden();
  await expect(offerCard(page, 'Your offer: $50')).toBeVisible();
  await expect(theirs.getByRole('status')).toHaveText('Countered');

  // Live on the buyer's side, without a reload: the counter arrives and they accept it.
  const countered = offerCard(buyerPage, 'Their offer: $50');
  await expect(countered.getByRole('button', { name: 'Accept' })).toBeVisible();
  await expect(mine.getByRole('status')).toHaveText('Countered');
  await keepScreenshot(buyerPage, 'offer-card-buyer');
  await countered.getByRole('button', { name: 'Accept' }).click();
  await expect(countered.getByRole('status')).toHaveText('Accepted');
  await expect(offerCard(page, 'Your offer: $50').getByRole('status')).toHaveText('Accepted');

  // Pending for the buyer, on the listing's page for both of them.
  await buyerPage.goto(`/post/${postId}`);
  await expect(buyerPage.getByRole('article').getByText('Status: Pending')).toBeVisible();
  await page.goto(`/post/${postId}`);
  await expect(page.getByRole('article').getByText('Status: Pending')).toBeVisible();

  // The seller marks it sold to the buyer, picked among who messaged (the offer first).
  await page.getByRole('button', { name: 'Mark as…' }).click();
  await page.getByRole('menuitem', { name: 'Mark as sold' }).click();
  const picker = page.getByRole('dialog', { name: 'Who bought it?' });
  const bryn = picker.getByRole('radio', { name: new RegExp(buyer.name) });
  await expect(bryn).toBeChecked();
  await expect(picker.getByText('Offered $50')).toBeVisible();
  await expect(picker.getByRole('radio', { name: 'Someone else' })).toBeVisible();
  await keepScreenshot(page, 'buyer-picker');
  await expectAccessible(page);
  await picker.getByRole('button', { name: 'Mark as sold' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole('note')).toHaveText('Sold');
  await expect(page.getByRole('button', { name: 'Make offer' })).toHaveCount(0);

  // The buyer's open listing page turns Sold without a reload (SSE), and offers stop.
  await expect(buyerPage.getByRole('note')).toHaveText('Sold');
  await expect(buyerPage.getByRole('button', { name: 'Make offer' })).toHaveCount(0);

  // On the seller's profile it stays, with the Sold ribbon.
  await page.goto(`/${seller.username}`);
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('Status: Sold')).toBeVisible();
  await keepScreenshot(page, 'sold-ribbon-profile');

  // The buyer's feed leaves sold listings out (docs/product/selling.md#filters-and-sorting);
  // 'Show sold' brings it back.
  await buyerPage.goto('/home');
  await expect(buyerPage.getByRole('main').getByRole('article').first()).toBeVisible();
  await expect(buyerPage.getByRole('article').filter({ hasText: title })).toHaveCount(0);
  const feed = (await (await buyerPage.request.get('/api/posts')).json()) as { posts: { id: string }[] };
  expect(feed.posts.map((p) => p.id)).not.toContain(postId);
  const withSold = (await (await buyerPage.request.get('/api/posts?sold=1')).json()) as {
    posts: { id: string; status: string }[];
  };
  expect(withSold.posts.find((p) => p.id === postId)?.status).toBe('sold');

  expect(other.errors, 'the buyer’s page logged errors').toEqual([]);
  await other.context.close();
});

test('the buyer withdraws an open offer: Withdrawn for both, live; the listing shared in the chat shows Pending', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  await freshMember(page.context(), origin, { first: 'Wes' });
  const other = await secondPerson(browser, origin);
  await freshMember(other.context, origin, { first: 'Wyn' });
  const buyerPage = other.page;
  const title = `Mini fridge, 3.2 cu ft ${uniqueTag()}`;
  const postId = await createPost(page.context(), origin, `${title}\nCold and quiet.`, { priceCents: 8000 });

  await buyerPage.goto(`/post/${postId}`);
  await buyerPage.getByRole('button', { name: 'Make offer' }).click();
  const amount = buyerPage.getByRole('dialog', { name: 'Make an offer' }).getByLabel('Your offer');
  await amount.fill('60');
  await amount.press('Enter');
  await expect(buyerPage).toHaveURL(/\/messages\/[^/]+$/);
  const chatPath = new URL(buyerPage.url()).pathname;
  const mine = offerCard(buyerPage, 'Your offer: $60');

  // The seller has the chat open, with the offer waiting for an answer.
  await page.goto(chatPath);
  const theirs = offerCard(page, 'Their offer: $60');
  await expect(theirs.getByRole('button', { name: 'Accept' })).toBeVisible();
  await expect(theirs.getByRole('button', { name: 'Withdraw offer' })).toHaveCount(0);

  // The buyer takes it back: Withdrawn on their card, and on the seller's without a reload.
  await mine.getByRole('button', { name: 'Withdraw offer' }).click();
  await expect(mine.getByRole('status')).toHaveText('Withdrawn');
  await expect(mine.getByRole('button')).toHaveCount(0);
  await expect(theirs.getByRole('status')).toHaveText('Withdrawn');
  await expect(theirs.getByRole('button')).toHaveCount(0);
  await keepScreenshot(page, 'offer-withdrawn-seller');
  await keepScreenshot(buyerPage, 'offer-withdrawn-buyer');
  await expectAccessible(buyerPage);

  // The buyer shares the listing in the chat; once the seller marks it pending, its card says so.
  const chatId = chatPath.split('/').pop() ?? '';
  const shared = await buyerPage.request.post(`/api/chats/${chatId}/messages`, {
    multipart: { message: JSON.stringify({ plainText: '', postId }) },
    headers: { origin },
  });
  expect(shared.status(), await shared.text()).toBe(201);
  const marked = await page.request.put(`/api/posts/${postId}/status`, {
    data: { status: 'pending', buyerId: null },
    headers: { origin },
  });
  expect(marked.ok(), await marked.text()).toBe(true);
  await buyerPage.reload();
  const pendingTag = buyerPage.getByRole('link').filter({ hasText: title }).getByText('Pending');
  await expect(pendingTag).toBeVisible();
  await pendingTag.scrollIntoViewIfNeeded();
  await keepScreenshot(buyerPage, 'shared-post-pending');

  await other.context.close();
});
