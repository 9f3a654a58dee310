import { holdEarlyClicks } from './app/early-clicks.ts';
import { afterFirstPaint, fetchCodeAfterPaint } from './app/first-paint.ts';
import './styles/tokens.css';
import './styles/global.css';

/**
 * The entry is only this boot (about 1 KB): the app itself (app/start.tsx) is one dynamic
 * import. On a page the server drew, the app is loaded after the page has been painted, and
 * clicks in the meantime are held (decision 027); any other page loads it at once.
 */
async function boot(container: HTMLElement) {
  if (!container.hasAttribute('data-server-rendered')) {
    const { startApp } = await import('./app/start.tsx');
    return startApp(container);
  }
  const clicks = holdEarlyClicks(container);
  await afterFirstPaint(container);
  fetchCodeAfterPaint();
  const { startApp } = await import('./app/start.tsx');
  return startApp(container, clicks);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void boot(container);
