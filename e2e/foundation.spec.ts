import { campusUrl, expect, expectAccessible, keepScreenshot, test } from './fixtures.ts';
import { isMobile } from './support/members.ts';

test.describe('campus site frame', () => {
  test('/ goes to /home, where a visitor of a private campus is asked to join', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('This community is private.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Click to Join' })).toBeVisible();
    await expect(page).toHaveTitle(/OU Buy \/ Sell/);
    await expectAccessible(page);
    await keepScreenshot(page, 'private-community');
  });

  test('Click to Join leads to sign-up through the login/join modal', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('main').getByRole('button', { name: 'Click to Join' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Continue with Email' }).click();
    await expect(page).toHaveURL(/\/user_registration$/);
  });

  test('the host picks the campus: ut.localhost shows UT', async ({ page }) => {
    await page.goto(campusUrl('ut', '/home'));
    await expect(page).toHaveTitle(/UT Buy \/ Sell/);
    await expect(page.getByText('This community is private.')).toBeVisible();
    if (!isMobile()) {
      await expect(page.getByRole('complementary').getByText('Austin, TX')).toBeVisible();
    }
    await keepScreenshot(page, 'ut-home');
  });

  test('desktop has the side navigation; mobile has the bottom tab bar', async ({ page }) => {
    await page.goto('/home');
    const side = page.getByRole('navigation', { name: 'Main' });
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    if (isMobile()) {
      await expect(tabs).toBeVisible();
      await expect(side).toBeHidden();
      for (const name of ['Home', 'Search', 'Create Post', 'Messages', 'Notifications']) {
        await expect(tabs.getByRole('link', { name }).or(tabs.getByRole('button', { name }))).toBeVisible();
      }
    } else {
      await expect(side).toBeVisible();
      await expect(tabs).toBeHidden();
      for (const name of ['Home', 'Search', 'Notifications', 'Messages', 'Saved', 'Profile', 'Settings']) {
        await expect(side.getByRole('link', { name, exact: false }).first()).toBeVisible();
      }
      await expect(page.getByRole('banner').getByRole('button', { name: 'Create Post' })).toBeVisible();
    }
  });

  test('the logged-out profile menu offers sign-in @desktop', async ({ page }) => {
    await page.goto('/home');
    await page
      .getByRole('button', { name: /account menu|profile menu|log in/i })
      .first()
      .click();
    await expect(page.getByText('Log In / Sign Up')).toBeVisible();
    await expect(page.getByText('Takes less than a few seconds.')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Continue with Google' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Continue with Email' }).click();
    await expect(page).toHaveURL(/\/user_registration$/);
  });

  test('the hub welcomes visitors and sends them to find their school', async ({ page }) => {
    await page.goto(campusUrl('hub', '/home'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('This community is private.')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Find Your School' }).first()).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'hub-home');
  });
});

test.describe('not found', () => {
  test('an unknown path shows the not-found page and its button goes to the feed', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText("This page doesn't exist.")).toBeVisible();
    await expect(page.getByText('Try searching for something else.')).toBeVisible();
    await expect(page.getByRole('img', { name: /OU Buy \/ Sell/ }).first()).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Go To Feed' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('/404 shows Error 404 with the logo and Go To Feed (docs/decisions/030-feed-ads-and-rough-edges.md)', async ({
    page,
  }) => {
    await page.goto('/404');
    await expect(page.getByText('Error 404')).toBeVisible();
    await expect(page.getByRole('img', { name: /OU Buy \/ Sell/ }).first()).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'error-404');
    await page.getByRole('link', { name: 'Go To Feed' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('an address with %00 shows the not-found page, not an error in JSON; the API keeps JSON 400', async ({
    page,
    expectFailedRequest,
  }) => {
    // The document itself answers 404 (no page has that address).
    expectFailedRequest(404, '/');
    for (const address of ['/home%00', '/search?q=lamp%00', '/%00']) {
      const res = await page.goto(address);
      expect(res?.status(), address).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: "This page doesn't exist." })).toBeVisible();
      await expect(page.getByText('Try searching for something else.')).toBeVisible();
      await expect(page.getByRole('img', { name: /OU Buy \/ Sell/ }).first()).toBeVisible();
    }
    await keepScreenshot(page, 'not-found-nul');
    await page.getByRole('link', { name: 'Go To Feed' }).click();
    await expect(page).toHaveURL(/\/home$/);
    const api = await page.request.get('/api/posts?cursor=%00');
    expect(api.status()).toBe(400);
    expect(await api.json()).toMatchObject({ code: 'INVALID_URL' });
  });

  test('an unknown API path answers JSON 404', async ({ request }) => {
    const res = await request.get('/api/nope');
    expect(res.status()).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

test.describe('static pages', () => {
  test('/settings sends a desktop visitor to About (a phone shows the menu), with the campus name', async ({
    page,
  }) => {
    await page.goto('/settings');
    if (isMobile()) {
      // On narrow screens /settings is the menu itself (docs/decisions/006-web-shell.md).
      await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'About' }).click();
    }
    await expect(page).toHaveURL(/\/settings\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByText(/OU Buy \/ Sell/)
        .first(),
    ).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'settings-about');
  });

  test('Terms of Service carries its date and figures, on another campus too', async ({ page }) => {
    await page.goto(campusUrl('mit', '/settings/terms'));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    for (const fact of ['May 27, 2021', '$10,000', '$100', '90 days', '30 days']) {
      await expect(main.getByText(fact, { exact: false }).first()).toBeVisible();
    }
    await expect(main.getByText(/MIT Buy \/ Sell/).first()).toBeVisible();
    await expectAccessible(page);
  });

  test('the privacy policy has a cookies section reachable by its anchor', async ({ page }) => {
    await page.goto('/settings/privacy#cookies');
    await expect(page.locator('#cookies')).toBeInViewport();
    await expectAccessible(page);
  });

  test('the settings menu shows a visitor only the public entries', async ({ page }) => {
    await page.goto(isMobile() ? '/settings/about' : '/settings/help');
    if (isMobile()) {
      await page.getByRole('link', { name: /back/i }).first().click();
    }
    const menu = page.getByRole('navigation', { name: 'Settings' });
    await expect(menu.getByRole('link', { name: 'Log In / Sign Up' })).toBeVisible();
    for (const name of [
      'Customer Support',
      'Give Us Feedback',
      'About',
      'How It Works',
      'Return Policy',
      'Trust and Safety',
      'Terms of Service',
      'Privacy Policy',
    ]) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Account Settings' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Log Out' })).toHaveCount(0);
  });

  test('the return policy states the 2 + 2 = 4-day rule', async ({ page }) => {
    await page.goto('/settings/returns');
    await expect(
      page
        .getByRole('main')
        .getByText(/4 days/)
        .first(),
    ).toBeVisible();
  });
});
