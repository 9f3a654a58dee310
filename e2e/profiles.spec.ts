import type { Page } from '@playwright/test';
import { expect, expectAccessible, keepScreenshot, test } from './fixtures.ts';
import {
  codeFor,
  createPost,
  freshMember,
  isMobile,
  PASSWORD,
  PNG,
  randomVisitorIp,
  signIn,
  uniqueTag,
} from './support/members.ts';

/**
 * Profiles and account settings (docs/decisions/016-profiles-and-account-settings.md; docs/product/profiles.md#profile-route, docs/product/profiles.md#profile-edit, docs/product/profiles.md#account-rows, docs/product/profiles.md#profile-rules): the demo member Avery (OU) for reading, and fresh members of
 * OU, unique per test and project, for every change.
 */

const AVERY = 'avery@ou.edu';

/** The username of a demo author, found on the feed. */
async function usernameOf(page: Page, firstName: string, lastName: string): Promise<string> {
  let cursor: string | null = null;
  do {
    const res = await page.request.get(`/api/posts${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
    const body = (await res.json()) as {
      posts: { author: { firstName: string; lastName: string; username: string } }[];
      nextCursor: string | null;
    };
    const found = body.posts.find((p) => p.author.firstName === firstName && p.author.lastName === lastName);
    if (found) return found.author.username;
    cursor = body.nextCursor;
  } while (cursor);
  throw new Error(`no post by ${firstName} ${lastName}`);
}

const alertWith = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Profile in the navigation: the side nav on wide screens, the account menu on phones. */
async function openOwnProfile(page: Page, name: string): Promise<void> {
  if (isMobile()) {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: new RegExp(name) }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  }
}

test.describe('profile page', () => {
  test('a member opens their profile from the navigation and sees their posts in the tabs', async ({
    page,
    baseURL,
  }) => {
    // Four tabs, each checked card by card, with an accessibility scan.
    test.slow();
    await signIn(page, baseURL ?? '', AVERY);
    await page.goto('/home');
    await openOwnProfile(page, 'Avery Carter');
    await expect(page.getByRole('heading', { level: 1, name: /Avery Carter/ })).toBeVisible();
    const username = new URL(page.url()).pathname.slice(1);
    const header = page.getByRole('region', { name: 'Avery Carter’s profile' });
    await expect(header.getByText(`@${username}`, { exact: true })).toBeVisible();
    await expect(header.getByText(/^Joined /)).toBeVisible();
    await expect(header.getByRole('img', { name: 'Verified student' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/profile/edit');

    const tabs = page.getByRole('navigation', { name: 'Profile views' });
    await expect(tabs.getByRole('link', { name: 'Posts' })).toHaveAttribute('aria-current', 'page');
    const posts = page.getByRole('region', { name: /Avery’s posts/ });
    await expect(posts.getByRole('article').first()).toBeVisible();
    // Every card of the Posts tab is Avery's own.
    for (const card of await posts.getByRole('article').all()) {
      await expect(card).toHaveAttribute('aria-label', 'Post by Avery Carter');
    }
    await expectAccessible(page);
    await keepScreenshot(page, 'profile-own');

    for (const [label, show] of [
      ['Photos', 'photos'],
      ['Replies', 'replies'],
      ['Likes', 'likes'],
    ] as const) {
      await tabs.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`/${username}\\?show=${show}$`));
      await expect(tabs.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
      // Either the tab's posts or its empty state, never the loading state.
      await expect(
        page
          .getByRole('region', { name: `Avery’s ${show}` })
          .or(page.getByRole('heading', { level: 2, name: `No ${show} yet` })),
      ).toBeVisible();
      await keepScreenshot(page, `profile-tab-${show}`);
    }
    await keepScreenshot(page, 'profile-likes');
  });

  test('a member visits another member’s profile and reports them', async ({ page, baseURL }) => {
    await signIn(page, baseURL ?? '', AVERY);
    const jordan = await usernameOf(page, 'Jordan', 'Brooks');
    await page.goto(`/${jordan}`);
    await expect(page.getByRole('heading', { level: 1, name: /Jordan Brooks/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
    // The 'profile' header above the page: the name with the post count, and the menu.
    const topBar = page.locator('header').filter({ has: page.getByRole('button', { name: 'Profile options' }) });
    await expect(topBar.getByText('Jordan Brooks', { exact: true })).toBeVisible();
    await expect(topBar.getByText(/^\d+ posts?$/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Profile options' }).click();
    await expect(page.getByRole('menuitem', { name: 'Copy link to profile' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Report Jordan' }).click();
    // The one report sheet (docs/product/moderation.md#reporting): a reason, then the spec's thanks.
    const dialog = page.getByRole('dialog', { name: 'Report Jordan' });
    await expect(dialog).toBeVisible();
    await keepScreenshot(page, 'profile-report');
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('User Reported. Thanks for letting us know.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await keepScreenshot(page, 'profile-other');
  });

  test('a member blocks another from the profile menu: no Send Message either way, messages refused, then unblocks', async ({
    page,
    baseURL,
    browser,
  }) => {
    const otherContext = await browser.newContext();
    const otherPage = await otherContext.newPage();
    const other = await freshMember(otherPage, baseURL ?? '');
    await createPost(otherPage, baseURL ?? '', `Desk lamp from ${other.firstName}`);
    const me = await freshMember(page, baseURL ?? '');
    const otherName = `${other.firstName} Reyes`;

    await page.goto(`/${other.username}`);
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
    await expect(page.getByText(`Desk lamp from ${other.firstName}`)).toBeVisible();
    await page.getByRole('button', { name: 'Profile options' }).click();
    await page.getByRole('menuitem', { name: `Block ${otherName}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Block ${otherName}` });
    await expect(dialog).toContainText("They won't be able to message you or see your posts.");
    await keepScreenshot(page, 'profile-block');
    await dialog.getByRole('button', { name: 'Block' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Send Message' })).toHaveCount(0);
    await expect(page.getByText(`Desk lamp from ${other.firstName}`)).toHaveCount(0);

    // The other side: my profile is not there for them (as a missing user's), and the server
    // refuses a chat.
    await otherPage.goto(`/${me.username}`);
    await expect(otherPage.getByRole('heading', { name: 'This page doesn’t exist.' })).toBeVisible();
    await expect(otherPage.getByRole('button', { name: 'Send Message' })).toHaveCount(0);
    const myId = ((await (await page.request.get('/api/me')).json()).viewer as { id: string }).id;
    const refused = await otherPage.request.post('/api/chats', {
      data: { userId: myId },
      headers: { origin: baseURL ?? '' },
    });
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    expect(refused.status()).toBeLessThan(500);

    await page.getByRole('button', { name: 'Profile options' }).click();
    await page.getByRole('menuitem', { name: `Unblock ${otherName}` }).click();
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
    await expect(page.getByText(`Desk lamp from ${other.firstName}`)).toBeVisible();
    await otherContext.close();
  });

  test('a missing username shows the missing-user page', async ({ page, baseURL, expectFailedRequest }) => {
    expectFailedRequest(404, '/api/profiles/');
    await signIn(page, baseURL ?? '', AVERY);
    await page.goto('/nobody_here_at_all');
    await expect(page.getByRole('heading', { name: 'This page doesn’t exist.' })).toBeVisible();
    await expect(page.getByText('Try searching for something else.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Search', exact: true })).toHaveAttribute(
      'href',
      '/search',
    );
    await expectAccessible(page);
    await keepScreenshot(page, 'profile-missing');
  });
});

test.describe('profile: messages, claims', () => {
  test('Send Message and ?redirect=true ask Start Conversation? and open the chat, the same one next time', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two fresh members through the real sign-up, school and photo endpoints.
    test.slow();
    const origin = baseURL ?? '';
    const otherContext = await browser.newContext({ baseURL: origin });
    const them = await freshMember(await otherContext.newPage(), origin);
    await otherContext.close();
    await freshMember(page, origin);

    await page.goto(`/${them.username}?redirect=true`);
    const dialog = page.getByRole('alertdialog', { name: 'Start Conversation?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`Start a private conversation with ${them.firstName} Reyes`)).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'profile-start-conversation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/${them.username}$`));

    await page.getByRole('button', { name: 'Send Message' }).click();
    await dialog.getByRole('button', { name: 'Start Conversation' }).click();
    await expect(page).toHaveURL(/\/messages\/[^/]+$/);
    await expect(alertWith(page, 'New Conversation Started')).toBeVisible();
    const chatUrl = page.url();

    // The chat exists now: the profile opens it again instead of starting another.
    await page.goto(`/${them.username}?redirect=true`);
    await dialog.getByRole('button', { name: 'Start Conversation' }).click();
    await expect(page).toHaveURL(chatUrl);
  });

  test('Claim this account: only on an unverified profile; the sign-in link goes to its own address', async ({
    page,
    baseURL,
  }) => {
    await freshMember(page, baseURL ?? '');
    // The demo seller held by the campus (README): school email, never verified.
    const sam = await page.request.get('/api/profiles/samrivera');
    expect(sam.ok(), await sam.text()).toBe(true);
    expect(await sam.json()).toMatchObject({ firstName: 'Sam', verified: false });
    const mailsBefore = (
      (await (await page.request.get('/api/dev/mailbox?to=sam.rivera%40ou.edu')).json()) as unknown[]
    ).length;

    // A verified member's profile offers no claim.
    await page.goto(`/${await usernameOf(page, 'Jordan', 'Brooks')}`);
    await page.getByRole('button', { name: 'Profile options' }).click();
    await expect(page.getByRole('menuitem', { name: 'Copy link to profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Claim this account' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/samrivera');
    await expect(page.getByRole('heading', { level: 1, name: /Sam Rivera/ })).toBeVisible();
    await page.getByRole('button', { name: 'Profile options' }).click();
    await keepScreenshot(page, 'profile-claim-menu');
    await page.getByRole('menuitem', { name: 'Claim this account' }).click();
    await expect(page).toHaveURL(/\/login\/sent$/);
    await expect(page.getByRole('heading', { name: 'Your magic link is on its way!' })).toBeVisible();
    // The address is never shown; the link went to it.
    await expect(page.getByText('sam.rivera@ou.edu')).toHaveCount(0);
    await expect
      .poll(async () => {
        const mails = (await (await page.request.get('/api/dev/mailbox?to=sam.rivera%40ou.edu')).json()) as {
          subject: string;
        }[];
        return mails.length > mailsBefore && /^Sign in to /.test(mails[0]?.subject ?? '');
      })
      .toBe(true);
  });
});

test.describe('profile edit', () => {
  test('a member changes photo, name and bio and sees them on their existing post at once', async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const member = await freshMember(page, baseURL ?? '');
    const text = `Mini fridge, works great ${test.info().project.name} ${Date.now().toString(36)}`;
    await createPost(page, baseURL ?? '', text);
    const newFirst = `Sam${member.firstName.slice(5)}`;

    await page.goto('/profile/edit');
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'profile-edit');

    // Photo: a file that is not a picture is refused in the browser, a PNG is uploaded.
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(alertWith(page, 'Only photos are allowed!')).toBeVisible();
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(alertWith(page, 'Profile Updated')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Your profile photo' })).toBeVisible();

    // Display name: an empty first name is refused with the contract's words, then saved.
    await page.getByRole('button', { name: 'Edit Display Name' }).click();
    const nameDialog = page.getByRole('dialog', { name: 'Edit Display Name' });
    const save = nameDialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await expect(nameDialog.getByLabel('First name')).toHaveAttribute('maxlength', '20');
    await nameDialog.getByLabel('First name').fill('');
    await save.click();
    await expect(nameDialog.getByText('Name is required.')).toBeVisible();
    // The sign-up name rule everywhere (docs/decisions/030-feed-ads-and-rough-edges.md): digits and markup are refused.
    for (const bad of ['N0ra', '<b>New</b>']) {
      await nameDialog.getByLabel('First name').fill(bad);
      await save.click();
      await expect(nameDialog.getByText('Your Name is Invalid.')).toBeVisible();
    }
    await nameDialog.getByLabel('First name').fill(newFirst);
    await keepScreenshot(page, 'profile-edit-name');
    await save.click();
    await expect(alertWith(page, 'Profile Updated')).toBeVisible();
    await expect(nameDialog).toBeHidden();
    await expect(page.getByText(`${newFirst} Reyes`)).toBeVisible();

    // Bio with its live counter.
    await page.getByRole('button', { name: 'Edit Bio' }).click();
    const bioDialog = page.getByRole('dialog', { name: 'Edit Bio' });
    await bioDialog.getByLabel('Bio').fill('Selling my dorm fridge.');
    await expect(bioDialog.getByText('23 / 160')).toBeVisible();
    await bioDialog.getByRole('button', { name: 'Save' }).click();
    await expect(bioDialog).toBeHidden();
    await expect(page.getByText('Selling my dorm fridge.')).toBeVisible();

    // The existing post shows the new name and photo in the feed at once.
    await page.goto('/home');
    const card = page.getByRole('article', { name: `Post by ${newFirst} Reyes` }).filter({ hasText: text });
    await expect(card).toBeVisible();
    await expect(card.locator('img').first()).toHaveAttribute('src', /./);
    await keepScreenshot(page, 'profile-edit-feed');

    // And the profile header too.
    await openOwnProfile(page, `${newFirst} Reyes`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`${newFirst} Reyes`) })).toBeVisible();
    await expect(page.getByText('Selling my dorm fridge.')).toBeVisible();
  });
});

