import { expect, type Page } from '@playwright/test';

/**
 * The chat screens as a person sees them (docs/product/messages.md#inbox-and-chat), shared by
 * e2e/messages.spec.ts and the cluster test's browser journey (scripts/cluster/cluster.spec.ts),
 * which drives the same screens through nginx. Only Playwright's own `expect` here, no test
 * fixtures: the cluster test runs under vitest.
 */

/** A message in the open chat. */
export const bubble = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text });

/** The navigation that carries the badges: the side nav on wide screens, the tab bar on phones. */
export const badgeNav = (page: Page) =>
  (page.viewportSize()?.width ?? 1280) <= 769
    ? page.getByRole('navigation', { name: 'Tabs' })
    : page.getByRole('navigation', { name: 'Main' });

/** The Messages link of the badge navigation (its name carries the unread badge). */
export const messagesLink = (page: Page) => badgeNav(page).getByRole('link', { name: /Messages/ });

export const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Write a message' });

/** A conversation's row in the inbox, by the other person's name. */
export const inboxRow = (page: Page, name: string | RegExp) => page.getByRole('link', { name });

/** Send Message on a post's page: the chat opens; answers its path. */
export async function startChatFromPost(page: Page, otherName: string): Promise<string> {
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/messages\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('region', { name: `Conversation with ${otherName}` })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** Types a message in the open chat and sends it with Enter: the box empties, the bubble shows. */
export async function sendInChat(page: Page, text: string): Promise<void> {
  const box = messageBox(page);
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(bubble(page, text)).toBeVisible();
}
