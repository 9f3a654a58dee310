import { holdEarlyActions } from './app/early-actions.ts';
import { afterFirstPaint, fetchCodeAfterPaint } from './app/first-paint.ts';
import './styles/tokens.css';
import './styles/global.css';

/**
 * The entry is only this boot (1.7 KB gzip): the app itself (app/start.tsx) is one dynamic
 * import. On a page the server drew, the app is loaded after the page has been painted, and
 * clicks, forms sent and focus in the meantime are held (decision 027); any other page loads it
 * at once.
 */
async function boot(container: HTMLElement) {
  const drawn = container.hasAttribute('data-server-rendered');
  const actions = drawn ? holdEarlyActions(container) : undefined;
  if (drawn) {
    await afterFirstPaint(container);
    fetchCodeAfterPaint();
  }
  const { startApp } = await import('./app/start.tsx');
  return startApp(container, actions);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void boot(container);