test.describe('profile photo removal', () => {
  test("Remove photo says 'Removing photo...' until the server answers, then the profile is no longer set up", async ({
    page,
    baseURL,
  }) => {
    const member = await freshMember(page, baseURL ?? '');
    // Hold the removal until its waiting state has been seen (no timing guesses).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/me/photo', async (route) => {
      if (route.request().method() === 'DELETE') await held;
      await route.continue();
    });
    await page.goto('/profile/edit');
    await expect(page.getByRole('img', { name: 'Your profile photo' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove photo' }).click();
    const removing = page.getByRole('button', { name: 'Removing photo...' });
    await expect(removing).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Change photo', exact: true }).last()).toBeDisabled();
    await keepScreenshot(page, 'profile-edit-removing-photo');
    release();
    await expect(alertWith(page, 'Profile Updated')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove photo' })).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Your profile photo' })).toHaveCount(0);

    // No photo, no finished profile: the profile offers set-up again.
    await page.goto(`/${member.username}`);
    await expect(page.getByRole('link', { name: 'Set up profile' })).toBeVisible();
  });
});

test.describe('settings menu', () => {
  test('a visitor sees the logged-out menu; /settings opens About on wide screens and the menu on phones', async ({
    page,
  }) => {
    await page.goto('/settings');
    const menu = page.getByRole('navigation', { name: 'Settings' });
    if (isMobile()) {
      await expect(page).toHaveURL(/\/settings$/);
    } else {
      await expect(page).toHaveURL(/\/settings\/about$/);
    }
    await expect(menu.getByRole('link', { name: 'Log In / Sign Up' })).toHaveAttribute('href', '/user_registration');
    for (const name of ['Customer Support', 'Give Us Feedback', 'About', 'Privacy Policy', 'Terms of Service']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    for (const name of ['Account Settings', 'Log Out', 'Manage Ads', 'Payments']) {
      await expect(menu.getByRole('link', { name })).toHaveCount(0);
    }
    await expectAccessible(page);
    await keepScreenshot(page, 'settings-logged-out');
  });

  test('a member: /settings opens Account on wide screens; on phones the back button carries the unread count', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const origin = baseURL ?? '';
    const member = await freshMember(page, origin);
    await createPost(page, origin, `Desk lamp ${uniqueTag()}`);
    const mine = (await (await page.request.get(`/api/profiles/${member.username}/posts`)).json()) as {
      posts: { id: string }[];
    };
    const postId = mine.posts[0]?.id ?? '';

    // Someone else saves the post: one unread notification.
    const otherContext = await browser.newContext({ baseURL: origin });
    const otherPage = await otherContext.newPage();
    await freshMember(otherPage, origin);
    const like = await otherPage.request.post(`/api/posts/${postId}/like`, { headers: { origin } });
    expect(like.ok(), await like.text()).toBe(true);
    await otherContext.close();

    await page.goto('/settings');
    const menu = page.getByRole('navigation', { name: 'Settings' });
    await expect(menu.getByRole('link', { name: 'Account Settings' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Log Out' })).toBeVisible();
    if (!isMobile()) {
      await expect(page).toHaveURL(/\/settings\/account$/);
      await keepScreenshot(page, 'settings-menu-member');
      return;
    }
    await expect(page).toHaveURL(/\/settings$/);
    await keepScreenshot(page, 'settings-menu-member');
    await menu.getByRole('link', { name: 'Account Settings' }).click();
    const back = page.getByRole('link', { name: /^Back/ });
    await expect(back).toBeVisible();
    await expect(back.getByText('1 unread notifications and messages')).toBeAttached();
    await expect(back.getByText('1', { exact: true })).toBeVisible();
    await keepScreenshot(page, 'settings-account-badge');
    await back.click();
    await expect(page).toHaveURL(/\/settings$/);
  });
});

test.describe('settings > account', () => {
  test('a member changes username, phone, gender and birth date, a bad value first each', async ({
    page,
    baseURL,
    expectFailedRequest,
  }) => {
    test.slow();
    // 'averycarter' is held: the server refuses it with 409.
    expectFailedRequest(409, '/api/me/username');
    const member = await freshMember(page, baseURL ?? '');
    await page.goto('/settings/account');
    const rows = page.getByRole('list').filter({ hasText: 'Account created' });
    const row = (label: string) => rows.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
    await expect(row('Username')).toContainText(`@${member.username}`);
    await expect(row('Password')).toContainText('Change your password (not available)');
    await expect(row('Email')).toContainText(member.email);
    await expect(row('Phone')).toContainText('click to add');
    await expect(row('School Email')).toContainText('@ou.edu');
    await expect(row('Verified')).toContainText('Yes');
    await expect(row('Gender')).toContainText('None');
    await expect(row('Birth date')).toContainText('None');
    await expectAccessible(page);
    await keepScreenshot(page, 'settings-account');

    // Username: too short, taken, then a free one.
    await row('Username').getByRole('link').click();
    await expect(page).toHaveURL(/\/settings\/account\/screen_name$/);
    const username = page.getByLabel('Username');
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    // Emptied: the spec's message on leaving the field and on Save, not only a disabled Save (docs/decisions/030-feed-ads-and-rough-edges.md).
    await username.fill('');
    await username.blur();
    await expect(page.getByText('Username is required.')).toBeVisible();
    await save.click();
    await expect(page.getByText('Username is required.')).toBeVisible();
    await keepScreenshot(page, 'settings-username-required');
    await username.fill('abc');
    await save.click();
    await expect(page.getByText('Must be longer than 4 characters.')).toBeVisible();
    await username.fill('AveryCarter');
    await save.click();
    await expect(page.getByText('That username has been taken.')).toBeVisible();
    await keepScreenshot(page, 'settings-username');
    const newUsername = `sam_${member.firstName.slice(5)}${isMobile() ? 'm' : 'd'}`;
    await username.fill(newUsername);
    await save.click();
    await expect(alertWith(page, 'Profile Updated')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/account$/);
    await expect(row('Username')).toContainText(`@${newUsername}`);

    // Phone: not a number, then a good one.
    await row('Phone').getByRole('link').click();
    const phone = page.getByLabel('Phone');
    await phone.fill('12');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Invalid phone #')).toBeVisible();
    await phone.fill('+14055550123');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(row('Phone')).toContainText('+14055550123');

    // Gender: Save with nothing chosen says 'Must select a gender' (docs/decisions/030-feed-ads-and-rough-edges.md).
    await row('Gender').getByRole('link').click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Must select a gender')).toBeVisible();
    await page.getByLabel('Gender').selectOption('female');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(row('Gender')).toContainText('Female');
    await row('Gender').getByRole('link').click();
    await page.getByLabel('Gender').selectOption('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Must select a gender')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Back', exact: true }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/settings\/account$/);

    // Birth date: the month alone is not enough.
    await row('Birth date').getByRole('link').click();
    await page.getByLabel('Month').selectOption('3');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please fill in all the fields')).toBeVisible();
    await keepScreenshot(page, 'settings-birth-date');
    // A date that does not exist is refused (docs/decisions/030-feed-ads-and-rough-edges.md): February 31, 2001.
    await page.getByLabel('Month').selectOption('2');
    await page.getByLabel('Day').selectOption('31');
    await page.getByLabel('Year').selectOption('2001');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText("That date doesn't exist.")).toBeVisible();
    await keepScreenshot(page, 'settings-birth-date-not-real');
    // The server refuses it too, and keeps nothing.
    const direct = await page.request.put('/api/me/birth-date', {
      data: { month: 2, day: 31, year: 2001 },
      headers: { origin: baseURL ?? '' },
    });
    expect(direct.status()).toBe(400);
    expect((await direct.json()).message).toBe("That date doesn't exist.");
    await page.getByLabel('Month').selectOption('3');
    await page.getByLabel('Day').selectOption('14');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(row('Birth date')).toContainText('March 14, 2001');
    await keepScreenshot(page, 'settings-account-after');
  });

  test('a member changes their password and signs in with the new one', async ({
    page,
    baseURL,
    expectFailedRequest,
  }) => {
    // A wrong current password is refused with 400.
    expectFailedRequest(400, '/api/me/password');
    const member = await freshMember(page, baseURL ?? '');
    await page.goto('/settings/account');
    await page.getByRole('link', { name: /Password/ }).click();
    await expect(page).toHaveURL(/\/settings\/account\/password$/);
    const current = page.getByLabel('Current password', { exact: true });
    const next = page.getByLabel('New password', { exact: true });
    const repeat = page.getByLabel('Repeat new password', { exact: true });
    const save = page.getByRole('button', { name: 'Save' });

    // Empty fields say what they need, on Save and on leaving them (docs/decisions/030-feed-ads-and-rough-edges.md).
    await save.click();
    await expect(page.getByText('Current password required')).toBeVisible();
    await expect(page.getByText('Please enter a new password')).toBeVisible();
    await expect(page.getByText('Must re-enter new password')).toBeVisible();
    await keepScreenshot(page, 'settings-password-required');
    await page.reload();
    await repeat.focus();
    await repeat.blur();
    await expect(page.getByText('Must re-enter new password')).toBeVisible();
    await expect(page.getByText('Current password required')).toHaveCount(0);

    await next.fill('newpass99');
    await save.click();
    await expect(page.getByText('Current password required')).toBeVisible();
    await current.fill(PASSWORD);
    await repeat.fill('newpass98');
    await save.click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await next.fill('abc');
    await repeat.fill('abc');
    await save.click();
    await expect(page.getByText('Passwords must be 6+ characters')).toBeVisible();
    await current.fill('wrongpass1');
    await next.fill('newpass99');
    await repeat.fill('newpass99');
    await save.click();
    await expect(page.getByText('Invalid password.')).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'settings-password');

    await current.fill(PASSWORD);
    await save.click();
    await expect(alertWith(page, 'Account Updated!')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/account$/);

    // The new password signs in; the old one no longer does.
    const old = await page.request.post('/api/auth/sign-in/email', {
      data: { email: member.email, password: PASSWORD },
      headers: { origin: baseURL ?? '', 'x-forwarded-for': randomVisitorIp() },
    });
    expect(old.ok()).toBe(false);
    await signIn(page, baseURL ?? '', member.email, 'newpass99');
  });

  test('a member changes their email with the code sent to the new address', async ({
    page,
    baseURL,
    expectFailedRequest,
  }) => {
    // Avery's address is taken (409) and a wrong code is refused (400).
    expectFailedRequest(409, '/api/me/email/code');
    expectFailedRequest(400, '/api/me/email/verify');
    const member = await freshMember(page, baseURL ?? '');
    await page.goto('/settings/account');
    await page.getByRole('link', { name: /^Email/ }).click();
    await expect(page).toHaveURL(/\/settings\/account\/email$/);
    const field = page.getByLabel('New email');
    const send = page.getByRole('button', { name: 'Send code' });
    await field.fill(member.email.toUpperCase());
    await send.click();
    await expect(page.getByText('Enter a new email')).toBeVisible();
    await field.fill('not-an-email');
    await send.click();
    await expect(page.getByText('Invalid email address!')).toBeVisible();
    await field.fill(AVERY);
    await send.click();
    await expect(page.getByText('That email is taken.')).toBeVisible();
    await keepScreenshot(page, 'settings-email');

    const newEmail = `moved.${member.email}`;
    await field.fill(newEmail);
    await send.click();
    await expect(page).toHaveURL(/\/settings\/account\/verify_email\?email=/);
    const code = await codeFor(page, newEmail);
    const codeField = page.getByLabel('Enter code');
    await codeField.fill(code === '0000' ? '1111' : '0000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Your code was incorrect. Please try again.')).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'settings-verify-email');
    await codeField.fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    // Back on /settings/account/email (docs/product/profiles.md#email-change) with the stored success alert; the new address is the sign-in one.
    await expect(alertWith(page, 'Account Updated!')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/account\/email$/);
    await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
    await page.goto('/settings/account');
    await expect(page.getByText(newEmail, { exact: true })).toBeVisible();

    // The new address signs in.
    await signIn(page, baseURL ?? '', newEmail);
  });
});
