import { expect, expectAccessible, keepScreenshot, secondPerson, test } from './fixtures.ts';
import { createPost, freshMember, uniqueTag } from './support/members.ts';

/**
 * Reviews after a sale (docs/product/reviews.md, docs/decisions/037-reviews.md), two people in
 * two browser contexts of the project's size. The sale is set up through the API (the deal's
 * screens are selling-deals.spec.ts): the buyer writes to the seller, the seller marks the
 * listing sold to them. Then each rates the other from the screens — the seller from the
 * notification, the buyer from the listing's page — and the profiles show the rating only once
 * both have reviewed.
 */

test.describe.configure({ timeout: 180_000 });

test('sale → both review → the profile shows the rating once both have reviewed', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const headers = { origin };
  const seller = await freshMember(page.context(), origin, { first: 'Rae' });
  const other = await secondPerson(browser, origin);
  const buyer = await freshMember(other.context, origin, { first: 'Quinn' });
  const buyerPage = other.page;
  const title = `Oak bookshelf, five shelves ${uniqueTag()}`;
  const postId = await createPost(page.context(), origin, `${title}\nSturdy, no scratches.`, { priceCents: 4500 });

  // The sale, through the API: the buyer asks about it, the seller marks it sold to them.
  const opened = await buyerPage.request.post('/api/chats', { data: { userId: seller.id }, headers });
  const chatId = ((await opened.json()) as { chat: { id: string } }).chat.id;
  const asked = await buyerPage.request.post(`/api/chats/${chatId}/messages`, {
    multipart: { message: JSON.stringify({ plainText: `Is the bookshelf still there? ${uniqueTag()}` }) },
    headers,
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const sold = await page.request.put(`/api/posts/${postId}/status`, {
    data: { status: 'sold', buyerId: buyer.id },
    headers,
  });
  expect(sold.status(), await sold.text()).toBe(200);

  // The seller: 'Rate your deal with {buyer}' in the notifications opens the form on the listing.
  await page.goto('/notifications');
  const notice = page.getByRole('link', { name: new RegExp(`Rate your deal with ${buyer.firstName}`) });
  await expect(notice).toBeVisible();
  await notice.click();
  const sellerForm = page.getByRole('dialog', { name: `Rate your deal with ${buyer.firstName}` });
  await expect(sellerForm).toBeVisible();
  await expect(sellerForm.getByText(`For ${title}`)).toBeVisible();
  // Sending with nothing chosen says what is missing.
  await sellerForm.getByRole('button', { name: 'Post review' }).click();
  await expect(sellerForm.getByText('Choose from 1 to 5 stars.')).toBeVisible();
  // Stars from the keyboard: the radio group moves with the arrow keys.
  // A star is its radio button's label: a tap on it chooses it.
  const star = (form: typeof sellerForm, n: number) =>
    form.getByRole('radio', { name: `${n} stars` }).locator('xpath=..');
  await star(sellerForm, 3).click();
  await expect(sellerForm.getByRole('radio', { name: '3 stars' })).toBeChecked();
  await sellerForm.getByRole('radio', { name: '3 stars' }).press('ArrowRight');
  await expect(sellerForm.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await sellerForm.getByLabel('How did it go?').fill('Paid in cash and picked it up on time. Easy deal!');
  await expect(sellerForm.getByText('49 / 300')).toBeVisible();
  await keepScreenshot(page, 'review-form');
  await expectAccessible(page);
  await sellerForm.getByRole('button', { name: 'Post review' }).click();
  await expect(sellerForm).toBeHidden();
  await expect(page.getByText(`Waiting for ${buyer.firstName}'s review`)).toBeVisible();
  await keepScreenshot(page, 'waiting');

  // Not published yet: the buyer's profile has no rating and no review.
  await buyerPage.goto(`/${buyer.username}?show=reviews`);
  await expect(buyerPage.getByRole('heading', { name: 'No reviews yet' })).toBeVisible();
  await expect(buyerPage.getByRole('link', { name: /^Rated / })).toHaveCount(0);
  await keepScreenshot(buyerPage, 'reviews-tab-empty');

  // The buyer: 'Rate {seller}' on the listing's page.
  await buyerPage.goto(`/post/${postId}`);
  await buyerPage.getByRole('button', { name: `Rate ${seller.firstName}` }).click();
  const buyerForm = buyerPage.getByRole('dialog', { name: `Rate your deal with ${seller.firstName}` });
  await star(buyerForm, 5).click();
  await buyerForm.getByLabel('How did it go?').fill('Exactly as described, and helped me carry it out.');
  await buyerForm.getByRole('button', { name: 'Post review' }).click();
  await expect(buyerForm).toBeHidden();
  await expect(buyerPage.getByRole('button', { name: `Rate ${seller.firstName}` })).toHaveCount(0);

  // Both reviewed: published. The seller's profile shows '5.0 ★ (1)' and the buyer's review.
  await buyerPage.goto(`/${seller.username}`);
  const rating = buyerPage.getByRole('link', { name: 'Rated 5.0 out of 5 from 1 review' });
  await expect(rating).toBeVisible();
  await keepScreenshot(buyerPage, 'profile-rating');
  await rating.click();
  await expect(buyerPage).toHaveURL(/show=reviews/);
  const list = buyerPage.getByRole('region', { name: `${seller.firstName}’s reviews` });
  await expect(list.getByText('Exactly as described, and helped me carry it out.')).toBeVisible();
  await expect(list.getByRole('link', { name: `For ${title}` })).toBeVisible();

  // The buyer's profile, as the seller sees it: 4.0 ★ (1), and the seller replies on their own tab.
  await page.goto(`/${buyer.username}?show=reviews`);
  await expect(page.getByRole('link', { name: 'Rated 4.0 out of 5 from 1 review' })).toBeVisible();
  await keepScreenshot(page, 'reviews-tab');
  await expectAccessible(page);
  await page.goto(`/${seller.username}?show=reviews`);
  await page.getByRole('button', { name: 'Reply' }).click();
  await page.getByLabel('Your reply').fill(`Thanks, enjoy the shelf! ${uniqueTag()}`);
  await page.getByRole('button', { name: 'Post reply' }).click();
  await expect(page.getByText(`${seller.firstName}'s reply`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reply' })).toHaveCount(0);
  await keepScreenshot(page, 'reviews-tab-reply');

  expect(other.errors, 'the buyer’s page logged errors').toEqual([]);
  await other.context.close();
});
