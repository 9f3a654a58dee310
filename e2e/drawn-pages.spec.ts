import type { Page } from '@playwright/test';
import { campusUrl, expect, test } from './fixtures.ts';
import { createPost, freshMember, uniqueTag } from './support/members.ts';

/**
 * docs/decisions/029-react-19.md, decision 031: every page a person lands on arrives drawn, for visitors and
 * members alike. JavaScript is off in these tests, so what they find was in the HTML the server
 * sent, before any script could run.
 */
test.use({ javaScriptEnabled: false });

/** The page's main content as drawn (the shell's navigation is on every page). */
const main = (page: Page) => page.getByRole('main');

const STATIC_PAGES = [
  ['about', 'About'],
  ['howitworks', 'How It Works'],
  ['returns', 'Return Policy'],
  ['trust_and_safety', 'Trust and Safety'],
  ['terms', 'Terms of Service'],
  ['privacy', 'Privacy Policy'],
  ['cookies', 'Cookie Policy'],
  ['help', 'Customer Support'],
  ['feedback', 'Give Us Feedback'],
] as const;

test.describe('a visitor', () => {
  for (const path of ['/home', '/media', '/post/00000000-0000-4000-8000-000000000000?redirect=true', '/averycarter']) {
    test(`gets ${path} drawn: the campus is private`, async ({ page }) => {
      await page.goto(path);
      await expect(main(page).getByRole('heading', { level: 1, name: 'This community is private.' })).toBeVisible();
      await expect(main(page).getByRole('button', { name: 'Click to Join' })).toBeVisible();
    });
  }

  test('gets /search?q=desk drawn: the campus is private', async ({ page }) => {
    await page.goto('/search?q=desk');
    await expect(main(page).getByRole('heading', { level: 1, name: 'This community is private.' })).toBeVisible();
  });

  test('is sent from a member’s page to the feed by the server (302), which is drawn', async ({ page }) => {
    const response = await page.request.get('/saved', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/');
    await page.goto('/saved');
    await expect(page).toHaveURL(/\/home$/);
    await expect(main(page).getByRole('heading', { level: 1, name: 'This community is private.' })).toBeVisible();
  });

  test('gets the hub’s home and Find Your School drawn', async ({ page }) => {
    await page.goto(campusUrl('hub', '/home'));
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Campus Buy / Sell' })).toBeVisible();
    await page.goto('/search_schools');
    await expect(page.getByRole('heading', { name: 'Find Your School' }).first()).toBeVisible();
    await expect(page.getByText('University of Oklahoma').first()).toBeVisible();
  });

  for (const [slug, title] of STATIC_PAGES) {
    test(`gets /settings/${slug} drawn`, async ({ page }) => {
      await page.goto(`/settings/${slug}`);
      await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
    });
  }
});

test.describe('a member', () => {
  test('gets every page of theirs drawn', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const base = baseURL ?? '';
    const headers = { origin: base };
    const member = await freshMember(page, base, { first: 'Drawn' });
    const text = `Standing desk ${uniqueTag()} - solid oak`;
    const postId = await createPost(page, base, text, { priceCents: 12_000 });

    // A chat with the demo member Avery, and an ad of the post (paid on the local test checkout).
    const avery = (await (await page.request.get('/api/profiles/averycarter')).json()) as { id: string };
    const chat = await page.request.post('/api/chats', { data: { userId: avery.id }, headers });
    const chatId = ((await chat.json()) as { chat: { id: string } }).chat.id;
    const boost = await page.request.post(`/api/posts/${postId}/boost`, {
      data: { goal: 'website', url: 'https://www.example.com', label: 'Shop Now', days: 1 },
      headers,
    });
    expect(boost.status(), await boost.text()).toBe(201);
    const { sessionId } = (await boost.json()) as { sessionId: string };
    const paid = await page.request.post(`/api/test-checkout/${sessionId}`, {
      data: { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
      headers,
    });
    expect(paid.status(), await paid.text()).toBe(200);
    const adId = ((await (await page.request.get(`/api/posts/${postId}/boost`)).json()) as { ad: { id: string } }).ad
      .id;

    try {
      await page.goto('/home');
      await expect(main(page).getByRole('article').first()).toBeVisible();
      // The document names the page's own code (its chunk and the one the landing pages share)
      // beside the entry, for its loader to ask for all at once after the first photo is painted
      // (apps/web/build/landing-chunks.ts; codeAfterFirstPaint in apps/web/src/app/document.ts).
      const html = await page.content();
      expect(html).toMatch(/"\/assets\/page-home-[\w-]+\.js"/);
      expect(html).toMatch(/"\/assets\/landing-[\w-]+\.js"/);

      await page.goto('/media');
      await expect(main(page).getByRole('region', { name: 'Photos and videos' })).toBeVisible();

      for (const address of [`/post/${postId}`, `/post/${postId}?redirect=true`]) {
        await page.goto(address);
        await expect(main(page).getByText(text)).toBeVisible();
        await expect(main(page).getByText('$120').first()).toBeVisible();
      }

      for (const show of ['', '?show=photos', '?show=replies', '?show=likes']) {
        await page.goto(`/${member.username}${show}`);
        await expect(main(page).getByText(member.name).first()).toBeVisible();
      }
      await page.goto(`/${member.username}`);
      await expect(main(page).getByText(text)).toBeVisible();

      await page.goto('/search?q=desk');
      await expect(main(page).getByRole('heading', { name: 'Search results for desk' })).toBeAttached();
      await expect(main(page).getByRole('article').first()).toBeVisible();
      for (const show of ['media', 'people']) {
        await page.goto(`/search?q=desk&show=${show}`);
        await expect(main(page).getByRole('link', { name: new RegExp(show, 'i') })).toHaveAttribute(
          'aria-current',
          'page',
        );
      }

      await page.goto('/saved');
      await expect(page.getByRole('heading', { name: 'Saved' }).first()).toBeVisible();

      await page.goto('/notifications');
      await expect(page.getByRole('link', { name: 'Mentions' })).toBeVisible();

      await page.goto(`/messages/${chatId}`);
      await expect(page.getByRole('region', { name: 'Conversation with Avery Carter' })).toBeVisible();

      await page.goto(`/ads/${adId}`);
      await expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible();
    } finally {
      await page.request.post(`/api/ads/${adId}/stop`, { headers });
    }
  });

  test('is sent on by the server (302) from the sign-in pages', async ({ page, baseURL }) => {
    await freshMember(page, baseURL ?? '');
    for (const path of ['/login', '/register', '/user_registration', '/']) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect([path, response.status()]).toEqual([path, 302]);
    }
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
    await expect(main(page).getByRole('article').first()).toBeVisible();
  });
});
