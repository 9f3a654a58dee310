import type { Page } from '@playwright/test';

/**
 * The page's event stream as Chromium sees it (DevTools Protocol): the stream opens after the
 * document loads, and what happens before it is ready is never announced to it. Call before
 * the page loads.
 */
export async function watchStream(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const names: string[] = [];
  cdp.on('Network.eventSourceMessageReceived', (message) => names.push(message.eventName));
  return {
    /** How many times a stream said `ready` (one per page load). */
    readies: () => names.filter((name) => name === 'ready').length,
  };
}
